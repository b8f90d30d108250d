import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { windowsIn } from '../filters/filter';
import { ratio } from '../metrics';
import { dashboardCall } from './call';

/** The touch window every number is computed under today (docs/design.md#visits-and-attribution: 7 x 24 h). */
export const CURRENT_TOUCH_WINDOW_HOURS = 168;

export const AttributionWhatIfRow = z
  .object({
    Window_Hours: z.number().int().describe('The touch window W, in hours (1, 6, 24, 48, 72, 168, 336, 720)'),
    Total_Responses: z.number().int().describe('Responses there would be under W'),
    Response_Rate: z.number().describe('Total_Responses / Actual_Impressions (a fraction; 0 without impressions)'),
    Current_CPR: z.number().describe('Cost per visit: Ad_Spend / Total_Responses (0 without responses)'),
  })
  .meta({ id: 'AttributionWhatIfRow' });
export type AttributionWhatIfRow = z.infer<typeof AttributionWhatIfRow>;

export const AttributionWhatIfData = z
  .object({
    Current_Window_Hours: z.number().int().describe('The touch window every other figure is computed under'),
    Actual_Impressions: z.number().int().describe('|I(F)|, the same at every W'),
    Ad_Spend: z.number().describe('Ad_Spend of I(F), the same at every W'),
  })
  .meta({ id: 'AttributionWhatIfData' });
export type AttributionWhatIfData = z.infer<typeof AttributionWhatIfData>;

/**
 * docs/design.md#attribution-what-if: impression_summary's responses, response rate and cost per visit rerun
 * at each touch window of the list, from the stored events. At the current window they are impression_summary's.
 */
export async function attributionWhatIf(data: DashboardData) {
  const [impressions, points] = await Promise.all([data.impressions(), data.whatIf()]);
  const total = impressions.byCell.reduce((a, r) => a + r.impressions, 0);
  const spend = impressions.byCell.reduce((a, r) => a + r.spend, 0);
  const table_data: AttributionWhatIfRow[] = points.map((p) => ({
    Window_Hours: p.hours,
    Total_Responses: p.responses,
    Response_Rate: ratio(p.responses, total),
    Current_CPR: ratio(spend, p.responses),
  }));
  const summary_data: AttributionWhatIfData = {
    Current_Window_Hours: windowsIn(data.filter).touchWindowHours,
    Actual_Impressions: total,
    Ad_Spend: spend,
  };
  return { table_data, summary_data };
}

export const attributionWhatIfCall = dashboardCall({
  name: 'attribution_what_if',
  description:
    'Responses, response rate and cost per visit the filtered range would have under each touch window (1 hour to 30 days), and the window in use.',
  table_data: z.array(AttributionWhatIfRow),
  summary_data: AttributionWhatIfData,
  compute: attributionWhatIf,
});
