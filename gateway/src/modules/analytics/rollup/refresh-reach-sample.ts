import type { EntityManager } from 'typeorm';
import { SUMMARY } from '../../../etl/stale-days';
import { recordBuilt, staleSummaryDays } from '../summary-days';

/** A household's bucket: CRC32 of its id modulo SAMPLE_BUCKETS (the same in MySQL 8, MariaDB and TiDB). */
export const SAMPLE_BUCKETS = 256;
/**
 * reach_sample keeps the households of buckets 0..STORED_BUCKETS - 1: 1 in 4. The built days do not
 * record it: a change here needs a migration that empties reach_sample and its summary_built_day rows.
 */
export const STORED_BUCKETS = 64;

/** from, from + 1, .. to - 1: the IN list that reads exactly those buckets' index ranges. */
export const bucketList = (to: number, from = 0) => Array.from({ length: to - from }, (_, b) => from + b).join(',');

/**
 * The days of a customer's range whose reach_sample rows are stale: days never built, and days whose
 * impressions the writers marked (SUMMARY.impressions) after the version the sample was built from.
 */
export const staleReachSampleDays = (em: EntityManager, customerId: number, start: string, end: string) =>
  staleSummaryDays(em, customerId, SUMMARY.reachSample, start, end, SUMMARY.impressions);

/**
 * Keeps reach_sample in step with impression_event for the days a range reads: a stale day's sampled
 * impressions are copied again through ix_impression_reach (it covers every column copied). The marks
 * are read before the rebuild, so an impression written meanwhile makes the next read rebuild the day
 * again rather than be missed.
 */
export async function refreshReachSample(em: EntityManager, customerId: number, start: string, end: string) {
  const stale = await staleReachSampleDays(em, customerId, start, end);
  if (stale.length === 0) return;
  const days = stale.map((d) => d.date);
  const inDays = days.map(() => '?').join(',');
  await em.transaction('READ COMMITTED', async (tx) => {
    // The buckets listed, so that the delete reads the stale days' ranges only (a bound on the bucket
    // alone reads every stored day of the customer).
    await tx.query(
      `DELETE FROM reach_sample WHERE customer_id = ? AND bucket IN (${bucketList(STORED_BUCKETS)})
          AND local_date IN (${inDays})`,
      [customerId, ...days],
    );
    await tx.query(
      `INSERT INTO reach_sample (customer_id, bucket, local_date, household_id, ts, event_id, booking_id, campaign_id,
              creative_id, channel_id, region, weekday, daypart)
       SELECT r.customer_id, CRC32(r.household_id) % ${SAMPLE_BUCKETS}, r.local_date, r.household_id, r.ts, r.event_id,
              r.booking_id, r.campaign_id, r.creative_id, r.channel_id, r.region, r.weekday, r.daypart
         FROM impression_event r FORCE INDEX (ix_impression_reach)
        WHERE r.customer_id = ? AND r.local_date IN (${inDays}) AND CRC32(r.household_id) % ${SAMPLE_BUCKETS} < ?`,
      [customerId, ...days, STORED_BUCKETS],
    );
    await recordBuilt(tx, customerId, SUMMARY.reachSample, stale);
  });
}
