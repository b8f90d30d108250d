import type { OverviewRowsQuery } from '../../gql/graphql';

export type OverviewRow = OverviewRowsQuery['dashboardSummary'][number];

/** Overview tag issue: a booking whose site tag pinged fewer than 100 times (spec 4, 9). */
export const TAG_ISSUE_BELOW = 100;
export const hasTagIssue = (row: Pick<OverviewRow, 'ping_count'>) => row.ping_count < TAG_ISSUE_BELOW;

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
