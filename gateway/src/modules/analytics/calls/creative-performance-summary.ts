import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { byNumberDesc, ratio } from '../metrics';
import { dashboardCall, noSummary } from './call';
import { creativeFigures } from './creative-figures';

export const CreativePerformanceSummaryRow = z
  .object({
    Creative: z.string(),
    Duration: z.string(),
    Total_Impressions: z.number(),
    Ad_Spend: z.number(),
    Total_Responses: z.number(),
    Response_Rate_Percent: z.number(),
    Current_CPR: z.number(),
  })
  .meta({ id: 'CreativePerformanceSummaryRow' });
export type CreativePerformanceSummaryRow = z.infer<typeof CreativePerformanceSummaryRow>;

/** docs/design.md#visits-and-attribution: per creative, sorted by credited responses (highest first). */
export async function creativePerformanceSummary(data: DashboardData) {
  const table_data: CreativePerformanceSummaryRow[] = (await creativeFigures(data))
    .map((c) => ({
      Creative: c.creative,
      Duration: c.duration,
      Total_Impressions: c.impressions,
      Ad_Spend: c.spend,
      Total_Responses: c.responses,
      Response_Rate_Percent: ratio(c.responses, c.impressions),
      Current_CPR: ratio(c.spend, c.responses),
    }))
    .sort(
      byNumberDesc(
        (r) => r.Total_Responses,
        (r) => r.Creative,
      ),
    );
  return { table_data, summary_data: {} };
}

export const creativePerformanceSummaryCall = dashboardCall({
  name: 'creative_performance_summary',
  description: 'Per creative: impressions, spend, responses, response rate and cost per response.',
  table_data: z.array(CreativePerformanceSummaryRow),
  summary_data: noSummary,
  compute: creativePerformanceSummary,
  compare: {
    rows: {
      key: (r) => r.Creative,
      figures: {
        Total_Impressions: 'up',
        Ad_Spend: 'neutral',
        Total_Responses: 'up',
        Response_Rate_Percent: 'up',
        Current_CPR: 'down',
      },
    },
  },
});
