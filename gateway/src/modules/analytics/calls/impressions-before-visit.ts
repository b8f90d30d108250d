import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { meanViews, viewsFor80Percent } from '../metrics';
import { dashboardCall } from './call';

export const ImpressionsBeforeVisitRow = z
  .object({ Views: z.number().int(), Impressions_Before_Visit: z.number() })
  .meta({ id: 'ImpressionsBeforeVisitRow' });
export type ImpressionsBeforeVisitRow = z.infer<typeof ImpressionsBeforeVisitRow>;
const ImpressionsBeforeVisitSummary = z
  .object({ Views_for_80_Percent: z.number(), Total_Views_Occurrence: z.number() })
  .meta({ id: 'ImpressionsBeforeVisitSummary' });

/** docs/design.md#visits-and-attribution: responses per number of views (Views descending), the 80% point and the mean. */
export async function impressionsBeforeVisit(data: DashboardData) {
  const counts = new Map<number, number>();
  for (const r of (await data.responses()).byDay) counts.set(r.views, (counts.get(r.views) ?? 0) + r.responses);
  const table_data: ImpressionsBeforeVisitRow[] = [...counts.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([Views, Impressions_Before_Visit]) => ({ Views, Impressions_Before_Visit }));
  return {
    table_data,
    summary_data: { Views_for_80_Percent: viewsFor80Percent(counts), Total_Views_Occurrence: meanViews(counts) },
  };
}

export const impressionsBeforeVisitCall = dashboardCall({
  name: 'impressions_before_visit',
  description: 'Responses by the number of impressions the household saw before the visit; the 80% point and the mean.',
  table_data: z.array(ImpressionsBeforeVisitRow),
  summary_data: ImpressionsBeforeVisitSummary,
  compute: impressionsBeforeVisit,
});
