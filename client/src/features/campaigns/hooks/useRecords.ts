import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useRecordQuery } from '../../../components/RecordTab';
import {
  BookingOptionsDocument,
  ManagedBookingsDocument,
  ManagedCampaignsDocument,
  ManagedCreativesDocument,
  ManagedImpressionTagsDocument,
  ManagedSiteTagsDocument,
  RecordSummaryDocument,
} from '../../../gql/graphql';

/** One list of a client's records; a failure is a toast and the grid's message (spec 8). */
function useList<TData, K extends keyof TData>(
  document: TypedDocumentNode<TData, { customer_id: number }>,
  key: K,
  customerId: number | null,
  entities: string,
) {
  return useRecordQuery(document, {
    entities,
    select: (data) => data[key] as readonly (TData[K] extends readonly (infer R)[] ? R : never)[],
    variables: { customer_id: customerId ?? 0 },
    skip: customerId === null,
    fetchPolicy: 'cache-and-network',
    toast: true,
  });
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
  const { data, loading, refetch } = useQuery(RecordSummaryDocument, {
    variables: { customer_id: customerId },
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  return { summary: data?.recordSummary, loading: loading && !data, refetch };
}
