import type { EntityManager } from 'typeorm';
import { keepFrom } from '../../retention/retention';

/**
 * A customer of the dashboard's client dropdown: name = display_name, else cust_name; with its retention, so
 * the dashboard can say when a range reaches before the data still kept (docs/design.md#retention).
 */
export interface DashboardCustomerRow {
  id: number;
  name: string;
  retention_months: number;
  /** The first local date whose events are kept (yyyy-MM-dd): days before it were removed or will be within the hour. */
  kept_from: string;
  /** The attribution windows in force (docs/design.md#attribution-settings), in hours: the dashboard's texts name them. */
  touch_window_hours: number;
  same_day_window_hours: number;
}

/** Customers by id ('all' for the super admin), sorted by name. */
export async function queryDashboardCustomers(
  em: EntityManager,
  customerIds: 'all' | number[],
): Promise<DashboardCustomerRow[]> {
  if (customerIds !== 'all' && customerIds.length === 0) return [];
  const where = customerIds === 'all' ? '' : `WHERE c.id IN (${customerIds.map(() => '?').join(',')})`;
  const rows: {
    id: number;
    name: string;
    time_zone: string;
    retention_months: number;
    touch_window_hours: number;
    same_day_window_hours: number;
  }[] = await em.query(
    `SELECT c.id, COALESCE(NULLIF(TRIM(c.display_name), ''), c.cust_name) AS name, c.time_zone, c.retention_months,
            c.touch_window_hours, c.same_day_window_hours
       FROM customer c ${where}
      ORDER BY name, c.id`,
    customerIds === 'all' ? [] : customerIds,
  );
  const now = new Date();
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    retention_months: Number(r.retention_months),
    kept_from: keepFrom(now, r.time_zone, Number(r.retention_months)),
    touch_window_hours: Number(r.touch_window_hours),
    same_day_window_hours: Number(r.same_day_window_hours),
  }));
}
