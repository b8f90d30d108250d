import type { DashboardData } from '../dashboard-data';
import { meanViews, viewsFor80Percent } from '../metrics';

export interface ImpressionsBeforeVisitRow {
  Views: number;
  Impressions_Before_Visit: number;
}

/** DESIGN 4: responses per number of views (Views descending), the 80% point and the mean. */
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
