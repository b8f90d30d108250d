import type { DelayBucket, ResponseCubeRow } from './response-cube';

/**
 * Responses broken down once per way the calls read them (each call sums one facet), so an
 * unfiltered range reads three small groupings instead of one row per response.
 */
export interface ResponseFacets {
  /** By the visit's local date, delay bucket and views. */
  byDay: { date: string; bucket: DelayBucket; views: number; responses: number }[];
  /** By the activating touch's region. */
  byRegion: { region: string; responses: number }[];
  /** By the activating touch's creative, channel, weekday and daypart. */
  byTouch: { creativeId: number; channelId: number; weekday: number; daypart: number; responses: number }[];
}

function fold<V extends { responses: number }>(
  rows: ResponseCubeRow[],
  keyOf: (r: ResponseCubeRow) => string,
  make: (r: ResponseCubeRow) => V,
): V[] {
  const out = new Map<string, V>();
  for (const r of rows) {
    const k = keyOf(r);
    const v = out.get(k);
    if (v) v.responses += r.responses;
    else out.set(k, { ...make(r), responses: r.responses });
  }
  return [...out.values()];
}

/** The facets of a full response cube (the filtered path, which reads the window over touch). */
export function facetsOfCube(rows: ResponseCubeRow[]): ResponseFacets {
  return {
    byDay: fold(
      rows,
      (r) => `${r.date}|${r.bucket}|${r.views}`,
      (r) => ({ date: r.date, bucket: r.bucket, views: r.views, responses: 0 }),
    ),
    byRegion: fold(
      rows,
      (r) => r.region,
      (r) => ({ region: r.region, responses: 0 }),
    ),
    byTouch: fold(
      rows,
      (r) => `${r.creativeId}|${r.channelId}|${r.weekday}|${r.daypart}`,
      (r) => ({
        creativeId: r.creativeId,
        channelId: r.channelId,
        weekday: r.weekday,
        daypart: r.daypart,
        responses: 0,
      }),
    ),
  };
}
