import type { EntityManager } from 'typeorm';
import { SAMPLE_BUCKETS, STORED_BUCKETS } from '../../../summaries/sample';

/**
 * The copies of impression_event and control_impression_event into reach_exposure and reach_holdout (with
 * each impression's visit flags), and reach_holdout's prev_date chains: the SQL that refresh-exposure.ts runs
 * for whole days or for noted households.
 */

/** from, from + 1, .. to - 1: the IN list that reads exactly those buckets' index ranges. */
export const bucketList = (to: number, from = 0) => Array.from({ length: to - from }, (_, b) => from + b).join(',');

/** SQL of a datetime(3) as milliseconds since 1970 (no time zone involved: the column is UTC). */
export const msOf = (column: string) => `(TIMESTAMPDIFF(MICROSECOND, '1970-01-01', ${column}) DIV 1000)`;

const COLUMNS =
  'customer_id, local_date, household_id, booking_id, creative_id, region, daypart, campaign_id, channel_id, weekday';
const of = (alias: string) => COLUMNS.replace(/(\w+)/g, `${alias}.$1`);

/**
 * The two passes of a copy into reach_exposure or reach_holdout: site_tag_id 0 from every visit (a left
 * join: an impression without visits still gets its row), then one row per site tag the visits hit,
 * from those visits' pages alone. The copies join in the order written (STRAIGHT_JOIN) and probe visit
 * through ix_visit_household: on tables whose statistics lagged a bulk write, MariaDB chose visit_page,
 * visit, then every impression of the customer per page for the site pass, or, with the order fixed,
 * a block-nested-loop scan of visit per block of impressions (minutes instead of seconds: the first
 * test of tests/dashboard/reach-sample.test.ts timed out on main under load).
 */
const SITE_PASSES = [
  { site: '0', join: 'LEFT JOIN', pages: '', bySite: '' },
  { site: 'p.site_tag_id', join: 'JOIN', pages: 'JOIN visit_page p ON p.visit_id = v.id', bySite: ', p.site_tag_id' },
] as const;

/**
 * Copies sampled impressions of impression_event (those `where` selects, alias i, through `index`) into
 * reach_exposure, each with its visit flags from one range probe of ix_visit_household over
 * (ts - 7 d, ts + 7 d]: a visit at or before ts (pre), one after (post), and the date of the first at
 * or after ts and before ts + 7 d (a touch's window), as site_tag_id 0; then one row per site tag such
 * visits hit, its flags and date from those visits alone (a site filter's read). Impressions of one
 * household at the same instant in one cell share a row (their flags are the same), n counting them.
 */
export async function copyImpressions(tx: EntityManager, index: string, where: string, params: unknown[]) {
  for (const { site, join, pages, bySite } of SITE_PASSES) {
    await tx.query(
      `INSERT INTO reach_exposure (bucket, ${COLUMNS}, site_tag_id, n, t_key, resp_date)
       SELECT STRAIGHT_JOIN CRC32(i.household_id) % ${SAMPLE_BUCKETS}, ${of('i')}, ${site}, 1,
              ${msOf('i.ts')} * 4 + 2 * COALESCE(MAX(v.start_ts <= i.ts), 0) + COALESCE(MAX(v.start_ts > i.ts), 0),
              MIN(CASE WHEN v.start_ts >= i.ts AND v.start_ts < i.ts + INTERVAL 7 DAY THEN v.local_date END)
         FROM impression_event i FORCE INDEX (${index})
         ${join} visit v FORCE INDEX (ix_visit_household) ON v.customer_id = i.customer_id AND v.household_id = i.household_id
          AND v.start_ts > i.ts - INTERVAL 7 DAY AND v.start_ts <= i.ts + INTERVAL 7 DAY ${pages}
        WHERE ${where} AND CRC32(i.household_id) % ${SAMPLE_BUCKETS} < ${STORED_BUCKETS}
        GROUP BY i.event_id, i.ts, ${of('i')}${bySite}
       ON DUPLICATE KEY UPDATE n = n + VALUES(n)`,
      params,
    );
  }
}

/** Whether the household of a row (alias) has any impression: one probe of ix_impression_household. */
const EXPOSED = (alias: string) =>
  `EXISTS (SELECT 1 FROM impression_event x FORCE INDEX (ix_impression_household)
            WHERE x.customer_id = ${alias}.customer_id AND x.household_id = ${alias}.household_id)`;

/**
 * reach_holdout's copy of control impressions (alias i, through `index`), every household's: the date
 * of the first visit each is a control touch of (start in [ts, ts + 7 d)), from one range probe of
 * ix_visit_household, as site_tag_id 0; then, per site tag such visits hit, the first of those
 * visits' date. exposed: the household has an impression (of any day) as the row is copied. Impressions of one household at the same instant in one cell share their rows (the
 * same dates).
 */
export async function copyControls(tx: EntityManager, index: string, where: string, params: unknown[]) {
  for (const { site, join, pages, bySite } of SITE_PASSES) {
    await tx.query(
      `INSERT INTO reach_holdout (${COLUMNS}, t_ms, site_tag_id, resp_date, exposed)
       SELECT STRAIGHT_JOIN ${of('i')}, ${msOf('i.ts')}, ${site}, MIN(v.local_date), ${EXPOSED('i')}
         FROM control_impression_event i FORCE INDEX (${index})
         ${join} visit v FORCE INDEX (ix_visit_household) ON v.customer_id = i.customer_id AND v.household_id = i.household_id
          AND v.start_ts >= i.ts AND v.start_ts < i.ts + INTERVAL 7 DAY ${pages}
        WHERE ${where}
        GROUP BY i.event_id, i.ts, ${of('i')}${bySite}
       ON DUPLICATE KEY UPDATE resp_date = VALUES(resp_date), exposed = VALUES(exposed)`,
      params,
    );
  }
}

/** The households whose reach_holdout rows a change touches (a temporary table of the transaction's connection). */
const CHANGED = 'reach_holdout_changed';

/**
 * Adds (sign 1) or takes away (-1) the site_tag_id 0, exposed = 0 rows of the CHANGED households (only
 * those whose `seen` is given, and only the rows `where` keeps) to or from reach_holdout_first, by
 * (local_date, prev_date).
 */
const countFirsts = (
  tx: EntityManager,
  customerId: number,
  sign: 1 | -1,
  where = 'TRUE',
  params: unknown[] = [],
  seen?: 0 | 1,
) =>
  tx.query(
    `INSERT INTO reach_holdout_first (customer_id, local_date, prev_date, households)
     SELECT r.customer_id, r.local_date, COALESCE(r.prev_date, '${NO_PREV}') AS p, ${sign} * COUNT(*)
       FROM ${CHANGED} c JOIN reach_holdout r FORCE INDEX (ix_reach_holdout_household)
         ON r.customer_id = ? AND r.household_id = c.household_id AND r.site_tag_id = 0
      WHERE r.exposed = 0 AND ${seen === undefined ? 'TRUE' : `c.seen = ${seen}`} AND ${where}
      GROUP BY r.customer_id, r.local_date, p
     ON DUPLICATE KEY UPDATE households = households + VALUES(households)`,
    [customerId, ...params],
  );

/** reach_holdout_first's prev_date of a household's first row (the rows' own is NULL). */
const NO_PREV = '1000-01-01';

/**
 * Runs `change` on reach_holdout rows of the households `changed` selects (SQL and its parameters: one
 * household_id column) and keeps prev_date and reach_holdout_first in step: the households' rows are
 * taken away from reach_holdout_first before, their prev_date chains recomputed after (LAG over all of
 * a household's site_tag_id 0 rows) and the rows counted again. `added` selects the households after
 * the change, when it may bring new ones: their rows that `kept` keeps (those the change did not
 * write) are taken away too, first. Every write to reach_holdout runs under the customer's `applied`
 * row (refreshReachExposure), so no other change interleaves.
 */
export async function holdoutChains(
  tx: EntityManager,
  customerId: number,
  changed: [string, unknown[]],
  change: () => Promise<void>,
  added?: [string, unknown[], string, unknown[]],
) {
  await tx.query(
    `CREATE TEMPORARY TABLE IF NOT EXISTS ${CHANGED} (household_id bigint unsigned PRIMARY KEY, seen tinyint NOT NULL) ENGINE=MEMORY`,
  );
  await tx.query(`DELETE FROM ${CHANGED}`);
  await tx.query(`INSERT IGNORE INTO ${CHANGED} (household_id, seen) SELECT x.*, 1 FROM (${changed[0]}) x`, changed[1]);
  await countFirsts(tx, customerId, -1);
  await change();
  if (added) {
    await tx.query(`INSERT IGNORE INTO ${CHANGED} (household_id, seen) SELECT x.*, 0 FROM (${added[0]}) x`, added[1]);
    await countFirsts(tx, customerId, -1, added[2], added[3], 0);
  }
  await tx.query(
    `UPDATE reach_holdout h JOIN (
       SELECT r.local_date, r.household_id, r.t_ms, ${CELL('r')},
              LAG(r.local_date) OVER (PARTITION BY r.household_id ORDER BY r.local_date, r.t_ms, ${CELL('r')}) AS prev
         FROM ${CHANGED} c JOIN reach_holdout r FORCE INDEX (ix_reach_holdout_household)
           ON r.customer_id = ? AND r.household_id = c.household_id AND r.site_tag_id = 0) x
       ON h.customer_id = ? AND h.local_date = x.local_date AND h.household_id = x.household_id AND h.t_ms = x.t_ms
      AND ${CELL_COLUMNS.map((k) => `h.${k} = x.${k}`).join(' AND ')} AND h.site_tag_id = 0
      SET h.prev_date = x.prev`,
    [customerId, customerId],
  );
  await countFirsts(tx, customerId, 1);
  await tx.query('DELETE FROM reach_holdout_first WHERE customer_id = ? AND households = 0', [customerId]);
}

/** A reach_holdout row's cell after (local_date, household_id, t_ms): the rest of its key but site_tag_id. */
const CELL_COLUMNS = ['booking_id', 'creative_id', 'region', 'daypart', 'campaign_id', 'channel_id', 'weekday'];
const CELL = (alias: string) => CELL_COLUMNS.map((k) => `${alias}.${k}`).join(', ');

/**
 * Impressions of rebuilt reach_exposure days written by another writer (their marks) may be a control
 * household's first: its reach_holdout rows learn it here (the ETL's own are noted instead). One probe
 * per household whose rows say it has none (read in household order from ix_reach_holdout_household),
 * not one per row.
 */
export async function markExposedHouseholds(tx: EntityManager, customerId: number) {
  await holdoutChains(
    tx,
    customerId,
    [
      `SELECT h.household_id FROM (SELECT DISTINCT r.household_id, r.customer_id FROM reach_holdout r FORCE INDEX (ix_reach_holdout_household)
                                    WHERE r.customer_id = ? AND r.exposed = 0) h
        WHERE ${EXPOSED('h')}`,
      [customerId],
    ],
    async () => {
      await tx.query(
        `UPDATE reach_holdout h JOIN ${CHANGED} c ON h.customer_id = ? AND h.household_id = c.household_id SET h.exposed = 1`,
        [customerId],
      );
    },
  );
}
