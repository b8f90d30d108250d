import { z } from 'zod';
import { DomainError } from '../../../shared/errors';
import type { DashboardData } from '../dashboard-data';
import { assertDateRange, dayFromNumber, dayNumber } from '../filters/dates';

/**
 * Period comparison (docs/design.md#period-comparison): the same filter over a second date range, and per
 * figure the change, absolute and percent, with whether that change is good for the user. The server
 * computes all of it; the client only formats.
 */

export const COMPARE_MODES = ['off', 'previous', 'year', 'custom'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** Which way a figure should move: `up` (more is better), `down` (less is better) or `neutral` (neither). */
export type Direction = 'up' | 'down' | 'neutral';

/** The resolved comparison range of a request. */
export interface CompareRange {
  mode: Exclude<CompareMode, 'off'>;
  start: string;
  end: string;
}

const invalid = (field: string, message: string) => new DomainError('VALIDATION', message, { [field]: message });

/** The same month and day one year earlier; 29 February becomes 28 February. */
export function yearEarlier(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The comparison range a payload asks for, or null (no `compare`, or `off`):
 * - `previous`: the same number of days, ending the day before `startdate`;
 * - `year`: the same dates one year earlier;
 * - `custom`: `compare_startdate`..`compare_enddate` (validated like the main range).
 */
export function compareRangeOf(
  input: { compare?: unknown; compare_startdate?: unknown; compare_enddate?: unknown },
  range: { start: string; end: string },
): CompareRange | null {
  const mode = input.compare ?? 'off';
  if (typeof mode !== 'string' || !(COMPARE_MODES as readonly string[]).includes(mode)) {
    throw invalid('compare', `compare must be one of ${COMPARE_MODES.join(', ')}`);
  }
  switch (mode as CompareMode) {
    case 'off':
      return null;
    case 'previous': {
      const days = dayNumber(range.end) - dayNumber(range.start) + 1;
      const start = dayNumber(range.start);
      return { mode: 'previous', start: dayFromNumber(start - days), end: dayFromNumber(start - 1) };
    }
    case 'year':
      return { mode: 'year', start: yearEarlier(range.start), end: yearEarlier(range.end) };
    case 'custom': {
      const { start, end } = assertDateRange(input.compare_startdate, input.compare_enddate, {
        start: 'compare_startdate',
        end: 'compare_enddate',
      });
      return { mode: 'custom', start, end };
    }
  }
}

/** One figure compared: its value in both ranges, the change, and whether the change is good. */
export const FigureChange = z
  .object({
    Metric: z.string().describe('The figure, named as in summary_data or the row'),
    Value: z.number().describe('In the selected range'),
    Compare_Value: z.number().describe('In the comparison range'),
    Change: z.number().describe('Value - Compare_Value'),
    Change_Percent: z
      .number()
      .nullable()
      .describe('Change / Compare_Value (a fraction); 0 when both are 0; null when only Compare_Value is 0'),
    Better: z.enum(['up', 'down', 'neutral']).describe('Which way the figure should move'),
    Verdict: z
      .enum(['better', 'worse', 'unchanged', 'neutral'])
      .describe('better / worse by Better; unchanged when Change is 0; neutral for a figure with no good direction'),
  })
  .meta({ id: 'FigureChange' });
export type FigureChange = z.infer<typeof FigureChange>;

export const RowChange = z
  .object({
    Key: z.string().describe("The row's name (creative description, site tag…)"),
    changes: z.array(FigureChange),
  })
  .meta({ id: 'RowChange' });
export type RowChange = z.infer<typeof RowChange>;

/** What a call compares: the direction of each summary figure, and how its rows pair up (by a name). */
export interface CompareSpec<Row = unknown> {
  summary?: Record<string, Direction>;
  rows?: { key: (row: Row) => string; figures: Record<string, Direction> };
}

export function figureChange(metric: string, value: number, compareValue: number, better: Direction): FigureChange {
  const change = value - compareValue;
  const percent = compareValue === 0 ? (value === 0 ? 0 : null) : change / compareValue;
  const verdict: FigureChange['Verdict'] =
    change === 0
      ? 'unchanged'
      : better === 'neutral'
        ? 'neutral'
        : change > 0 === (better === 'up')
          ? 'better'
          : 'worse';
  return {
    Metric: metric,
    Value: value,
    Compare_Value: compareValue,
    Change: change,
    Change_Percent: percent,
    Better: better,
    Verdict: verdict,
  };
}

const numberOf = (o: unknown, k: string): number => {
  const v = (o as Record<string, unknown> | undefined)?.[k];
  return typeof v === 'number' ? v : 0;
};

const has = (o: unknown, k: string): boolean => (o as Record<string, unknown> | undefined)?.[k] !== undefined;

/**
 * The changes of the summary figures (in the spec's order). An optional figure neither range has (Beyond_Week under a
 * touch window of a week or less) is left out.
 */
export function summaryChanges(spec: CompareSpec, current: unknown, previous: unknown): FigureChange[] {
  return Object.entries(spec.summary ?? {})
    .filter(([k]) => has(current, k) || has(previous, k))
    .map(([k, dir]) => figureChange(k, numberOf(current, k), numberOf(previous, k), dir));
}

/**
 * Row changes paired by the rows' names: every row of the selected range in its order, then the rows only
 * the comparison range has (a creative that stopped shows what it lost). A missing row counts as zeros.
 */
export function rowChanges(spec: CompareSpec, current: unknown, previous: unknown): RowChange[] {
  if (!spec.rows || !Array.isArray(current) || !Array.isArray(previous)) return [];
  const { key, figures } = spec.rows;
  const before = new Map(previous.map((r) => [key(r), r]));
  const keys = [...new Set([...current.map(key), ...previous.map(key)])];
  const now = new Map(current.map((r) => [key(r), r]));
  return keys.map((k) => ({
    Key: k,
    changes: Object.entries(figures).map(([f, dir]) =>
      figureChange(f, numberOf(now.get(k), f), numberOf(before.get(k), f), dir),
    ),
  }));
}

/** The `comparison` part of a call's answer. */
export function comparisonShape(name: string, table: z.ZodType, summary: z.ZodType) {
  return z
    .object({
      mode: z.enum(['previous', 'year', 'custom']),
      startdate: z.string().describe('yyyy-MM-dd, first day of the comparison range'),
      enddate: z.string().describe('yyyy-MM-dd, last day of the comparison range'),
      // The same shapes as the selected range's (same GraphQL types and OpenAPI components).
      table_data: table,
      summary_data: summary,
      changes: z.array(FigureChange).describe('Each summary figure: value, comparison value and change'),
      row_changes: z.array(RowChange).describe('Each row (by name) of either range, its figures compared'),
    })
    .meta({
      id: `${name}Comparison`,
      description: 'Present when the filter asked for a comparison (compare) and the call offers one',
    });
}

interface Computed {
  table_data: unknown;
  summary_data: unknown;
}

/** The answer with its comparison: both ranges computed (in parallel), then the changes. */
export async function withComparison(
  compute: (d: DashboardData) => Promise<Computed>,
  spec: CompareSpec,
  data: DashboardData,
  range: CompareRange,
  compareData: DashboardData,
) {
  const [current, previous] = await Promise.all([compute(data), compute(compareData)]);
  return {
    ...current,
    comparison: {
      mode: range.mode,
      startdate: range.start,
      enddate: range.end,
      table_data: previous.table_data,
      summary_data: previous.summary_data,
      changes: summaryChanges(spec, current.summary_data, previous.summary_data),
      row_changes: rowChanges(spec, current.table_data, previous.table_data),
    },
  };
}
