import { ACTIVITY_SUBJECT } from '../../etl/daily-activity';
import type { AppContext } from '../../shared/app-context';
import { localParts } from '../../shared/time';

/** Top lists are the top-10 chart of spec 9. */
export const TOP_ACTIVITY = 10;

export interface NamedCount {
  id: number;
  name: string;
  count: number;
  /** The customer it belongs to (names of bookings and site tags repeat across customers). */
  customer_name: string;
}

export interface DailyActivity {
  total_impressions: number;
  total_webhits: number;
  /** Impressions plus site hits per customer. */
  customer_data: NamedCount[];
  /** Impressions per booking. */
  booking_data: NamedCount[];
  /** Site hits per site tag. */
  site_data: NamedCount[];
}

interface CellRow {
  local_date: string;
  customer_id: number;
  subject: number;
  subject_id: number;
  hits: string;
}

const top = (m: Map<number, NamedCount>) =>
  [...m.values()].sort((a, b) => b.count - a.count || a.id - b.id).slice(0, TOP_ACTIVITY);

/**
 * Today's hits, each customer's today in its own time zone, from daily_activity (kept by the ETL),
 * never from the raw events: one read of the customers' zones, one of the at most three dates that
 * are "today" somewhere, one of the names of the top entries.
 */
export async function readDailyActivity(app: AppContext, now = Date.now()): Promise<DailyActivity> {
  // A customer is named as everywhere else: its display name, else its registered name.
  const customers: { id: number; name: string; time_zone: string }[] = await app.ds.query(
    "SELECT id, COALESCE(NULLIF(TRIM(display_name), ''), cust_name) AS name, time_zone FROM customer",
  );
  const todayOf = new Map<number, string>();
  const zoneDate = new Map<string, string>();
  for (const c of customers) {
    let date = zoneDate.get(c.time_zone);
    if (!date) zoneDate.set(c.time_zone, (date = localParts(now, c.time_zone).date));
    todayOf.set(Number(c.id), date);
  }
  const empty: DailyActivity = {
    total_impressions: 0,
    total_webhits: 0,
    customer_data: [],
    booking_data: [],
    site_data: [],
  };
  if (!customers.length) return empty;
  const rows: CellRow[] = await app.ds.query(
    `SELECT DATE_FORMAT(local_date, '%Y-%m-%d') AS local_date, customer_id, subject, subject_id, hits
       FROM daily_activity WHERE local_date IN (?)`,
    [[...new Set(zoneDate.values())]],
  );
  const nameOf = new Map(customers.map((c) => [Number(c.id), c.name]));
  const byCustomer = new Map<number, NamedCount>();
  const byBooking = new Map<number, NamedCount>();
  const bySite = new Map<number, NamedCount>();
  for (const r of rows) {
    const customerId = Number(r.customer_id);
    if (todayOf.get(customerId) !== r.local_date) continue;
    const hits = Number(r.hits);
    const subjectId = Number(r.subject_id);
    const customerName = nameOf.get(customerId) ?? '';
    const customer = byCustomer.get(customerId) ?? {
      id: customerId,
      name: customerName,
      count: 0,
      customer_name: customerName,
    };
    customer.count += hits;
    byCustomer.set(customerId, customer);
    const isBooking = Number(r.subject) === ACTIVITY_SUBJECT.booking;
    if (isBooking) empty.total_impressions += hits;
    else empty.total_webhits += hits;
    const list = isBooking ? byBooking : bySite;
    const entry = list.get(subjectId) ?? { id: subjectId, name: '', count: 0, customer_name: customerName };
    entry.count += hits;
    list.set(subjectId, entry);
  }
  const bookings = top(byBooking);
  const sites = top(bySite);
  const [bookingNames, siteNames] = await Promise.all([
    bookings.length
      ? (app.ds.query('SELECT id, booking_name AS name FROM booking WHERE id IN (?)', [
          bookings.map((b) => b.id),
        ]) as Promise<{ id: number; name: string }[]>)
      : [],
    sites.length
      ? (app.ds.query('SELECT id, tag_description AS name FROM site_tag WHERE id IN (?)', [
          sites.map((s) => s.id),
        ]) as Promise<{ id: number; name: string }[]>)
      : [],
  ]);
  const named = (list: NamedCount[], names: { id: number; name: string }[]) => {
    const m = new Map(names.map((n) => [Number(n.id), n.name]));
    return list.map((e) => ({ ...e, name: m.get(e.id) ?? `#${e.id}` }));
  };
  return {
    ...empty,
    customer_data: top(byCustomer),
    booking_data: named(bookings, bookingNames),
    site_data: named(sites, siteNames),
  };
}
