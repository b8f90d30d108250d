import { DEFAULT_ATTRIBUTION_WINDOWS, type AttributionWindows } from '@infinitum/rules';
import { DomainError } from '../../../shared/errors';
import { assertDateRange } from './dates';

/**
 * The dashboard filter payload of spec 3 (snake_case, as the client sends it). Every list defaults
 * to [0] = All. Region values are region codes ('AUK'); every other list holds numeric ids.
 */
export interface DashboardFilterInput {
  client_id?: unknown;
  startdate?: unknown;
  enddate?: unknown;
  region?: unknown;
  campaign?: unknown;
  booking?: unknown;
  creative?: unknown;
  channel?: unknown;
  weekday?: unknown;
  time_slots?: unknown;
  sites?: unknown;
  /** Period comparison (calls/compare.ts): off | previous | year | custom, and the custom range. */
  compare?: unknown;
  compare_startdate?: unknown;
  compare_enddate?: unknown;
}

/** A parsed filter: an empty list means All. Lists are sorted and unique (the single-flight key). */
export interface DashboardFilter {
  customerId: number;
  start: string;
  end: string;
  regions: string[];
  campaigns: number[];
  bookings: number[];
  creatives: number[];
  channels: number[];
  weekdays: number[];
  dayparts: number[];
  sites: number[];
  /**
   * The customer's attribution windows in force (docs/design.md#attribution-settings), set by the dashboard
   * service from windowsOf; absent means the defaults. Part of the filter so every single-flight key (filterKey)
   * names the windows its answer was computed under: no answer of the old settings is served after a switch.
   */
  windows?: AttributionWindows;
}

/** The windows a filter's answers follow: its own, or the defaults. */
export const windowsIn = (f: DashboardFilter): AttributionWindows => f.windows ?? DEFAULT_ATTRIBUTION_WINDOWS;

/**
 * Whether F's windows are the defaults (W = 7 x 24 h, S = 24 h): the only settings the pre-built response
 * summaries (cuts of 0..8 days, Same_Day as the first two delay buckets) answer exactly.
 */
export const defaultWindows = (f: DashboardFilter): boolean => {
  const w = windowsIn(f);
  return (
    w.touchWindowHours === DEFAULT_ATTRIBUTION_WINDOWS.touchWindowHours &&
    w.sameDayWindowHours === DEFAULT_ATTRIBUTION_WINDOWS.sameDayWindowHours
  );
};

/** Whether F narrows impressions by date alone (a site filter narrows visits only). */
export const narrowsByDateOnly = (f: DashboardFilter) =>
  f.regions.length + f.campaigns.length + f.bookings.length + f.creatives.length + f.channels.length === 0 &&
  f.weekdays.length + f.dayparts.length === 0;

export type IdListField = 'campaign' | 'booking' | 'creative' | 'channel' | 'weekday' | 'time_slots' | 'sites';

const MAX_LIST = 500;

const invalid = (field: string, message: string) => new DomainError('VALIDATION', message, { [field]: message });

/** The client id of a payload (a positive integer), or a 400 naming client_id. */
export function parseClientId(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0 || n > 4294967295) {
    throw invalid('client_id', 'client_id must be a positive integer');
  }
  return n;
}

function asList(value: unknown, field: string): unknown[] {
  if (value === undefined || value === null) return [0];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > MAX_LIST) throw invalid(field, `${field} has too many values`);
  return list.length === 0 ? [0] : list;
}

function idList(value: unknown, field: IdListField, max = 4294967295): number[] {
  const ids = asList(value, field).map((v) => {
    const n = typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) {
      throw invalid(field, `${field} must be a list of ids`);
    }
    return n;
  });
  return ids.includes(0) ? [] : [...new Set(ids)].sort((a, b) => a - b);
}

function regionList(value: unknown): string[] {
  const codes = asList(value, 'region').map((v) => {
    if (v === 0 || v === '0') return '';
    if (typeof v !== 'string' || !/^[A-Za-z0-9]{1,8}$/.test(v))
      throw invalid('region', 'region must be a list of region codes');
    return v.toUpperCase();
  });
  return codes.includes('') ? [] : [...new Set(codes)].sort();
}

/** Parses and normalises a payload; ownership of the ids is checked by the service afterwards. */
export function parseDashboardFilter(input: DashboardFilterInput): DashboardFilter {
  const customerId = parseClientId(input.client_id);
  const { start, end } = assertDateRange(input.startdate, input.enddate, { start: 'startdate', end: 'enddate' });
  return {
    customerId,
    start,
    end,
    regions: regionList(input.region),
    campaigns: idList(input.campaign, 'campaign'),
    bookings: idList(input.booking, 'booking'),
    creatives: idList(input.creative, 'creative'),
    channels: idList(input.channel, 'channel'),
    weekdays: idList(input.weekday, 'weekday', 7),
    dayparts: idList(input.time_slots, 'time_slots', 8),
    sites: idList(input.sites, 'sites'),
  };
}

/** A stable key of a normalised filter (same numbers -> same key). */
export const filterKey = (f: DashboardFilter): string => JSON.stringify(f);

/** Every impression of a customer's range: each list All, then any narrower lists given. */
export const rangeFilter = (
  customerId: number,
  start: string,
  end: string,
  narrower: Partial<DashboardFilter> = {},
): DashboardFilter => ({
  customerId,
  start,
  end,
  regions: [],
  campaigns: [],
  bookings: [],
  creatives: [],
  channels: [],
  weekdays: [],
  dayparts: [],
  sites: [],
  ...narrower,
});
