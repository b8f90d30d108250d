import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useEffect } from 'react';
import { isCancelled } from '../../../app/api-errors';
import { notify } from '../../../components/toaster';
import {
  BookingOptionsDocument,
  ManagedBookingsDocument,
  ManagedCampaignsDocument,
  ManagedCreativesDocument,
  ManagedImpressionTagsDocument,
  ManagedSiteTagsDocument,
  RecordSummaryDocument,
} from '../../../gql/graphql';
import { TEXTS } from '../texts';

/**
 * One list of a client's records. Failures are the screen's own message (spec 8: 'Unable to retrieve
 * {entities}. Please try again.'), shown once as a toast and in the grid.
 */
function useList<TData, K extends keyof TData>(
  document: TypedDocumentNode<TData, { customer_id: number }>,
  key: K,
  customerId: number | null,
  entities: string,
) {
  const { data, loading, error, refetch } = useQuery(document, {
    variables: { customer_id: customerId ?? 0 },
    skip: customerId === null,
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  const failed = !!error && !isCancelled(error);
  useEffect(() => {
    if (failed) notify('error', TEXTS.unableToRetrieve(entities));
  }, [failed, entities]);
  const rows = (data?.[key] ?? []) as TData[K];
  return {
    rows,
    loading: loading && !data,
    error: failed && !data ? TEXTS.unableToRetrieve(entities) : undefined,
    refetch,
  };
}

export const useCampaigns = (customerId: number | null) =>
  useList(ManagedCampaignsDocument, 'campaigns', customerId, 'campaigns');
export const useBookings = (customerId: number | null) =>
  useList(ManagedBookingsDocument, 'bookings', customerId, 'bookings');
export const useCreatives = (customerId: number | null) =>
  useList(ManagedCreativesDocument, 'creatives', customerId, 'creatives');
export const useImpressionTags = (customerId: number | null) =>
  useList(ManagedImpressionTagsDocument, 'impressionTags', customerId, 'impression tags');
export const useSiteTags = (customerId: number | null) =>
  useList(ManagedSiteTagsDocument, 'siteTags', customerId, 'site tags');

/** What the booking form may offer this user for this client (spec 6). */
export function useBookingOptions(customerId: number) {
  const { data, loading, error } = useQuery(BookingOptionsDocument, {
    variables: { customer_id: customerId },
    fetchPolicy: 'cache-and-network',
  });
  return { options: data?.bookingOptions, loading: loading && !data, error };
}

/** Every list a save can change: bookings show campaign names, tags show booking and creative names. */
export const RECORD_QUERIES = [
  'ManagedCampaigns',
  'ManagedBookings',
  'ManagedCreatives',
  'ManagedImpressionTags',
  'ManagedSiteTags',
  'RecordSummary',
];

/**
 * The tabs' cards (spec 2), counted by the server from the same rows as the lists; a save refetches
 * them with the lists (RECORD_QUERIES). Unavailable cards show '-'.
 */
export function useRecordSummary(customerId: number) {
  const { data, loading } = useQuery(RecordSummaryDocument, {
    variables: { customer_id: customerId },
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  return { summary: data?.recordSummary, loading: loading && !data };
}
