import type { OverviewRowsQuery } from '../../gql/graphql';

export type OverviewRow = OverviewRowsQuery['dashboardSummary'][number];

/** Overview tag issue (spec 4, 9): the server owns the threshold and answers the flag. */
export const hasTagIssue = (row: Pick<OverviewRow, 'tag_issue'>) => row.tag_issue;

/**
 * Card figures. The server computes each row (spend included); the cards only add the rows up,
 * and active bookings is the number of rows (spec 9).
 */
export function overviewTotals(rows: readonly OverviewRow[]) {
  return {
    impressions: rows.reduce((sum, r) => sum + r.impressions, 0),
    spend: rows.reduce((sum, r) => sum + r.spend, 0),
    activeBookings: rows.length,
    tagIssues: rows.filter(hasTagIssue).length,
  };
}
