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
  /** Impressions of the same customer and household with ts - 7 x 24 h < imp.ts <= ts, by (ts, id). */
  touches: RefImpression[];
}

export const SESSION_GAP_MS = 30 * 60 * 1000;
export const TOUCH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

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
