import type { EntityManager } from 'typeorm';
import type { InvalidReason } from '../../../shared/invalid-traffic';
import type { DashboardFilter } from '../filters/filter';
import { invalidScope } from '../scope';

/** Invalid hits of one reason and kind (and, for impressions, booking: their would-be spend). */
export interface InvalidTrafficCount {
  reason: InvalidReason;
  kind: 'i' | 'v';
  bookingId: number | null;
  hits: number;
}

/** docs/invalid-traffic.md#the-report: invalid_event counted per reason, kind and booking for the filter. */
export async function queryInvalidTraffic(em: EntityManager, f: DashboardFilter): Promise<InvalidTrafficCount[]> {
  const scope = invalidScope(f);
  const rows: { reason: InvalidReason; kind: 'i' | 'v'; booking_id: number | null; n: string | number }[] =
    await em.query(
      `SELECT e.reason, e.kind, e.booking_id, COUNT(*) AS n
         FROM invalid_event e
         LEFT JOIN impression_tag it ON it.id = e.tag_id AND e.kind = 'i'
         LEFT JOIN booking b ON b.id = e.booking_id
        WHERE ${scope.sql}
        GROUP BY e.reason, e.kind, e.booking_id`,
      scope.params,
    );
  return rows.map((r) => ({
    reason: r.reason,
    kind: r.kind,
    bookingId: r.booking_id == null ? null : Number(r.booking_id),
    hits: Number(r.n),
  }));
}
