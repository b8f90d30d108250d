import type { DashboardFilter } from './filter';

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

/** impression_rollup (alias r) and touch (alias t) carry the same impression dimensions. */
const COLUMNS: Record<'rollup' | 'touch', ImpressionColumns> = {
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

const placeholders = (n: number) => new Array<string>(n).fill('?').join(',');

function inList(column: string, values: readonly (string | number)[], out: SqlFragment): void {
  if (values.length === 0) return;
  out.sql += ` AND ${column} IN (${placeholders(values.length)})`;
  out.params.push(...values);
}

/** DESIGN 4: I(F) = C's impressions with local date in range matching every impression filter. */
export function impressionScope(f: DashboardFilter, table: 'rollup' | 'touch'): SqlFragment {
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

/**
 * DESIGN 4: touches (alias t) that count for responses: the touch's impression is in I(F), its
 * visit has a local date in range and (with a site filter) hit one of those site tags.
 */
export function touchScope(f: DashboardFilter): SqlFragment {
  const imp = impressionScope(f, 'touch');
  const out: SqlFragment = {
    sql: `t.visit_local_date BETWEEN ? AND ? AND ${imp.sql}`,
    params: [f.start, f.end, ...imp.params],
  };
  if (f.sites.length > 0) {
    out.sql += ` AND EXISTS (SELECT 1 FROM visit_page vp WHERE vp.visit_id = t.visit_id AND vp.site_tag_id IN (${placeholders(f.sites.length)}))`;
    out.params.push(...f.sites);
  }
  return out;
}
