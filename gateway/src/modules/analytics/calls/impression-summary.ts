import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { ratio } from '../metrics';
import { dashboardCall, noRows } from './call';

export const ImpressionSummaryData = z
  .object({
    Ad_Spend: z.number(),
    Actual_Impressions: z.number(),
    Total_Responses: z.number(),
    CPM_Actual: z.number(),
    Response_Rate: z.number(),
    Current_CPR: z.number(),
  })
  .meta({ id: 'ImpressionSummaryData' });
export type ImpressionSummaryData = z.infer<typeof ImpressionSummaryData>;

/** docs/design.md#visits-and-attribution: the six headline figures. */
export async function impressionSummary(data: DashboardData) {
  const t = await data.totals();
  const summary_data: ImpressionSummaryData = {
    Ad_Spend: t.spend,
    Actual_Impressions: t.impressions,
    Total_Responses: t.responses,
    CPM_Actual: ratio(t.spend, t.impressions) * 1000,
    Response_Rate: ratio(t.responses, t.impressions),
    Current_CPR: ratio(t.spend, t.responses),
  };
  return { table_data: [] as never[], summary_data };
}

export const impressionSummaryCall = dashboardCall({
  name: 'impression_summary',
  description:
    'Headline figures of the filtered range: spend, impressions, responses, CPM, response rate, cost per response.',
  table_data: noRows,
  summary_data: ImpressionSummaryData,
  compute: impressionSummary,
  // Spend has no good direction (a bigger flight is not better or worse); cost figures should fall.
  compare: {
    summary: {
      Ad_Spend: 'neutral',
      Actual_Impressions: 'up',
      Total_Responses: 'up',
      CPM_Actual: 'down',
      Response_Rate: 'up',
      Current_CPR: 'down',
    },
  },
});
