import { useQuery } from '@apollo/client/react';
import { AdminSummaryDocument } from '../../../gql/graphql';

/**
 * The tabs' cards (spec 2), counted by the server from the same rows as the lists; saves and removals
 * refetch it with them ('AdminSummary'). Unavailable cards show '-'.
 */
export function useAdminSummary() {
  const { data, loading } = useQuery(AdminSummaryDocument, {
    context: { silent: true },
    fetchPolicy: 'cache-and-network',
  });
  return { summary: data?.adminSummary, loading: loading && !data };
}
