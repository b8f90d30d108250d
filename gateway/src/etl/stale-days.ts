import type { QueryRunner } from 'typeorm';
import { datesOf, dayFromNumber, dayNumber } from '../modules/analytics/dates';
import { inReachSample } from '../modules/analytics/rollup/reach-buckets';
import { chunks } from '../shared/chunks';
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
   * reach_exposure, built from impression_event and visit: never marked itself. A day is rebuilt from
   * the marks of its impressions, recorded under its kind; the visits it reads (its flags) are followed
   * per household instead (reach_visit_note, noteReachVisits below).
   */
  reachExposure: 4,
  /** reach_control, built from control_impression_event and visit as reach_exposure (the same marks, notes and households). */
  reachControl: 5,
} as const;
export type SummaryKind = (typeof SUMMARY)[keyof typeof SUMMARY];

/** Anything that runs SQL: a QueryRunner, an EntityManager, a DataSource. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** A touch's visit starts within 7 x 24 h after the impression: at most 8 local days later (DST). */
const TOUCH_DAYS = 8;
/**
 * A visit changes the flags of the impressions whose time is within 7 x 24 h of its start: local dates
 * at most 8 days away (a DST change adds an hour). A reach note's (first, last) stands for the days
 * first - NOTE_AROUND .. last + NOTE_AROUND, which refreshReachExposure recopies.
 */
export const NOTE_AROUND = 8;
const CHUNK = 5000;

/** Days noted during a transaction (rebuilt visits), keyed by its QueryRunner, written by markStaleDays. */
const noted = new WeakMap<QueryRunner, Set<string>>();
/** Per customer, the sampled households whose rows a transaction changed, as notes (VisitDays). */
type ReachVisits = Map<number, Map<string, VisitDays>>;
/**
 * A reach note: the household's rows of the days first - NOTE_AROUND .. last + NOTE_AROUND are
 * recopied. For rebuilt visits, the local days from the first's start to the last's end; for new
 * impressions of day d alone, (d + NOTE_AROUND, d - NOTE_AROUND), so first > last (that day only).
 */
export interface VisitDays {
  first: string;
  last: string;
}
const reachNoted = new WeakMap<QueryRunner, ReachVisits>();

const key = (customerId: number, summary: SummaryKind, date: string) =>
  `${String(customerId).padStart(10, '0')}|${summary}|${date}`;

/**
 * The writer rebuilt these visits of one customer (and deleted the stored ones they replace): every
 * local day from each new visit's start to its end is marked. A deleted visit's first hit lies inside
 * one of the new visits, so its day is among them. The households of the reach sample are noted with
 * those days too, for reach_exposure (noteReachVisits).
 */
export function noteVisitDays(
  qr: QueryRunner,
  customerId: number,
  timeZone: string,
  visits: readonly { household: string; start: number; end: number; localDate: string }[],
): void {
  let days = noted.get(qr);
  if (!days) noted.set(qr, (days = new Set()));
  const households = reachHouseholds(qr, customerId);
  for (const v of visits) {
    const last = localParts(v.end, timeZone).date;
    days.add(key(customerId, SUMMARY.visits, v.localDate));
    for (const d of datesOf(v.localDate, last)) days.add(key(customerId, SUMMARY.visits, d));
    if (inReachSample(v.household)) widenNote(households, v.household, v.localDate, last);
  }
}

/**
 * New impressions or control impressions the writer stored: their sampled households are noted with
 * their days, for reach_exposure and reach_control. An impression changes no other row (its own
 * flags come from the visits around it), so that day alone is recopied.
 */
export function noteImpressions(qr: QueryRunner, rows: readonly ImpressionRow[]): void {
  for (const r of rows) {
    if (!inReachSample(r.household)) continue;
    const d = dayNumber(r.localDate);
    widenNote(
      reachHouseholds(qr, r.customerId),
      r.household,
      dayFromNumber(d + NOTE_AROUND),
      dayFromNumber(d - NOTE_AROUND),
    );
  }
}

/** A household's note widened to cover (first, last) too (the smaller first, the larger last). */
function widenNote(households: Map<string, VisitDays>, household: string, first: string, last: string): void {
  const note = households.get(household);
  if (!note) households.set(household, { first, last });
  else {
    if (first < note.first) note.first = first;
    if (last > note.last) note.last = last;
  }
}

/** The transaction's noted households of one customer. */
function reachHouseholds(qr: QueryRunner, customerId: number): Map<string, VisitDays> {
  let reach = reachNoted.get(qr);
  if (!reach) reachNoted.set(qr, (reach = new Map()));
  let households = reach.get(customerId);
  if (!households) reach.set(customerId, (households = new Map()));
  return households;
}

/**
 * Writes the transaction's marks, just before its commit: the new impressions' days (impression_cell;
 * reach_exposure's up-to-date days follow, their sampled households noted instead: followAppends) and the days
 * of the visits they may touch (their day and the 8 after, no read needed), plus the days noted by
 * noteVisitDays. One multi-row upsert per 5000 days, in key order (no deadlocks).
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
  await followAppends(qr, impressionDays);
  const reach = reachNoted.get(qr);
  reachNoted.delete(qr);
  // After every mark (all writers lock the marks first, then these counters in customer order: no deadlocks).
  for (const [customerId, households] of [...(reach ?? [])].sort(([a], [b]) => a - b))
    if (households.size > 0) await noteReachVisits(qr, customerId, households);
}

/**
 * reach_exposure and reach_control rebuild a day whole when its impression mark passes the version
 * they built it from; the ETL's new impressions are noted per household instead (noteImpressions).
 * So a built day that was up to date before this transaction's bump of its mark (version = mark - 1,
 * the mark's row locked by that bump) is moved up with it. A day already behind stays behind (a
 * whole rebuild is due anyway, and reads the new impressions). Only another writer's mark (deletions,
 * back-fills, loaders) makes a day stale then. The built row is read and locked by the UPDATE: a
 * rebuild committed before counts, one committing after records the version it read, the lower one.
 */
async function followAppends(q: Queryable, impressionDays: ReadonlySet<string>): Promise<void> {
  const byCustomer = new Map<number, string[]>();
  for (const cd of impressionDays) {
    const [c, date] = cd.split('|');
    let dates = byCustomer.get(Number(c));
    if (!dates) byCustomer.set(Number(c), (dates = []));
    dates.push(date);
  }
  for (const [customerId, dates] of [...byCustomer].sort(([a], [b]) => a - b))
    await q.query(
      `UPDATE summary_built_day b JOIN summary_stale_day s
          ON s.customer_id = b.customer_id AND s.summary = ${SUMMARY.impressions} AND s.local_date = b.local_date
          SET b.version = b.version + 1
        WHERE b.customer_id = ? AND b.summary IN (${SUMMARY.reachExposure}, ${SUMMARY.reachControl})
          AND b.local_date IN (?) AND b.version = s.version - 1`,
      [customerId, dates.sort()],
    );
}

/** reach_visit_version.counter: the writers' count of noted batches, and the one reach_exposure has applied. */
export const REACH_VISITS = { noted: 1, applied: 2 } as const;

/**
 * Notes, for reach_exposure, households of its sample whose visits changed (rebuilt, added or deleted)
 * on these local days, or that have new impressions (VisitDays): their rows of the 8 days around are
 * recomputed on the next read
 * (refreshReachExposure). Bumps the customer's noted counter and writes the notes under its new value.
 * Must run inside the transaction that changed the visits, after its other marks: the counter's row
 * stays locked until the commit, so the values commit in order and a reader that sees value v also
 * sees every note up to v.
 */
export async function noteReachVisits(
  q: Queryable,
  customerId: number,
  households: ReadonlyMap<string, VisitDays>,
): Promise<void> {
  await q.query(
    `INSERT INTO reach_visit_version (customer_id, counter, version) VALUES (?, ${REACH_VISITS.noted}, 1)
     ON DUPLICATE KEY UPDATE version = version + 1`,
    [customerId],
  );
  const [{ version }] = (await q.query(
    `SELECT version FROM reach_visit_version WHERE customer_id = ? AND counter = ${REACH_VISITS.noted}`,
    [customerId],
  )) as { version: string | number }[];
  for (const part of chunks([...households], CHUNK)) {
    await q.query(
      `INSERT INTO reach_visit_note (customer_id, version, household_id, first_date, last_date)
       VALUES ${part.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      part.flatMap(([household, d]) => [customerId, String(version), household, d.first, d.last]),
    );
  }
}

/** Marks (customer, summary, day) stale: for writers outside the ETL (test helpers, bench loaders). */
export async function writeMarks(q: Queryable, marks: readonly [number, SummaryKind, string][]): Promise<void> {
  for (const part of chunks(marks, CHUNK)) {
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
 * not found here: mark those with writeMarks. Every impression day (control ones too) being marked,
 * reach_exposure and reach_control are rebuilt whole (their rows are the impressions', so no note of
 * the visits is needed).
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
  // reach_control's days follow the impressions' marks.
  await q.query(
    `INSERT INTO summary_stale_day (customer_id, summary, local_date, version)
     SELECT DISTINCT customer_id, ${SUMMARY.impressions}, local_date, 1 FROM control_impression_event ${where}
     ON DUPLICATE KEY UPDATE version = summary_stale_day.version + 1`,
    params,
  );
}
