import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { datesOf } from '../filters/dates';
import { pearson } from '../metrics';
import { dashboardCall } from './call';

export const ResponsesOverTimeRow = z
  .object({ Date: z.string(), Total_Impressions: z.number(), Same_Day: z.number(), Total_Responses: z.number() })
  .meta({ id: 'ResponsesOverTimeRow' });
export type ResponsesOverTimeRow = z.infer<typeof ResponsesOverTimeRow>;
const CorrelationSummary = z.object({ correlation: z.number() }).meta({ id: 'CorrelationSummary' });

/** docs/design.md#visits-and-attribution: every local date of the range (zeros included); Same_Day = delay <= S (24 h by default). */
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
    if (r.sameDay) row.Same_Day += r.responses;
  }
  const table_data = [...rows.values()];
  const correlation = pearson(
    table_data.map((r) => r.Total_Impressions),
    table_data.map((r) => r.Total_Responses),
  );
  return { table_data, summary_data: { correlation } };
}

export const responsesOverTimeCall = dashboardCall({
  name: 'responses_over_time',
  description:
    'Per local date of the range: impressions, responses and same-day responses; the correlation of impressions and responses.',
  table_data: z.array(ResponsesOverTimeRow),
  summary_data: CorrelationSummary,
  compute: responsesOverTime,
  // Rows pair by day offset on the client (the chart's overlay); the correlation has no good direction.
  compare: { summary: { correlation: 'neutral' } },
});
