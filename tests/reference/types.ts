/**
 * Reference shapes of raw events and visits (docs/design.md#identity-time-and-geography to #visits-and-attribution), shared by the pipeline and dashboard
 * reference calculators. Times are ms since the epoch (UTC); households are decimal uint64 strings.
 */
export interface RefImpression {
  id: string;
  customerId: number;
  household: string;
  ts: number;
  bookingId: number;
  campaignId: number;
  creativeId: number;
  channelId: number;
  region: string;
}

export interface RefHit {
  id: string;
  customerId: number;
  household: string;
  ts: number;
  siteTagId: number;
  region: string;
}

export interface RefVisit {
  customerId: number;
  household: string;
  /** Time of the first hit. */
  ts: number;
  /** Region of the first hit. */
  region: string;
  /** Distinct site tags the visit hit, ascending. */
  siteTagIds: number[];
  /** Impressions of the same customer and household with ts - W < imp.ts <= ts (W the touch window), by (ts, id). */
  touches: RefImpression[];
}

export const SESSION_GAP_MS = 30 * 60 * 1000;
/** The default touch window W (docs/design.md#visits-and-attribution): 7 x 24 h. */
export const TOUCH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** The default same-day window S: 24 h. */
export const SAME_DAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A customer's attribution windows (docs/design.md#attribution-settings): touch window W, a whole number of hours
 * from 1 h to 30 x 24 h, and same-day window S, whole hours, 1 h <= S <= W. With the defaults every number is what
 * it was.
 */
export interface RefWindows {
  touchMs: number;
  sameDayMs: number;
}
export const DEFAULT_WINDOWS: RefWindows = { touchMs: TOUCH_WINDOW_MS, sameDayMs: SAME_DAY_WINDOW_MS };

/** Throws unless the windows are ones a customer may set (so a test cannot silently run the reference at nonsense). */
export function checkWindows(w: RefWindows): RefWindows {
  const HOUR = 60 * 60 * 1000;
  const wholeHours = (ms: number) => Number.isInteger(ms / HOUR);
  if (!wholeHours(w.touchMs) || w.touchMs < HOUR || w.touchMs > 30 * 24 * HOUR) {
    throw new Error(`touch window ${w.touchMs} ms is not a whole number of hours in 1 h .. 30 d`);
  }
  if (!wholeHours(w.sameDayMs) || w.sameDayMs < HOUR || w.sameDayMs > w.touchMs) {
    throw new Error(`same-day window ${w.sameDayMs} ms is not a whole number of hours in 1 h .. W`);
  }
  return w;
}

/** Daypart ids and names of docs/design.md#identity-time-and-geography (spec section 9), by the local minute they start at. */
export const DAYPARTS: { id: number; name: string; startMinute: number }[] = [
  { id: 1, name: 'Night', startMinute: 0 },
  { id: 2, name: 'Breakfast', startMinute: 6 * 60 },
  { id: 3, name: 'Morning', startMinute: 9 * 60 },
  { id: 4, name: 'Lunch', startMinute: 12 * 60 },
  { id: 5, name: 'Afternoon', startMinute: 14 * 60 },
  { id: 6, name: 'Access', startMinute: 18 * 60 },
  { id: 7, name: 'Peak', startMinute: 19 * 60 + 30 },
  { id: 8, name: 'Off-Peak', startMinute: 22 * 60 + 30 },
];
