import { format } from 'date-fns';
import { defaultRange, type DateRange } from '../../../components/DateRangePicker';
import type { DashboardView } from '../texts';
import { ALL, isAll, payloadIds, type FilterId } from './filter-selection';

/** The filters of the bar, in its order; `site` is single-select. */
export const FILTER_KEYS = [
  'region',
  'campaign',
  'booking',
  'creative',
  'channel',
  'weekday',
  'daypart',
  'site',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, FilterId[]>;

export const allFilters = (): Filters => Object.fromEntries(FILTER_KEYS.map((k) => [k, [ALL]])) as unknown as Filters;

/**
 * "Compare to" (docs/design.md#period-comparison): off, the previous period of the same length, the same
 * period last year, or a custom range. The server resolves the first two; a custom one carries its range.
 */
export const COMPARE_MODES = ['off', 'previous', 'year', 'custom'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];
export interface Compare {
  mode: CompareMode;
  /** Only with mode custom. */
  range?: DateRange;
}
export const COMPARE_OFF: Compare = { mode: 'off' };

/** Everything a user chose on the screen; it lives in the URL so views can be bookmarked and shared. */
export interface Selection {
  customerId: number | null;
  range: DateRange;
  view: DashboardView;
  filters: Filters;
  compare: Compare;
}

const DAY = 'yyyy-MM-dd';

/** A yyyy-MM-dd page parameter as a local day; anything else (or 2026-02-30) is no day. */
function parseDay(value: string | null): Date | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return format(d, DAY) === value ? d : null;
}

function parseIds(key: FilterKey, value: string | null): FilterId[] {
  if (!value) return [ALL];
  const ids = value
    .split(',')
    .filter(Boolean)
    // Regions are codes (strings); every other filter is numeric.
    .map((v) => (key === 'region' ? v : Number(v)))
    .filter((v) => (typeof v === 'number' ? Number.isInteger(v) && v > 0 : v !== '0'));
  if (key === 'site') return ids.length ? [ids[0]] : [ALL];
  return ids.length ? ids : [ALL];
}

const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);

/** `compare`, with `cfrom` / `cto` for a custom range; a custom range missing or backwards is no comparison. */
function compareFromParams(params: URLSearchParams): Compare {
  const mode = params.get('compare');
  if (mode === 'previous' || mode === 'year') return { mode };
  if (mode !== 'custom') return COMPARE_OFF;
  const from = parseDay(params.get('cfrom'));
  const to = parseDay(params.get('cto'));
  if (!from || !to || from.getTime() > to.getTime()) return COMPARE_OFF;
  return { mode, range: { start: from, end: endOfDay(to) } };
}

/** Reads the selection from the page's query; anything missing or invalid falls back to its default (spec 5). */
export function selectionFromParams(params: URLSearchParams, now = new Date()): Selection {
  const fallback = defaultRange(now);
  const from = parseDay(params.get('from'));
  const to = parseDay(params.get('to'));
  let range: DateRange = {
    start: from ?? fallback.start,
    end: to ? endOfDay(to) : fallback.end,
  };
  if (range.start.getTime() > range.end.getTime()) range = fallback;
  const customer = Number(params.get('customer'));
  const filters = allFilters();
  for (const k of FILTER_KEYS) filters[k] = parseIds(k, params.get(k));
  return {
    customerId: Number.isInteger(customer) && customer > 0 ? customer : null,
    range,
    view: params.get('view') === 'performance' ? 'performance' : 'summary',
    filters,
    compare: compareFromParams(params),
  };
}

/** The query string of a selection: defaults are left out so a plain /dashboard stays plain. */
export function selectionToParams(s: Selection): URLSearchParams {
  const p = new URLSearchParams();
  if (s.customerId != null) p.set('customer', String(s.customerId));
  p.set('from', format(s.range.start, DAY));
  p.set('to', format(s.range.end, DAY));
  if (s.view !== 'summary') p.set('view', s.view);
  for (const k of FILTER_KEYS) if (!isAll(s.filters[k])) p.set(k, s.filters[k].join(','));
  if (s.compare.mode !== 'off' && (s.compare.mode !== 'custom' || s.compare.range)) {
    p.set('compare', s.compare.mode);
    if (s.compare.range && s.compare.mode === 'custom') {
      p.set('cfrom', format(s.compare.range.start, DAY));
      p.set('cto', format(s.compare.range.end, DAY));
    }
  }
  return p;
}

/** The filter payload of the 11 calls (spec 7 / DashboardFilterInput). */
export function filterPayload(s: Selection & { customerId: number }) {
  const ints = (k: FilterKey) => payloadIds(s.filters[k]).map(Number);
  return {
    client_id: s.customerId,
    startdate: format(s.range.start, DAY),
    enddate: format(s.range.end, DAY),
    region: payloadIds(s.filters.region),
    campaign: ints('campaign'),
    booking: ints('booking'),
    creative: ints('creative'),
    channel: ints('channel'),
    weekday: ints('weekday'),
    time_slots: ints('daypart'),
    sites: ints('site'),
    // Off sends nothing: the payload (and the requests) stay what they were without comparison.
    ...comparePayload(s.compare),
  };
}

function comparePayload(c: Compare): { compare?: CompareMode; compare_startdate?: string; compare_enddate?: string } {
  if (c.mode === 'off') return {};
  if (c.mode !== 'custom') return { compare: c.mode };
  if (!c.range) return {};
  return {
    compare: 'custom',
    compare_startdate: format(c.range.start, DAY),
    compare_enddate: format(c.range.end, DAY),
  };
}
export type FilterPayload = ReturnType<typeof filterPayload>;

/** Weekday options (ids 1 Monday .. 7 Sunday) and dayparts (ids 1..8, docs/design.md#identity-time-and-geography / spec 9). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
  (name, i) => ({ id: i + 1, display_name: name }),
);
export const DAYPARTS = [
  'Night (00:00-05:59)',
  'Breakfast (06:00-08:59)',
  'Morning (09:00-11:59)',
  'Lunch (12:00-13:59)',
  'Afternoon (14:00-17:59)',
  'Access (18:00-19:29)',
  'Peak (19:30-22:29)',
  'Off-peak (22:30-23:59)',
].map((name, i) => ({ id: i + 1, display_name: name }));
