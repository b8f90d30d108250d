import type { EntityManager } from 'typeorm';
import { recordRollupDays, staleRollupDays } from './refresh-impression-cells';

/** A household's bucket: CRC32 of its id modulo SAMPLE_BUCKETS (the same in MySQL 8, MariaDB and TiDB). */
export const SAMPLE_BUCKETS = 256;
/**
 * reach_sample keeps the households of buckets 0..STORED_BUCKETS - 1: 1 in 4. The day checksums do
 * not record it: a change here needs a migration that empties reach_sample and reach_sample_day.
 */
export const STORED_BUCKETS = 64;

/** from, from + 1, .. to - 1: the IN list that reads exactly those buckets' index ranges. */
export const bucketList = (to: number, from = 0) => Array.from({ length: to - from }, (_, b) => from + b).join(',');

/**
 * The days of a customer's range whose reach_sample rows are stale, and the checksum each day has
 * now (what reach_sample_day records once the day is rebuilt). Today: the rollup's per-day checksum
 * (as impression_cell uses) against the one the sample was built from; the ETL's per-customer-day
 * stale marks can answer the same question in its place.
 */
export const staleReachSampleDays = (em: EntityManager, customerId: number, start: string, end: string) =>
  staleRollupDays(em, 'reach_sample_day', customerId, start, end);

/**
 * Keeps reach_sample in step with impression_event for the days a range reads: a stale day's sampled
 * impressions are copied again through ix_impression_reach (it covers every column copied). The
 * checksum is taken before the rebuild, so an impression written meanwhile makes the next read
 * rebuild the day again rather than be missed.
 */
export async function refreshReachSample(em: EntityManager, customerId: number, start: string, end: string) {
  const days = await staleReachSampleDays(em, customerId, start, end);
  const { stale } = days;
  if (stale.length === 0) return;
  const inDays = stale.map(() => '?').join(',');
  await em.transaction(async (tx) => {
    // The buckets listed, so that the delete reads the stale days' ranges only (a bound on the bucket
    // alone reads every stored day of the customer).
    await tx.query(
      `DELETE FROM reach_sample WHERE customer_id = ? AND bucket IN (${bucketList(STORED_BUCKETS)})
          AND local_date IN (${inDays})`,
      [customerId, ...stale],
    );
    await tx.query(
      `INSERT INTO reach_sample (customer_id, bucket, local_date, household_id, ts, event_id, booking_id, campaign_id,
              creative_id, channel_id, region, weekday, daypart)
       SELECT r.customer_id, CRC32(r.household_id) % ${SAMPLE_BUCKETS}, r.local_date, r.household_id, r.ts, r.event_id,
              r.booking_id, r.campaign_id, r.creative_id, r.channel_id, r.region, r.weekday, r.daypart
         FROM impression_event r FORCE INDEX (ix_impression_reach)
        WHERE r.customer_id = ? AND r.local_date IN (${inDays}) AND CRC32(r.household_id) % ${SAMPLE_BUCKETS} < ?`,
      [customerId, ...stale, STORED_BUCKETS],
    );
    await recordRollupDays(tx, 'reach_sample_day', customerId, days);
  });
}
