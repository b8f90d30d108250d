import type { DashboardData } from '../dashboard-data';
import { datesOf } from '../dates';
import { pearson } from '../metrics';

export interface ResponsesOverTimeRow {
  Date: string;
  Total_Impressions: number;
  Same_Day: number;
  Total_Responses: number;
}

/** DESIGN 4: every local date of the range (zeros included); Same_Day = delay <= 24 h. */
export async function responsesOverTime(data: DashboardData) {
  const [impressions, responses] = await Promise.all([data.impressions(), data.responses()]);
  const rows = new Map<string, ResponsesOverTimeRow>(
    datesOf(data.filter.start, data.filter.end).map((d) => [
      d,
      { Date: d, Total_Impressions: 0, Same_Day: 0, Total_Responses: 0 },
    ]),
  );
  for (const r of impressions.byDate) {
    const row = rows.get(r.date);
    if (row) row.Total_Impressions += r.impressions;
  }
  for (const r of responses.byDay) {
    const row = rows.get(r.date);
    if (!row) continue;
    row.Total_Responses += r.responses;
    if (r.bucket <= 2) row.Same_Day += r.responses;
  }
  const table_data = [...rows.values()];
  const correlation = pearson(
    table_data.map((r) => r.Total_Impressions),
    table_data.map((r) => r.Total_Responses),
  );
  return { table_data, summary_data: { correlation } };
}
