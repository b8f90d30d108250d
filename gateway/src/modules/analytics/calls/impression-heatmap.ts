import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { ratio } from '../metrics';
import { dashboardCall, noSummary } from './call';

export const DAYPART_NAMES = ['Night', 'Breakfast', 'Morning', 'Lunch', 'Afternoon', 'Access', 'Peak', 'Off-Peak'];
/** Heatmap columns Sun..Sat; weekday numbers are 1 Monday .. 7 Sunday. */
export const WEEKDAY_COLUMNS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const HeatmapRow = z
  .object({
    time: z.string().describe('Daypart name'),
    Sun: z.number(),
    Mon: z.number(),
    Tue: z.number(),
    Wed: z.number(),
    Thu: z.number(),
    Fri: z.number(),
    Sat: z.number(),
    Total: z.number(),
  })
  .meta({ id: 'HeatmapRow' });
export type HeatmapRow = z.infer<typeof HeatmapRow>;
const Heatmaps = z
  .object({ impressions: z.array(HeatmapRow), webhits: z.array(HeatmapRow), response_ratio: z.array(HeatmapRow) })
  .meta({ id: 'Heatmaps' });

const emptyGrid = (): number[][] => DAYPART_NAMES.map(() => new Array<number>(8).fill(0));

function toRows(grid: number[][]): HeatmapRow[] {
  return grid.map((cells, i) => {
    const row = { time: DAYPART_NAMES[i] } as HeatmapRow;
    WEEKDAY_COLUMNS.forEach((c, w) => (row[c] = cells[w]));
    row.Total = cells.slice(0, 7).reduce((a, b) => a + b, 0);
    return row;
  });
}

/**
 * docs/design.md#visits-and-attribution: impressions by the impression's daypart x weekday; webhits by the activating touch's;
 * response_ratio per cell, and total webhits / total impressions in the Total column.
 */
export async function impressionHeatmap(data: DashboardData) {
  const [slots, responses] = await Promise.all([data.impressions(), data.responses()]);
  const imp = emptyGrid();
  const hits = emptyGrid();
  for (const s of slots.bySlot) imp[s.daypart - 1][s.weekday % 7] += s.impressions;
  for (const r of responses.byTouch) hits[r.daypart - 1][r.weekday % 7] += r.responses;
  const impressions = toRows(imp);
  const webhits = toRows(hits);
  const response_ratio = impressions.map((row, i) => {
    const out = { time: row.time } as HeatmapRow;
    for (const c of WEEKDAY_COLUMNS) out[c] = ratio(webhits[i][c], row[c]);
    out.Total = ratio(webhits[i].Total, row.Total);
    return out;
  });
  return { table_data: { impressions, webhits, response_ratio }, summary_data: {} };
}

export const impressionHeatmapCall = dashboardCall({
  name: 'impression_heatmap',
  description: 'Impressions, responses and their ratio by daypart (rows) and weekday (columns).',
  table_data: Heatmaps,
  summary_data: noSummary,
  compute: impressionHeatmap,
});
