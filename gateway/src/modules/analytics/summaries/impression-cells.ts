import type { EntityManager } from 'typeorm';
import { SUMMARY } from '../../../summaries/marks';
import { recordBuilt, staleSummaryDays } from './built-days';

/**
 * Keeps impression_cell (impression_rollup without region) in step with the rollup for the days a
 * dashboard range reads: only days never built or marked stale by a writer since (summaries/built-days.ts)
 * are rebuilt, so a range whose days did not change costs two reads of a few rows.
 */
export async function refreshImpressionCells(em: EntityManager, customerId: number, start: string, end: string) {
  const stale = await staleSummaryDays(em, customerId, SUMMARY.impressions, start, end);
  if (stale.length === 0) return;
  const days = stale.map((d) => d.date);
  const inDays = days.map(() => '?').join(',');
  await em.transaction('READ COMMITTED', async (tx) => {
    await tx.query(`DELETE FROM impression_cell WHERE customer_id = ? AND local_date IN (${inDays})`, [
      customerId,
      ...days,
    ]);
    await tx.query(
      `INSERT INTO impression_cell (customer_id, local_date, booking_id, creative_id, daypart, campaign_id, channel_id,
              weekday, impressions)
       SELECT customer_id, local_date, booking_id, creative_id, daypart, campaign_id, channel_id, weekday, SUM(impressions)
         FROM impression_rollup WHERE customer_id = ? AND local_date IN (${inDays})
        GROUP BY customer_id, local_date, booking_id, creative_id, daypart, campaign_id, channel_id, weekday`,
      [customerId, ...days],
    );
    await recordBuilt(tx, customerId, SUMMARY.impressions, stale);
  });
}
