import type { QueryRunner } from 'typeorm';
import { datesOf, dayFromNumber, dayNumber } from './days';
import { inReachSample } from './sample';
import { chunks } from '../shared/chunks';
import { memoized } from '../shared/memo';
import { localParts } from '../shared/time';

/**
 * Stale marks (docs/architecture.md#summaries): every writer of the tables the dashboard's summaries are built from marks
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
  // 5 was reach_control (a quarter of the control households), replaced by reach_holdout: not reused.
  /**
   * reach_holdout, built from control_impression_event, visit and visit_page as reach_exposure (the
   * same marks and notes), for every household: the ETL notes every control household's changes.
   */
  reachHoldout: 6,
  /**
   * The response summaries per site tag (response_site_*), built from visit_attribution only when a site
   * filter is read: never marked, rebuilt when the visits summary's day was rebuilt since (another version).
   */
  visitSites: 7,
  /**
   * The response summaries per creative (visit_creative_attribution, response_creative_*), built from
   * touch, visit and visit_page as visit_attribution, only when one creative is filtered: never marked
   * itself, rebuilt when the visits' marks of its day pass the version it was built from.
   */
  visitCreatives: 8,
} as const;
export type SummaryKind = (typeof SUMMARY)[keyof typeof SUMMARY];

/**
 * What the marks read of an impression the writers store (the ETL's ImpressionRow, etl/rows.ts, has these
 * and more): its customer, household and local date.
 */
export interface MarkedImpression {
  customerId: number;
  household: string;
  localDate: string;
}

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
/**
 * Per customer, the households outside the sample whose visits a transaction changed: noted too when
 * they have control impressions (reach_holdout keeps every household's), which markStaleDays asks.
 */
const holdoutCandidates = new WeakMap<QueryRunner, ReachVisits>();

const key = (customerId: number, summary: SummaryKind, date: string) =>
  `${String(customerId).padStart(10, '0')}|${summary}|${date}`;

/**
 * The writer rebuilt these visits of one customer (and deleted the stored ones they replace): every
 * local day from each new visit's start to its end is marked. A deleted visit's first hit lies inside
 * one of the new visits, so its day is among them. The households of the reach sample are noted with
 * those days too, for reach_exposure (noteReachVisits); the others are noted if they have control
 * impressions (for reach_holdout: markStaleDays looks).
 */
export function noteVisitDays(
  qr: QueryRunner,
  customerId: number,
  timeZone: string,
  visits: readonly { household: string; start: number; end: number; localDate: string }[],
): void {
  let days = noted.get(qr);
  if (!days) noted.set(qr, (days = new Set()));
  const households = reachHouseholds(reachNoted, qr, customerId);
  const others = reachHouseholds(holdoutCandidates, qr, customerId);
  for (const v of visits) {
    const last = localParts(v.end, timeZone).date;
    days.add(key(customerId, SUMMARY.visits, v.localDate));
    for (const d of datesOf(v.localDate, last)) days.add(key(customerId, SUMMARY.visits, d));
    widenNote(inReachSample(v.household) ? households : others, v.household, v.localDate, last);
  }
}

/**
 * New impressions the writer stored: their sampled households are noted with their days, for
 * reach_exposure; new control impressions (`control`): every household of theirs, for reach_holdout.
 * An impression changes no other row (its own flags come from the visits around it), so that day
 * alone is recopied.
 */
export function noteImpressions(qr: QueryRunner, rows: readonly MarkedImpression[], control = false): void {
  for (const [customerId, notes] of (control ? controlNotes : sampledNotes)(rows)) {
    const households = reachHouseholds(reachNoted, qr, customerId);
    for (const [household, d] of notes) widenNote(households, household, d.first, d.last);
  }
}

/**
 * The notes of impressions (noteImpressions), per customer and household: made once per array
 * (memoized), while the batch before is written (prepareStaleDays).
 */
function impressionNotes(rows: readonly MarkedImpression[], control: boolean): ReachVisits {
  const out: ReachVisits = new Map();
  /** Each local date's note (d + NOTE_AROUND, d - NOTE_AROUND), made once per date. */
  const noteOf = new Map<string, VisitDays>();
  for (const r of rows) {
    if (!control && !inReachSample(r.household)) continue;
    let note = noteOf.get(r.localDate);
    if (!note) {
      const d = dayNumber(r.localDate);
      noteOf.set(r.localDate, (note = { first: dayFromNumber(d + NOTE_AROUND), last: dayFromNumber(d - NOTE_AROUND) }));
    }
    let households = out.get(r.customerId);
    if (!households) out.set(r.customerId, (households = new Map()));
    widenNote(households, r.household, note.first, note.last);
  }
  return out;
}
const sampledNotes = memoized((rows: readonly MarkedImpression[]) => impressionNotes(rows, false));
const controlNotes = memoized((rows: readonly MarkedImpression[]) => impressionNotes(rows, true));

/** The customer-days of impressions (`customerId|date`), made once per array (memoized). */
const impressionDaysOf = memoized((rows: readonly MarkedImpression[]) => {
  const days = new Set<string>();
  for (const r of rows) days.add(`${r.customerId}|${r.localDate}`);
  return days;
});

/** The households of impressions, per customer, made once per array (memoized). */
const householdsOf = memoized((rows: readonly MarkedImpression[]) => {
  const out = new Map<number, Set<string>>();
  for (const r of rows) {
    const households = out.get(r.customerId);
    if (households) households.add(r.household);
    else out.set(r.customerId, new Set([r.household]));
  }
  return out;
});

/**
 * What markStaleDays and noteImpressions make of a batch's rows, as steps to make now (the read ahead's
 * prepare, while the batch before is written): its transaction then finds them made.
 */
export const staleDaySteps = (impressions: readonly MarkedImpression[], controls: readonly MarkedImpression[]) => [
  () => sampledNotes(impressions),
  () => controlNotes(controls),
  () => impressionDaysOf(impressions),
  () => householdsOf(impressions),
];

/** A household's note widened to cover (first, last) too (the smaller first, the larger last). */
function widenNote(households: Map<string, VisitDays>, household: string, first: string, last: string): void {
  const note = households.get(household);
  if (!note) households.set(household, { first, last });
  else {
    if (first < note.first) note.first = first;
    if (last > note.last) note.last = last;
  }
}

/** The transaction's noted households of one customer (or its candidates: holdoutCandidates). */
function reachHouseholds(notes: WeakMap<QueryRunner, ReachVisits>, qr: QueryRunner, customerId: number) {
  let reach = notes.get(qr);
  if (!reach) notes.set(qr, (reach = new Map()));
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
export async function markStaleDays(qr: QueryRunner, newImpressions: readonly MarkedImpression[]): Promise<void> {
  const days = noted.get(qr) ?? new Set<string>();
  noted.delete(qr);
  const impressionDays = impressionDaysOf(newImpressions);
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
  await noteHoldoutHouseholds(qr, newImpressions);
  const reach = reachNoted.get(qr);
  reachNoted.delete(qr);
  // After every mark (all writers lock the marks first, then these counters in customer order: no deadlocks).
  for (const [customerId, households] of [...(reach ?? [])].sort(([a], [b]) => a - b))
    if (households.size > 0) await noteReachVisits(qr, customerId, households);
}

/** Whether a customer has any control impression (a holdout): reach_holdout has rows of it only then. */
export async function hasControlImpressions(q: Queryable, customerId: number): Promise<boolean> {
  const any = (await q.query('SELECT 1 FROM control_impression_event WHERE customer_id = ? LIMIT 1', [
    customerId,
  ])) as unknown[];
  return any.length > 0;
}

/**
 * For reach_holdout, which keeps every household's control impressions: the transaction's visit
 * households outside the sample are noted as the sampled ones when they have control impressions, and
 * the households of its new impressions that have control impressions are noted over all their control
 * impressions' days (each row says whether its household has impressions at all). A customer without
 * control impressions costs one probe. A control impression stored concurrently for such a household
 * cannot be missed: the batches writing it lock the household's shard too (writer.ts lockShards), so
 * either it committed before this read, or its own note is applied after this transaction committed.
 */
async function noteHoldoutHouseholds(qr: QueryRunner, newImpressions: readonly MarkedImpression[]): Promise<void> {
  const visits = holdoutCandidates.get(qr);
  holdoutCandidates.delete(qr);
  // The households of the batch's impressions, per customer.
  const impressed = householdsOf(newImpressions);
  const customers = new Set([...(visits?.keys() ?? []), ...impressed.keys()]);
  for (const customerId of [...customers].sort((a, b) => a - b)) {
    const visited = visits?.get(customerId) ?? new Map<string, VisitDays>();
    const exposed = impressed.get(customerId) ?? new Set<string>();
    if (visited.size === 0 && exposed.size === 0) continue;
    if (!(await hasControlImpressions(qr, customerId))) continue;
    const notes = reachHouseholds(reachNoted, qr, customerId);
    // Keyed as the database prints the ids; each note keeps its own household key.
    const byId = new Map([...visited.keys(), ...exposed].map((h) => [BigInt(h).toString(), h]));
    for (const part of chunks([...byId.keys()], CHUNK)) {
      const found: { h: string; first: string; last: string }[] = await qr.query(
        `SELECT CAST(household_id AS CHAR) AS h, DATE_FORMAT(MIN(local_date), '%Y-%m-%d') AS first,
                DATE_FORMAT(MAX(local_date), '%Y-%m-%d') AS last
           FROM control_impression_event WHERE customer_id = ? AND household_id IN (?) GROUP BY household_id`,
        [customerId, part.map(BigInt)],
      );
      for (const f of found) {
        const h = byId.get(f.h);
        if (h === undefined) continue;
        const v = visited.get(h);
        if (v) widenNote(notes, h, v.first, v.last);
        if (exposed.has(h)) widenNote(notes, h, f.first, f.last);
      }
    }
  }
}

/**
 * reach_exposure and reach_holdout rebuild a day whole when its impression mark passes the version
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
        WHERE b.customer_id = ? AND b.summary IN (${SUMMARY.reachExposure}, ${SUMMARY.reachHoldout})
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
 * reach_exposure and reach_holdout are rebuilt whole (their rows are the impressions', so no note of
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
  // reach_holdout's days follow the impressions' marks.
  await q.query(
    `INSERT INTO summary_stale_day (customer_id, summary, local_date, version)
     SELECT DISTINCT customer_id, ${SUMMARY.impressions}, local_date, 1 FROM control_impression_event ${where}
     ON DUPLICATE KEY UPDATE version = summary_stale_day.version + 1`,
    params,
  );
}
