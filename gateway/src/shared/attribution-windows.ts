import type { EntityManager } from 'typeorm';
import { DEFAULT_ATTRIBUTION_WINDOWS, type AttributionWindows } from '@infinitum/rules';

/**
 * The attribution windows in force for a customer (docs/design.md#attribution-settings): the columns on
 * `customer`, which only the recompute's switch changes. An unknown customer has the defaults.
 */
export async function windowsOf(em: EntityManager, customerId: number): Promise<AttributionWindows> {
  const rows: { w: number | string; s: number | string }[] = await em.query(
    'SELECT touch_window_hours AS w, same_day_window_hours AS s FROM customer WHERE id = ?',
    [customerId],
  );
  if (rows.length === 0) return DEFAULT_ATTRIBUTION_WINDOWS;
  return { touchWindowHours: Number(rows[0].w), sameDayWindowHours: Number(rows[0].s) };
}
