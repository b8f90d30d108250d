import type { QueryRunner } from 'typeorm';
import { datesOf, dayFromNumber, dayNumber } from '../modules/analytics/dates';
import { localParts } from '../shared/time';
import type { ImpressionRow } from './rows';

/**
 * Stale marks (issue 15): every writer of the tables the dashboard's summaries are built from marks
 * the customer-days it changed in summary_stale_day, in the same transaction as its writes, by bumping
 * the day's version. The dashboard rebuilds a summary's day when the day's mark is newer than the
 * version it last built from (summary_built_day), instead of scanning the source for checksums on
 * every read. A write during a rebuild bumps the version again, so that day is rebuilt on the next read.
 */
export const SUMMARY = {
  /** impression_cell, built from impression_rollup: the impressions' local dates. */
  impressions: 1,
  /** visit_attribution and the response summaries, built from touch, visit and visit_page: the visits' local dates. */
  visits: 2,
  // 3 was reach_sample, replaced by reach_exposure and dropped (migration DropReachSample): not reused.
  /**
   * reach_exposure, built from impression_event and visit: never marked itself, rebuilt from the marks
   * of its day's impressions and of the visits within 8 days of it (their flags), recorded under its kind.
   */
  reachExposure: 4,
} as const;
export type SummaryKind = (typeof SUMMARY)[keyof typeof SUMMARY];

/** Anything that runs SQL: a QueryRunner, an EntityManager, a DataSource. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** A touch's visit starts within 7 x 24 h after the impression: at most 8 local days later (DST). */
const TOUCH_DAYS = 8;
const CHUNK = 5000;

/** Days noted during a transaction (rebuilt visits), keyed by its QueryRunner, written by markStaleDays. */
const noted = new WeakMap<QueryRunner, Set<string>>();

const key = (customerId: number, summary: SummaryKind, date: string) =>
  `${String(customerId).padStart(10, '0')}|${summary}|${date}`;

/**
 * The writer rebuilt these visits of one customer (and deleted the stored ones they replace): every
 * local day from each new visit's start to its end is marked. A deleted visit's first hit lies inside
 * one of the new visits, so its day is among them.
 */
export function noteVisitDays(
  qr: QueryRunner,
  customerId: number,
  timeZone: string,
  visits: readonly { start: number; end: number; localDate: string }[],
): void {
  let days = noted.get(qr);
  if (!days) noted.set(qr, (days = new Set()));
  for (const v of visits) {
    days.add(key(customerId, SUMMARY.visits, v.localDate));
    for (const d of datesOf(v.localDate, localParts(v.end, timeZone).date))
      days.add(key(customerId, SUMMARY.visits, d));
  }
}

/**
 * Writes the transaction's marks, just before its commit: the new impressions' days (impression_cell)
 * and the days of the visits they may touch (their day and the 8 after, no read needed), plus the
 * days noted by noteVisitDays. One multi-row upsert per 5000 days, in key order (no deadlocks).
 */
export async function markStaleDays(qr: QueryRunner, newImpressions: readonly ImpressionRow[]): Promise<void> {
  const days = noted.get(qr) ?? new Set<string>();
  noted.delete(qr);
  const impressionDays = new Set<string>();
  for (const r of newImpressions) impressionDays.add(`${r.customerId}|${r.localDate}`);
  for (const cd of impressionDays) {
    const [c, date] = cd.split('|');
    days.add(key(Number(c), SUMMARY.impressions, date));
    const n = dayNumber(date);
    for (let k = 0; k <= TOUCH_DAYS; k++) days.add(key(Number(c), SUMMARY.visits, dayFromNumber(n + k)));
  }
  await writeMarks(
    qr,
    [...days].sort().map((k) => {
      const [c, s, d] = k.split('|');
      return [Number(c), Number(s) as SummaryKind, d];
    }),
  );
}

/** Marks (customer, summary, day) stale: for writers outside the ETL (test helpers, bench loaders). */
export async function writeMarks(q: Queryable, marks: readonly [number, SummaryKind, string][]): Promise<void> {
  for (let i = 0; i < marks.length; i += CHUNK) {
    const part = marks.slice(i, i + CHUNK);
    await q.query(
      `INSERT INTO summary_stale_day (customer_id, summary, local_date, version)
       VALUES ${part.map(() => '(?, ?, ?, 1)').join(', ')}
       ON DUPLICATE KEY UPDATE version = version + 1`,
      part.flat(),
    );
  }
}

/**
 * Marks every day a customer (or every customer) has in impression_rollup and visit: for writers that
 * fill those tables directly with SQL (test helpers, bench loaders). Days whose rows were deleted are
 * not found here: mark those with writeMarks.
 */
export async function markEveryDay(q: Queryable, customerId?: number): Promise<void> {
  const where = customerId === undefined ? '' : 'WHERE customer_id = ?';
  const params = customerId === undefined ? [] : [customerId];
  await q.query(
    `INSERT INTO summary_stale_day (customer_id, summary, local_date, version)
     SELECT DISTINCT customer_id, ${SUMMARY.impressions}, local_date, 1 FROM impression_rollup ${where}
     ON DUPLICATE KEY UPDATE version = summary_stale_day.version + 1`,
    params,
  );
  await q.query(
    `INSERT INTO summary_stale_day (customer_id, summary, local_date, version)
     SELECT DISTINCT customer_id, ${SUMMARY.visits}, local_date, 1 FROM visit ${where}
     ON DUPLICATE KEY UPDATE version = summary_stale_day.version + 1`,
    params,
  );
}
