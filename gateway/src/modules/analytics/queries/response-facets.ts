/**
 * Delay bucket of a response (docs/design.md#visits-and-attribution): 1 within 1 h, 2 within 24 h, 3 under 7 x 24 h,
 * 4 from 7 x 24 h on (only when the touch window W is longer than a week).
 */
export type DelayBucket = 1 | 2 | 3 | 4;

/**
 * Responses broken down once per way the calls read them (each call sums one facet), so a range
 * reads a few small groupings instead of one row per response.
 */
export interface ResponseFacets {
  /** By the visit's local date, delay bucket, views and whether the delay is at most the same-day window S. */
  byDay: { date: string; bucket: DelayBucket; sameDay: boolean; views: number; responses: number }[];
  /** By the activating touch's region. */
  byRegion: { region: string; responses: number }[];
  /** By the activating touch's creative, channel, weekday and daypart. */
  byTouch: { creativeId: number; channelId: number; weekday: number; daypart: number; responses: number }[];
}

/** Rows summed by a key: the first row of each key made by `make`, every row's responses added to it. */
export function fold<R extends { responses: number }, V extends { responses: number }>(
  rows: readonly R[],
  keyOf: (r: R) => string,
  make: (r: R) => Omit<V, 'responses'>,
): V[] {
  const out = new Map<string, V>();
  for (const r of rows) {
    const k = keyOf(r);
    const v = out.get(k);
    if (v) v.responses += r.responses;
    else out.set(k, { ...make(r), responses: r.responses } as V);
  }
  return [...out.values()];
}
