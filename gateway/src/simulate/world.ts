import type { DataSource } from 'typeorm';

/** The customers and tags the simulation sends traffic for: whatever is in the database. */
export interface SimBooking {
  bookingId: number;
  startDate: string;
  endDate: string;
  tagKeys: string[];
}
export interface SimCustomer {
  id: number;
  timeZone: string;
  bookings: SimBooking[];
  siteTagKeys: string[];
  mainSiteTagKey: string | null;
}

export async function loadWorld(ds: DataSource): Promise<SimCustomer[]> {
  const customers: { id: number; time_zone: string }[] = await ds.query(
    'SELECT id, time_zone FROM customer WHERE status = 1 ORDER BY id',
  );
  const tags: { customer_id: number; booking_id: number; tag_key: string; start_date: string; end_date: string }[] =
    await ds.query(
      `SELECT t.customer_id, t.booking_id, t.tag_key, DATE_FORMAT(b.start_date, '%Y-%m-%d') AS start_date,
              DATE_FORMAT(b.end_date, '%Y-%m-%d') AS end_date
       FROM impression_tag t JOIN booking b ON b.id = t.booking_id ORDER BY t.id`,
    );
  const sites: { customer_id: number; tag_key: string; main_site_tag: number }[] = await ds.query(
    'SELECT customer_id, tag_key, main_site_tag FROM site_tag ORDER BY id',
  );
  return customers
    .map((c) => {
      const bookings = new Map<number, SimBooking>();
      for (const t of tags.filter((x) => x.customer_id === c.id)) {
        const b = bookings.get(t.booking_id) ?? {
          bookingId: t.booking_id,
          startDate: t.start_date,
          endDate: t.end_date,
          tagKeys: [],
        };
        b.tagKeys.push(t.tag_key);
        bookings.set(t.booking_id, b);
      }
      const own = sites.filter((s) => s.customer_id === c.id);
      return {
        id: Number(c.id),
        timeZone: c.time_zone,
        bookings: [...bookings.values()],
        siteTagKeys: own.map((s) => s.tag_key),
        mainSiteTagKey: own.find((s) => s.main_site_tag)?.tag_key ?? own[0]?.tag_key ?? null,
      };
    })
    .filter((c) => c.bookings.length > 0 && c.siteTagKeys.length > 0);
}
