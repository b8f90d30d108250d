import { HEATMAP_COLUMNS, HEATMAP_DAYS } from '@infinitum/rules';

/** Heatmap columns of spec 9 (Sun..Sat plus Total), shared with the workbook. */
export { HEATMAP_COLUMNS, HEATMAP_DAYS };

export type HeatmapRow = { time: string } & Record<(typeof HEATMAP_COLUMNS)[number], number>;

/** The largest day cell, which gets opacity 0.9 (Totals are not shaded). */
export const heatMax = (rows: readonly HeatmapRow[]) =>
  Math.max(0, ...rows.flatMap((r) => HEATMAP_DAYS.map((d) => r[d])));

/** The % view of a count heatmap: each cell's share of the table's total (display scaling only). */
export function shareOfTotal(value: number, rows: readonly HeatmapRow[]): number {
  const total = rows.reduce((s, r) => s + r.Total, 0);
  return total === 0 ? 0 : value / total;
}
