import type { EntityManager } from 'typeorm';
import { type DayChecksum, staleDays } from '../day-checksum';

/**
 * The days of a range whose summary (its day table: impression_cell_day, reach_sample_day) no longer
 * matches the rollup, with each day's checksum now.
 */
export async function staleRollupDays(
  em: EntityManager,
  dayTable: 'impression_cell_day' | 'reach_sample_day',
  customerId: number,
  start: string,
  end: string,
) {
  const [current, stored]: [DayChecksum[], DayChecksum[]] = await Promise.all([
    em.query(
      `SELECT local_date, COUNT(*) AS cells, SUM(impressions) AS impressions,
              SUM(impressions * (creative_id + daypart)) AS weighted
         FROM impression_rollup WHERE customer_id = ? AND local_date BETWEEN ? AND ?
        GROUP BY local_date ORDER BY NULL`,
      [customerId, start, end],
    ),
    em.query(
      `SELECT local_date, cells, impressions, weighted FROM ${dayTable}
        WHERE customer_id = ? AND local_date BETWEEN ? AND ?`,
      [customerId, start, end],
    ),
  ]);
  return staleDays(current, stored, 'local_date', ['cells', 'impressions', 'weighted']);
}

/** Records the checksums the rebuilt days were built from (days gone from the rollup get none). */
export async function recordRollupDays(
  tx: EntityManager,
  dayTable: 'impression_cell_day' | 'reach_sample_day',
  customerId: number,
  { stale, now }: Awaited<ReturnType<typeof staleRollupDays>>,
) {
  const inDays = stale.map(() => '?').join(',');
  await tx.query(`DELETE FROM ${dayTable} WHERE customer_id = ? AND local_date IN (${inDays})`, [customerId, ...stale]);
  const rows = stale.filter((d) => now.has(d)).map((d) => now.get(d)!);
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO ${dayTable} (customer_id, local_date, cells, impressions, weighted)
       VALUES ${rows.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      rows.flatMap((r) => [customerId, r.date, r.cells, r.impressions, r.weighted]),
    );
  }
}

/**
 * Keeps impression_cell (impression_rollup without region) in step with the rollup for the days a
 * dashboard range reads. A day's checksum (rows, impressions, impressions weighted by creative and
 * daypart: integer sums only, a DECIMAL weight cost 50% more) is one sequential read of the
 * rollup's primary key, about half the cost of grouping it; only days whose checksum changed are
 * rebuilt. The ETL only adds to rollup cells, so any new impression changes the day's sum; an
 * overflow of the weighted sum fails the refresh, and the caller then reads the rollup itself. The checksum is taken before the rebuild, so a row written
 * meanwhile makes the next read rebuild again rather than be missed.
 */
export async function refreshImpressionCells(em: EntityManager, customerId: number, start: string, end: string) {
  const days = await staleRollupDays(em, 'impression_cell_day', customerId, start, end);
  const { stale } = days;
  if (stale.length === 0) return;
  const inDays = stale.map(() => '?').join(',');
  await em.transaction(async (tx) => {
    await tx.query(`DELETE FROM impression_cell WHERE customer_id = ? AND local_date IN (${inDays})`, [
      customerId,
      ...stale,
    ]);
    await tx.query(
      `INSERT INTO impression_cell (customer_id, local_date, booking_id, creative_id, daypart, campaign_id, channel_id,
              weekday, impressions)
       SELECT customer_id, local_date, booking_id, creative_id, daypart, campaign_id, channel_id, weekday, SUM(impressions)
         FROM impression_rollup WHERE customer_id = ? AND local_date IN (${inDays})
        GROUP BY customer_id, local_date, booking_id, creative_id, daypart, campaign_id, channel_id, weekday`,
      [customerId, ...stale],
    );
    await recordRollupDays(tx, 'impression_cell_day', customerId, days);
  });
}
