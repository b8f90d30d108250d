import type { EntityManager } from 'typeorm';
import { SUMMARY } from '../../../etl/stale-days';
import { recordBuilt, type SummarySource, staleSummaryDays } from '../summary-days';

/** A household's bucket: CRC32 of its id modulo SAMPLE_BUCKETS (the same in MySQL 8, MariaDB and TiDB). */
export const SAMPLE_BUCKETS = 256;
/**
 * reach_exposure keeps the households of buckets 0..STORED_BUCKETS - 1: 1 in 4. The built days do not
 * record it: a change here needs a migration that empties reach_exposure and its summary_built_day rows.
 */
export const STORED_BUCKETS = 64;

/** from, from + 1, .. to - 1: the IN list that reads exactly those buckets' index ranges. */
export const bucketList = (to: number, from = 0) => Array.from({ length: to - from }, (_, b) => from + b).join(',');

/** SQL of a datetime(3) as milliseconds since 1970 (no time zone involved: the column is UTC). */
export const msOf = (column: string) => `(TIMESTAMPDIFF(MICROSECOND, '1970-01-01', ${column}) DIV 1000)`;
/** The SQL datetime(3) of milliseconds since 1970 (msOf's inverse). */
export const tsOfMs = (ms: string) => `(TIMESTAMP('1970-01-01') + INTERVAL (${ms}) * 1000 MICROSECOND)`;

/**
 * A day's rows are built from its impressions (their marks) and from the visits whose start is within
 * 7 x 24 h of one of them: local dates at most 8 days away (a DST change adds an hour).
 */
const SOURCES: readonly SummarySource[] = [{ kind: SUMMARY.impressions }, { kind: SUMMARY.visits, around: 8 }];

/** The days of a customer's range whose reach_exposure rows are stale (never built, or a source day marked since). */
export const staleReachExposureDays = (em: EntityManager, customerId: number, start: string, end: string) =>
  staleSummaryDays(em, customerId, SUMMARY.reachExposure, start, end, SOURCES);

/**
 * Keeps reach_exposure in step with impression_event and visit for the days a range reads: a stale
 * day's sampled impressions are copied again, each with its visit flags from one range probe of
 * ix_visit_household over (ts - 7 d, ts + 7 d]: a visit at or before ts (pre), one after (post), and
 * the date of the first at or after ts and before ts + 7 d (a touch's window). Impressions of one
 * household at the same instant in one cell share a row (their flags are the same), n counting them.
 * The marks are read before the rebuild, so a write committed meanwhile makes the next read rebuild
 * the day again rather than be missed.
 */
export async function refreshReachExposure(em: EntityManager, customerId: number, start: string, end: string) {
  const stale = await staleReachExposureDays(em, customerId, start, end);
  if (stale.length === 0) return;
  const days = stale.map((d) => d.date);
  const inDays = days.map(() => '?').join(',');
  const columns =
    'customer_id, local_date, household_id, booking_id, creative_id, region, daypart, campaign_id, channel_id, weekday';
  const of = (alias: string) => columns.replace(/(\w+)/g, `${alias}.$1`);
  await em.transaction('READ COMMITTED', async (tx) => {
    // The buckets listed, so that the delete reads the stale days' ranges only (a bound on the bucket
    // alone reads every stored day of the customer).
    await tx.query(
      `DELETE FROM reach_exposure WHERE customer_id = ? AND bucket IN (${bucketList(STORED_BUCKETS)})
          AND local_date IN (${inDays})`,
      [customerId, ...days],
    );
    await tx.query(
      `INSERT INTO reach_exposure (bucket, ${columns}, n, t_key, resp_date)
       SELECT CRC32(i.household_id) % ${SAMPLE_BUCKETS}, ${of('i')}, 1,
              ${msOf('i.ts')} * 4 + 2 * COALESCE(MAX(v.start_ts <= i.ts), 0) + COALESCE(MAX(v.start_ts > i.ts), 0),
              MIN(CASE WHEN v.start_ts >= i.ts AND v.start_ts < i.ts + INTERVAL 7 DAY THEN v.local_date END)
         FROM impression_event i FORCE INDEX (ix_impression_reach)
         LEFT JOIN visit v ON v.customer_id = i.customer_id AND v.household_id = i.household_id
          AND v.start_ts > i.ts - INTERVAL 7 DAY AND v.start_ts <= i.ts + INTERVAL 7 DAY
        WHERE i.customer_id = ? AND i.local_date IN (${inDays}) AND CRC32(i.household_id) % ${SAMPLE_BUCKETS} < ?
        GROUP BY i.event_id, i.ts, ${of('i')}
       ON DUPLICATE KEY UPDATE n = n + VALUES(n)`,
      [customerId, ...days, STORED_BUCKETS],
    );
    await recordBuilt(tx, customerId, SUMMARY.reachExposure, stale);
  });
}
