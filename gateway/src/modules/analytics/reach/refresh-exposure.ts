import type { EntityManager } from 'typeorm';
import { hasControlImpressions, NOTE_AROUND, REACH_VISITS, SUMMARY } from '../../../summaries/marks';
import { chunks } from '../../../shared/chunks';
import { dayFromNumber, dayNumber } from '../filters/dates';
import { recordBuilt, type StaleDay, staleSummaryDays } from '../summaries/built-days';
import { householdBucket, STORED_BUCKETS } from '../../../summaries/sample';
import { bucketList, copyControls, copyImpressions, holdoutChains, markExposedHouseholds } from './copies';

/**
 * The days of a customer's range whose reach_exposure rows must be rebuilt whole (never built, or
 * impressions marked since: the ETL's own appends move an up-to-date day's version with its mark,
 * summaries/marks.ts followAppends, so only other writers' marks count).
 */
export const staleReachExposureDays = (em: EntityManager, customerId: number, start: string, end: string) =>
  staleSummaryDays(em, customerId, SUMMARY.reachExposure, start, end, SUMMARY.impressions);
/** The same for reach_holdout (its own built days, the same marks). */
const staleReachHoldoutDays = (em: EntityManager, customerId: number, start: string, end: string) =>
  staleSummaryDays(em, customerId, SUMMARY.reachHoldout, start, end, SUMMARY.impressions);

/** Households recomputed per statement. */
const HOUSEHOLDS = 200;
/** Above this many noted households, their days are rebuilt whole instead (applyNotes). */
export const MAX_NOTED = 20_000;

/** Deletes a table's rows of these days and copies them again whole; records them built. */
async function rebuildDays(
  tx: EntityManager,
  customerId: number,
  table: 'reach_exposure' | 'reach_holdout',
  days: readonly StaleDay[],
) {
  if (days.length === 0) return;
  const dates = days.map((d) => d.date);
  const inDays = dates.map(() => '?').join(',');
  const where = `i.customer_id = ? AND i.local_date IN (${inDays})`;
  if (table === 'reach_exposure') {
    // The buckets listed, so that the delete reads the stale days' ranges only (a bound on the bucket
    // alone reads every stored day of the customer).
    await tx.query(
      `DELETE FROM reach_exposure WHERE customer_id = ? AND bucket IN (${bucketList(STORED_BUCKETS)}) AND local_date IN (${inDays})`,
      [customerId, ...dates],
    );
    await copyImpressions(tx, 'ix_impression_reach', where, [customerId, ...dates]);
    await markExposedHouseholds(tx, customerId);
  } else {
    // The days' households before (their rows leave reach_holdout_first) and after (those new to these
    // days: their rows of other days leave it too), then every one's chain and rows counted again.
    const ofDays = `SELECT DISTINCT household_id FROM reach_holdout WHERE customer_id = ? AND local_date IN (${inDays})`;
    await holdoutChains(
      tx,
      customerId,
      [ofDays, [customerId, ...dates]],
      async () => {
        await tx.query(`DELETE FROM reach_holdout WHERE customer_id = ? AND local_date IN (${inDays})`, [
          customerId,
          ...dates,
        ]);
        await copyControls(tx, 'ix_control_reach', where, [customerId, ...dates]);
      },
      [ofDays, [customerId, ...dates], `r.local_date NOT IN (${inDays})`, dates],
    );
  }
  await recordBuilt(tx, customerId, table === 'reach_exposure' ? SUMMARY.reachExposure : SUMMARY.reachHoldout, days);
}

/**
 * Keeps reach_exposure (and reach_holdout, the same way: its own built days; every control household) in
 * step with impression_event, control_impression_event and visit for the days a range reads. Two
 * kinds of change, two ways:
 * - A day never built, or whose impressions a writer other than the ETL's append changed (deletions,
 *   back-fills, loaders: their impression marks) since it was built, is copied again whole
 *   (copyImpressions). The ETL's own mark moves a day's built version along when the day was up to
 *   date (followAppends), its impressions noted instead. The marks are read before the copy, so a
 *   write committed meanwhile leaves the recorded version below the mark (followAppends moves only a
 *   committed version equal to the mark before it) and the next read rebuilds the day rather than
 *   miss it (staleSummaryDays).
 * - What the ETL writes changes only rows of its own households. New visits change the flags of
 *   their household's impressions within 8 days; a new impression (or control impression) adds its
 *   own row, whose flags come from the visits around it, and changes no other. The ETL notes those
 *   households of the sample, and every household with control impressions (reach_visit_note, summaries/marks.ts noteReachVisits) under the
 *   customer's `noted` counter, with the days to recopy: a visit's from 8 before its first day to 8
 *   after its last, an impression's own day (VisitDays). Here every household noted after `applied`
 *   has its rows of those days deleted and copied again, on every day (built or not, in the range or
 *   not: a copy of one household's impressions is right on any day), and `applied` becomes the noted
 *   value read before. More than `maxNoted` households (a back-fill, a bulk load through the ETL)
 *   cost more that way than whole days: then every day they span is unbuilt instead, and so rebuilt
 *   whole when read (the range's days at once).
 * Why no visit or impression is missed: a noted value v is visible only once its batch, its visits,
 *   impressions and notes included, has committed (the writers hold its row until their commit, so
 *   values commit in order). Every write to reach_exposure runs under the customer's `applied` row,
 *   locked first, so they run one at a time. Take a household's note v and a day it names. If the
 *   day's last copy of that household's rows (whole day or per household) read impression_event and
 *   visit after v's commit, the rows reflect v's writes (and later per-household copies only read
 *   newer ones). Otherwise v committed after that copy began, so after it read `noted`: `applied`
 *   stayed below v then, and the first refresh that raises it to v or past comes after that copy's
 *   commit and copies the household again from rows that include v's. Impressions of households
 *   outside the sample change no row of reach_exposure; their visits are noted only when they have
 *   control impressions (for reach_holdout), whose batches lock the same household shard. Notes at or below `applied` are read by
 *   nothing, and are deleted.
 */
export async function refreshReachExposure(
  em: EntityManager,
  customerId: number,
  start: string,
  end: string,
  maxNoted = MAX_NOTED,
) {
  const versions = await freshness(em, customerId, start, end);
  if (versions.fresh) return;
  // Created outside the transaction (an INSERT IGNORE there would share-lock the row, then two readers
  // wanting it exclusively would deadlock).
  if (versions.applied < 0)
    await em.query(
      `INSERT IGNORE INTO reach_visit_version (customer_id, counter, version) VALUES (?, ${REACH_VISITS.applied}, 0)`,
      [customerId],
    );
  await em.transaction('READ COMMITTED', async (tx) => {
    const [{ version }]: { version: string | number }[] = await tx.query(
      `SELECT version FROM reach_visit_version WHERE customer_id = ? AND counter = ${REACH_VISITS.applied} FOR UPDATE`,
      [customerId],
    );
    const applied = BigInt(version);
    // Under the lock: what another refresh has not done meanwhile. The noted value is read before
    // any copy, the stale days (their marks) after the notes may have unbuilt some.
    const { noted } = await readVersions(tx, customerId);
    if (noted > applied) {
      await applyNotes(tx, customerId, applied, noted, maxNoted);
      await tx.query(
        `UPDATE reach_visit_version SET version = ? WHERE customer_id = ? AND counter = ${REACH_VISITS.applied}`,
        [String(noted), customerId],
      );
      await tx.query('DELETE FROM reach_visit_note WHERE customer_id = ? AND version <= ?', [
        customerId,
        String(noted),
      ]);
    }
    const [days, controlDays] = await Promise.all([
      staleReachExposureDays(tx, customerId, start, end),
      staleReachHoldoutDays(tx, customerId, start, end),
    ]);
    await rebuildDays(tx, customerId, 'reach_exposure', days);
    await rebuildDays(tx, customerId, 'reach_holdout', controlDays);
  });
}

/** The customer's counters, and whether the range's days need nothing from refreshReachExposure. */
async function freshness(em: EntityManager, customerId: number, start: string, end: string) {
  const [stale, staleControl, versions] = await Promise.all([
    staleReachExposureDays(em, customerId, start, end),
    staleReachHoldoutDays(em, customerId, start, end),
    readVersions(em, customerId),
  ]);
  return { ...versions, fresh: stale.length === 0 && staleControl.length === 0 && versions.noted <= versions.applied };
}

/**
 * Whether reach_exposure and reach_holdout are up to date for the range's days as they stand (no day
 * to build, no note to apply): refreshReachExposure would write nothing, so a read may start without it.
 */
export const reachExposureFresh = async (em: EntityManager, customerId: number, start: string, end: string) =>
  (await freshness(em, customerId, start, end)).fresh;

/** The customer's two counters (-1: no row yet). */
async function readVersions(em: EntityManager, customerId: number): Promise<{ noted: bigint; applied: bigint }> {
  const rows: { counter: number; version: string | number }[] = await em.query(
    'SELECT counter, version FROM reach_visit_version WHERE customer_id = ?',
    [customerId],
  );
  const of = (counter: number) => BigInt(rows.find((r) => Number(r.counter) === counter)?.version ?? -1);
  return { noted: of(REACH_VISITS.noted), applied: of(REACH_VISITS.applied) };
}

/**
 * The households noted in (applied, noted]: each one's rows of its noted days (VisitDays; the hull
 * of its notes) deleted and its impressions of those days copied again, HOUSEHOLDS at a time. Both statements are index ranges of
 * that household alone: the delete's (bucket, local_date, household) prefixes of the primary key
 * (reach_holdout's: (local_date, household)),
 * the copy's (household, ts) range of ix_impression_household, bounded by the days' widest instants
 * (local time is within -12..+14 h of UTC). More than `maxNoted` households: the days they span
 * are unbuilt instead (rebuilt whole on their next read, from visits read after `noted`).
 */
async function applyNotes(tx: EntityManager, customerId: number, applied: bigint, noted: bigint, maxNoted: number) {
  const notes: { h: string; first: string; last: string }[] = await tx.query(
    `SELECT CAST(household_id AS CHAR) AS h, DATE_FORMAT(MIN(first_date), '%Y-%m-%d') AS first,
            DATE_FORMAT(MAX(last_date), '%Y-%m-%d') AS last
       FROM reach_visit_note WHERE customer_id = ? AND version > ? AND version <= ? GROUP BY household_id`,
    [customerId, String(applied), String(noted)],
  );
  if (notes.length > maxNoted) {
    const first = notes.reduce((m, n) => Math.min(m, dayNumber(n.first)), Infinity);
    const last = notes.reduce((m, n) => Math.max(m, dayNumber(n.last)), -Infinity);
    await tx.query(
      `DELETE FROM summary_built_day WHERE customer_id = ? AND summary IN (${SUMMARY.reachExposure}, ${SUMMARY.reachHoldout})
          AND local_date BETWEEN ? AND ?`,
      [customerId, dayFromNumber(first - NOTE_AROUND), dayFromNumber(last + NOTE_AROUND)],
    );
    return;
  }
  // A customer without control impressions has no reach_holdout rows to recopy (checked after `noted`
  // was read: a control impression committed later is noted above it).
  const holdout = await hasControlImpressions(tx, customerId);
  for (const noted of chunks(notes, HOUSEHOLDS)) {
    // A note (first, last) stands for the days first - NOTE_AROUND .. last + NOTE_AROUND (summaries/marks.ts VisitDays).
    const part = noted.map((n) => ({
      household: n.h,
      bucket: householdBucket(n.h),
      from: dayNumber(n.first) - NOTE_AROUND,
      to: dayNumber(n.last) + NOTE_AROUND,
    }));
    // Households outside the sample are noted for reach_holdout alone (their control impressions).
    const sampled = part.filter((p) => p.bucket < STORED_BUCKETS);
    if (sampled.length > 0) {
      await tx.query(
        `DELETE FROM reach_exposure WHERE customer_id = ? AND (${sampled
          .map((p) => `(bucket = ${p.bucket} AND local_date IN (${dateList(p.from, p.to)}) AND household_id = ?)`)
          .join(' OR ')})`,
        [customerId, ...sampled.map((p) => BigInt(p.household))],
      );
      await copyImpressions(tx, 'ix_impression_household', ...householdRanges(customerId, sampled));
    }
    if (holdout) {
      const households = part.map((p) => BigInt(p.household));
      await holdoutChains(
        tx,
        customerId,
        [`SELECT * FROM (VALUES ${households.map(() => '(?)').join(', ')}) AS n`, households],
        async () => {
          await tx.query(
            `DELETE FROM reach_holdout WHERE customer_id = ? AND (${part
              .map((p) => `(local_date IN (${dateList(p.from, p.to)}) AND household_id = ?)`)
              .join(' OR ')})`,
            [customerId, ...households],
          );
          await copyControls(tx, 'ix_control_household', ...householdRanges(customerId, part));
        },
      );
    }
  }
}

const dateList = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => `'${dayFromNumber(from + k)}'`).join(',');

/**
 * The copy's condition (alias i) for these households' days from..to: each one's (household, ts) range,
 * bounded by the days' widest instants (local time is within -12..+14 h of UTC), and its local dates.
 */
function householdRanges(
  customerId: number,
  part: readonly { household: string; from: number; to: number }[],
): [string, unknown[]] {
  const where = `i.customer_id = ? AND (${part
    .map(() => '(i.household_id = ? AND i.ts >= ? AND i.ts < ? AND i.local_date BETWEEN ? AND ?)')
    .join(' OR ')})`;
  const params = [
    customerId,
    ...part.flatMap((p) => [
      BigInt(p.household),
      `${dayFromNumber(p.from - 1)} 00:00:00`,
      `${dayFromNumber(p.to + 2)} 00:00:00`,
      dayFromNumber(p.from),
      dayFromNumber(p.to),
    ]),
  ];
  return [where, params];
}
