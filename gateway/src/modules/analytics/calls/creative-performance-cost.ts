import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { byNumberDesc, ratio } from '../metrics';
import { dashboardCall, noSummary } from './call';
import { creativeFigures } from './creative-figures';

export const CreativePerformanceCostRow = z
  .object({ Creative: z.string(), Ad_Spend: z.number(), Total_Responses: z.number(), Current_CPR: z.number() })
  .meta({ id: 'CreativePerformanceCostRow' });
export type CreativePerformanceCostRow = z.infer<typeof CreativePerformanceCostRow>;

/** docs/design.md#visits-and-attribution: spend and cost per credited response per creative, sorted by spend (highest first). */
export async function creativePerformanceCost(data: DashboardData) {
  const table_data: CreativePerformanceCostRow[] = (await creativeFigures(data))
    .map((c) => ({
      Creative: c.creative,
      Ad_Spend: c.spend,
      Total_Responses: c.responses,
      Current_CPR: ratio(c.spend, c.responses),
    }))
    .sort(
      byNumberDesc(
        (r) => r.Ad_Spend,
        (r) => r.Creative,
      ),
    );
  return { table_data, summary_data: {} };
}

export const creativePerformanceCostCall = dashboardCall({
  name: 'creative_performance_cost',
  description: 'Per creative: spend, responses and cost per response.',
  table_data: z.array(CreativePerformanceCostRow),
  summary_data: noSummary,
  compute: creativePerformanceCost,
  compare: {
    rows: {
      key: (r) => r.Creative,
      figures: { Ad_Spend: 'neutral', Total_Responses: 'up', Current_CPR: 'down' },
    },
  },
});
