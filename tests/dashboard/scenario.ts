import type { RefCustomer, RefFilter } from '../reference/metrics';
import type { WorldCustomer } from './world';

/** The reference's view of a world customer (names, cpm). */
export function refCustomer(c: WorldCustomer, country = 'NZ'): RefCustomer {
  return {
    id: c.id,
    timeZone: c.timeZone,
    country,
    cpmOfBooking: new Map(c.bookings.map((b) => [b.id, b.cpm])),
    creativeName: new Map(c.creatives.map((x) => [x.id, x.description])),
    creativeFormat: new Map(c.creatives.map((x) => [x.id, x.format])),
    channelName: new Map(c.channels.map((x) => [x.id, x.name])),
    siteName: new Map(c.siteTags.map((x) => [x.id, x.description])),
  };
}

/** The REST/GraphQL payload of a reference filter ([0] = All). */
export function payloadOf(f: RefFilter) {
  const list = <T>(v: T[] | undefined): (T | 0)[] => (v && v.length ? v : [0]);
  return {
    client_id: f.customerId,
    startdate: f.start,
    enddate: f.end,
    region: list(f.regions),
    campaign: list(f.campaigns),
    booking: list(f.bookings),
    creative: list(f.creatives),
    channel: list(f.channels),
    weekday: list(f.weekdays),
    time_slots: list(f.dayparts),
    sites: list(f.sites),
  };
}

/**
 * The filters every suite checks: none, each alone, combined, an empty range, one day, and the
 * day NZ daylight saving starts (2026-09-27, 02:00 -> 03:00); two site tags at once; last, one creative
 * alone and with one site tag (the per-creative summaries).
 */
export function filterCases(c: WorldCustomer, start: string, end: string): { name: string; filter: RefFilter }[] {
  const base = { customerId: c.id, start, end };
  return [
    { name: 'unfiltered', filter: base },
    { name: 'region', filter: { ...base, regions: ['AUK', 'UNK'] } },
    { name: 'campaign', filter: { ...base, campaigns: [c.campaigns[0].id] } },
    { name: 'booking', filter: { ...base, bookings: [c.bookings[1].id] } },
    { name: 'creative', filter: { ...base, creatives: [c.creatives[0].id, c.creatives[2].id] } },
    { name: 'channel', filter: { ...base, channels: [c.channels[1].id] } },
    { name: 'weekday', filter: { ...base, weekdays: [1, 6, 7] } },
    { name: 'daypart', filter: { ...base, dayparts: [2, 7, 8] } },
    { name: 'site', filter: { ...base, sites: [c.siteTags[1].id] } },
    {
      name: 'combined',
      filter: {
        ...base,
        regions: ['AUK', 'WGN', 'CAN'],
        creatives: [c.creatives[1].id],
        dayparts: [3, 4, 5, 6, 7],
        sites: [c.siteTags[0].id],
      },
    },
    { name: 'empty range', filter: { ...base, start: '2026-01-01', end: '2026-01-03' } },
    { name: 'one day', filter: { ...base, start: '2026-09-30', end: '2026-09-30' } },
    { name: 'DST change day', filter: { ...base, start: '2026-09-27', end: '2026-09-27' } },
    // Several site tags: a visit that hit both counts once (not from the per-site summaries).
    { name: 'two sites', filter: { ...base, sites: [c.siteTags[0].id, c.siteTags[1].id] } },
    // The activating touch is the creative's latest touch, not the visit's latest (often another creative's).
    { name: 'one creative', filter: { ...base, creatives: [c.creatives[1].id] } },
    { name: 'one creative, one site', filter: { ...base, creatives: [c.creatives[0].id], sites: [c.siteTags[0].id] } },
  ];
}
