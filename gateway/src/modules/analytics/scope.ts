import { dayFromNumber, dayNumber } from './filters/dates';
import { type DashboardFilter, windowsIn } from './filters/filter';

/**
 * The one filter -> SQL builder every dashboard query starts from (STYLE: base conditions).
 * Identifiers come from the fixed maps below; every value is a bound parameter.
 */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

interface ImpressionColumns {
  customer: string;
  date: string;
  region: string;
  campaign: string;
  booking: string;
  creative: string;
  channel: string;
  weekday: string;
  daypart: string;
}

/**
 * impression_rollup (alias r) and touch (alias t) carry the same impression dimensions; so do the
 * raw impression_event and control_impression_event (alias r as the rollup, or e when both are read).
 */
const COLUMNS: Record<'rollup' | 'touch' | 'event', ImpressionColumns> = {
  rollup: {
    customer: 'r.customer_id',
    date: 'r.local_date',
    region: 'r.region',
    campaign: 'r.campaign_id',
    booking: 'r.booking_id',
    creative: 'r.creative_id',
    channel: 'r.channel_id',
    weekday: 'r.weekday',
    daypart: 'r.daypart',
  },
  event: {
    customer: 'e.customer_id',
    date: 'e.local_date',
    region: 'e.region',
    campaign: 'e.campaign_id',
    booking: 'e.booking_id',
    creative: 'e.creative_id',
    channel: 'e.channel_id',
    weekday: 'e.weekday',
    daypart: 'e.daypart',
  },
  touch: {
    customer: 't.customer_id',
    date: 't.impression_local_date',
    region: 't.region',
    campaign: 't.campaign_id',
    booking: 't.booking_id',
    creative: 't.creative_id',
    channel: 't.channel_id',
    weekday: 't.weekday',
    daypart: 't.daypart',
  },
};

/** `?,?,…`: n SQL placeholders for an IN list. */
export const placeholders = (n: number) => new Array<string>(n).fill('?').join(',');

function inList(column: string, values: readonly (string | number)[], out: SqlFragment): void {
  if (values.length === 0) return;
  out.sql += ` AND ${column} IN (${placeholders(values.length)})`;
  out.params.push(...values);
}

/** docs/design.md#visits-and-attribution: I(F) = C's impressions with local date in range matching every impression filter. */
export function impressionScope(f: DashboardFilter, table: 'rollup' | 'touch' | 'event'): SqlFragment {
  const c = COLUMNS[table];
  const out: SqlFragment = {
    sql: `${c.customer} = ? AND ${c.date} BETWEEN ? AND ?`,
    params: [f.customerId, f.start, f.end],
  };
  inList(c.region, f.regions, out);
  inList(c.campaign, f.campaigns, out);
  inList(c.booking, f.bookings, out);
  inList(c.creative, f.creatives, out);
  inList(c.channel, f.channels, out);
  inList(c.weekday, f.weekdays, out);
  inList(c.daypart, f.dayparts, out);
  return out;
}

/** A visit hit one of the filter's site tags (nothing to add without a site filter). */
function sitesHit(visitId: string, f: DashboardFilter, out: SqlFragment): void {
  if (f.sites.length === 0) return;
  out.sql += ` AND EXISTS (SELECT 1 FROM visit_page vp WHERE vp.visit_id = ${visitId} AND vp.site_tag_id IN (${placeholders(f.sites.length)}))`;
  out.params.push(...f.sites);
}

/**
 * docs/design.md#visits-and-attribution on the dashboard summaries (only when F narrows impressions by date alone): the range's
 * attributed visits (visit_attribution, alias a, or its per-site summary visit_attribution_site, alias s)
 * whose latest touch is in I(F), i.e. on or after the start; with a site filter, visits that hit one.
 */
export function attributionScope(f: DashboardFilter, table: 'visit' | 'site' = 'visit'): SqlFragment {
  const a = table === 'visit' ? 'a' : 's';
  const out: SqlFragment = {
    sql: `${a}.customer_id = ? AND ${a}.visit_local_date BETWEEN ? AND ? AND ${a}.act_local_date >= ?`,
    params: [f.customerId, f.start, f.end, f.start],
  };
  if (table === 'visit') sitesHit('a.visit_id', f, out);
  return out;
}

/**
 * docs/design.md#visits-and-attribution on the response summaries (response_day_views, _region, _touch, alias x; no site filter):
 * the range's visit days, each with the cut the range start makes: day start + k reads cut k (its
 * touches on or after the start), days from start + 8 on read cut 8 (every touch). One index range
 * per cut, since the cut leads the key after the customer.
 */
export function responseDayScope(f: DashboardFilter): SqlFragment {
  const start = dayNumber(f.start);
  const end = dayNumber(f.end);
  const ranges: string[] = [];
  const params: unknown[] = [f.customerId];
  for (let k = 0; k < 8 && start + k <= end; k++) {
    ranges.push('(x.cut = ? AND x.visit_local_date = ?)');
    params.push(k, dayFromNumber(start + k));
  }
  if (start + 8 <= end) {
    ranges.push('(x.cut = 8 AND x.visit_local_date BETWEEN ? AND ?)');
    params.push(dayFromNumber(start + 8), f.end);
  }
  return { sql: `x.customer_id = ? AND (${ranges.join(' OR ')})`, params };
}

/**
 * docs/design.md#visits-and-attribution: touches (alias t) that count for responses: the touch's impression is in I(F) and
 * within the touch window W of its visit, the visit has a local date in range and (with a site filter) hit one of
 * those site tags.
 */
export function touchScope(f: DashboardFilter): SqlFragment {
  const imp = impressionScope(f, 'touch');
  // The touch table may hold touches up to the customer's stored width (wider than W while a change to a longer
  // window is being recomputed, or after a shrink): only those within W count (docs/design.md#attribution-settings).
  const out: SqlFragment = {
    sql: `t.visit_local_date BETWEEN ? AND ? AND ${imp.sql} AND t.impression_ts > t.visit_ts - INTERVAL ? HOUR`,
    params: [f.start, f.end, ...imp.params, windowsIn(f).touchWindowHours],
  };
  sitesHit('t.visit_id', f, out);
  return out;
}

/**
 * docs/design.md#reach-frequency-and-lift: I(F) on the raw events, impression_event or control_impression_event (alias r, or e):
 * both carry the rollup's column names, so C(F) matches F exactly as I(F) does.
 */
export const eventScope = (f: DashboardFilter, alias: 'r' | 'e' = 'r'): SqlFragment =>
  impressionScope(f, alias === 'r' ? 'rollup' : 'event');

/**
 * docs/design.md#reach-frequency-and-lift: visits (alias v) of the customer that hit the filter's site (when set); with `inRange`
 * also with a local date in the range (the lift's pre/post visits need not be).
 */
export function visitScope(f: DashboardFilter, inRange: boolean): SqlFragment {
  const out: SqlFragment = { sql: 'v.customer_id = ?', params: [f.customerId] };
  if (inRange) {
    out.sql += ' AND v.local_date BETWEEN ? AND ?';
    out.params.push(f.start, f.end);
  }
  sitesHit('v.id', f, out);
  return out;
}

/**
 * docs/invalid-traffic.md#the-report: invalid_event (alias e) of the customer in the range, outside the holdout.
 * Impressions narrow by the filter's campaign, booking, creative and channel (through their tag and booking, aliases
 * it and b, which the reader joins); site hits by the filter's site tags. Invalid hits carry no region, weekday or
 * time slot (they are never resolved), so those parts of F do not narrow them.
 */
export function invalidScope(f: DashboardFilter): SqlFragment {
  const out: SqlFragment = {
    sql: 'e.customer_id = ? AND e.local_date BETWEEN ? AND ? AND e.control = 0',
    params: [f.customerId, f.start, f.end],
  };
  const imp: SqlFragment = { sql: "e.kind = 'i'", params: [] };
  inList('b.campaign_id', f.campaigns, imp);
  inList('e.booking_id', f.bookings, imp);
  inList('it.creative_id', f.creatives, imp);
  inList('b.channel_id', f.channels, imp);
  const site: SqlFragment = { sql: "e.kind = 'v'", params: [] };
  inList('e.tag_id', f.sites, site);
  out.sql += ` AND ((${imp.sql}) OR (${site.sql}))`;
  out.params.push(...imp.params, ...site.params);
  return out;
}
