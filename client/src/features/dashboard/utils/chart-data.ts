/**
 * Shaping of API rows for charts: ordering, thinning and scaling for display only. Every number
 * itself comes from the server (DESIGN: the client formats).
 */

/** At most about 15 date ticks; beyond that every nth date (spec 2). */
export const MAX_DATE_TICKS = 15;
export function thinTicks<T>(values: readonly T[], max = MAX_DATE_TICKS): T[] {
  if (values.length <= max) return [...values];
  const step = Math.ceil(values.length / max);
  return values.filter((_, i) => i % step === 0);
}

/** Impressions before visit: only views up to 7, highest views first (spec 2). */
export const MAX_VIEWS = 7;
export function viewsShown<T extends { Views: number }>(rows: readonly T[]): T[] {
  return rows.filter((r) => r.Views <= MAX_VIEWS).sort((a, b) => b.Views - a.Views);
}

/** Data coverage of the shown rows: their impressions against all rows' (spec 2 tooltip). */
export function coverage(shown: readonly { Impressions_Before_Visit: number }[], all: typeof shown): number {
  const total = all.reduce((s, r) => s + r.Impressions_Before_Visit, 0);
  return total === 0 ? 0 : shown.reduce((s, r) => s + r.Impressions_Before_Visit, 0) / total;
}

/** Ranked bars: axis maximum 1.1 times the largest value, 100 when there is none (spec 2/9). */
export const rankedAxisMax = (values: readonly number[]) => {
  const top = Math.max(0, ...values);
  return top > 0 ? top * 1.1 : 100;
};

/** Category bars: at least 400px, or 45px per bar (spec 2). */
export const categoryHeight = (bars: number) => Math.max(400, 45 * bars);

/** Gauges clamp their value between 0 and their maximum (spec 2). */
export const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Number.isFinite(value) ? value : 0));

/** Correlation labels: Weak below 0.4, Moderate below 0.7, Strong from 0.7 (spec 2/9). */
export const CORRELATION_LABELS = ['Weak', 'Moderate', 'Strong'] as const;
export const correlationLabel = (r: number) => (r < 0.4 ? 'Weak' : r < 0.7 ? 'Moderate' : 'Strong');

/** Heatmap cell opacity from 0.1 (smallest) to 0.9 (largest) (spec 2). */
export function heatOpacity(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return 0.1;
  return 0.1 + 0.8 * Math.min(1, value / max);
}

/** Map circles: radius square root of responses divided by 2 (spec 9). */
export const circleRadius = (responses: number) => Math.sqrt(Math.max(0, responses)) / 2;

/** The reach frequency chart's height (its place is held at that height until it is drawn). */
export const FREQUENCY_HEIGHT = 300;

/** A frequency's label on the reach chart and its table: "1" … "9", "10+". */
export const frequencyLabel = (k: number) => (k >= 10 ? '10+' : String(k));

/** The attribution what-if chart's height (docs/design.md#attribution-what-if). */
export const WHAT_IF_HEIGHT = 280;

/** A touch window of the what-if, from its hours: "1 h", "6 h", "1 d", "7 d", "30 d" (whole days as days). */
export const windowLabel = (hours: number) => (hours % 24 === 0 ? `${hours / 24} d` : `${hours} h`);
