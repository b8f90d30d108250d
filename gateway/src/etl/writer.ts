import type { DataSource, QueryRunner } from 'typeorm';
import { DEFAULT_SHARDS, shardOf } from '../collector/stream';
import { chunks } from '../shared/chunks';
import { memoized, turn } from '../shared/memo';
import { localParts } from '../shared/time';
import { consecutiveIdStep, insertIgnore, loadDataAllowed, loadRows } from './bulk-load';
import { dailyActivitySteps, recordDailyActivity } from './daily-activity';
import { writeControlImpressions } from './control-impressions';
import { type EventKey, uniqueBy, type ImpressionRow, type PreparedBatch, type SiteHitRow } from './rows';
import { SESSION_GAP_MS, sessionise, type SessionHit } from './sessions';
import { PING_WINDOW_MS } from './pings';
import { markStaleDays, noteImpressions, noteVisitDays, staleDaySteps } from '../summaries/marks';
import {
  IMPRESSION_EVENT_COLUMNS,
  IMPRESSION_ROLLUP_COLUMNS,
  type NewVisit,
  SITE_HIT_COLUMNS,
  TOUCH_COLUMNS,
  type TouchedVisit,
  type TouchingImpression,
  VISIT_COLUMNS,
  VISIT_PAGE_COLUMNS,
  columnList,
  impressionEventRow,
  impressionEventText,
  impressionRollupRow,
  siteHitRow,
  siteHitText,
  sqlTime,
  touchImpressionText,
  touchRow,
  touchVisitText,
  visitPageRow,
  visitPageText,
  visitRow,
  visitText,
} from './tables';

/**
 * Writes one batch in ONE transaction (DESIGN 3-4): raw events (idempotent by customer and event id), the
 * impression rollup, and the visits, pages and touches of every household the batch touches.
 * Late or out-of-order hits rebuild the affected visits: the visits within 30 minutes of the new
 * hits are deleted and re-sessionised from the stored hits, so the result is as if in order.
 */
export interface BatchResult {
  newImpressions: number;
  newHits: number;
  duplicates: number;
  /**
   * Site tags with new hits of the trailing 24 hours (their ping counts change; an older hit changes
   * neither ping_count nor ping_date: a replay of history refreshes nothing).
   */
  siteTagIds: number[];
  /** Latest event time written, ms (0 when none). */
  watermark: number;
}

/** Another transaction stored some of the same events first: retry the batch. */
export class ConcurrentBatchError extends Error {}

const CHUNK = 5000;
const TOUCH_WINDOW_MS = 7 * 24 * 3600 * 1000;

/**
 * Milliseconds spent per step of writeBatch since the process started (summed over batches): the
 * ingest bench prints them, so a profile of where a batch's time goes needs no extra tooling.
 */
export const etlPhaseMs: Record<string, number> = {};
export const timed = async <T>(phase: string, work: Promise<T>): Promise<T> => {
  const t = performance.now();
  try {
    return await work;
  } finally {
    etlPhaseMs[phase] = (etlPhaseMs[phase] ?? 0) + performance.now() - t;
  }
};

/** A fast-path batch met events stored before: redo it checking every event id first. */
class SeenBefore extends Error {}

/**
 * Fast path first: INSERT IGNORE all events and expect all to be new (the common case). When some
 * were stored before (a redelivery), the transaction is rolled back and redone checking ids first.
 */
export async function writeBatch(
  ds: DataSource,
  batch: PreparedBatch,
  ledger?: BatchLedger,
  shards = DEFAULT_SHARDS,
): Promise<BatchResult> {
  try {
    return await writeBatchOnce(ds, batch, false, shards, ledger);
  } catch (e) {
    if (e instanceof SeenBefore) return writeBatchOnce(ds, batch, true, shards, ledger);
    throw e;
  }
}

/**
 * Makes what the batch's transaction computes from its rows when all of them are new (the fast path):
 * the unique rows, the rollup's and daily_activity's cells, the stale days and reach notes. The worker
 * calls it while the batch before is written, so the transaction finds them made (memoized per row
 * array) instead of holding its locks while JS walks 50k rows.
 */
export async function prepareBatch(batch: PreparedBatch, shards = DEFAULT_SHARDS): Promise<void> {
  const impressions = uniqueBy(batch.impressions);
  const hits = uniqueBy(batch.hits);
  for (const step of [
    () => shardsOf(impressions, shards),
    () => shardsOf(hits, shards),
    () => rollupRows(impressions),
    ...dailyActivitySteps(impressions, hits),
    ...staleDaySteps(impressions, batch.controls ?? []),
  ]) {
    // Each step between turns of the event loop: the batch being written meanwhile gets its replies.
    await turn();
    step();
  }
}

/** Runs inside the batch's transaction just before the commit, with its counts (the worker's ledger). */
export type BatchLedger = (qr: QueryRunner, counts: { processed: number; duplicates: number }) => Promise<void>;

async function writeBatchOnce(
  ds: DataSource,
  batch: PreparedBatch,
  checkIds: boolean,
  shards: number,
  ledger?: BatchLedger,
): Promise<BatchResult> {
  const impressions = uniqueBy(batch.impressions);
  const hits = uniqueBy(batch.hits);
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    await qr.startTransaction('READ COMMITTED');
    // Control impressions too: a visit's batch asks whether its household has any (noteHoldoutHouseholds).
    await timed('lock', lockShards(qr, [impressions, hits, batch.controls ?? []], shards));
    const newImpressions = await timed(
      'raw_impressions',
      insertNew(
        qr,
        checkIds,
        'impression_event',
        impressions,
        IMPRESSION_EVENT,
        impressionEventRow,
        impressionEventText,
      ),
    );
    const newHits = await timed(
      'raw_hits',
      insertNew(qr, checkIds, 'site_hit', hits, SITE_HIT, siteHitRow, siteHitText),
    );
    const controls = batch.controls ?? [];
    await timed('controls', writeControlImpressions(qr, controls));
    noteImpressions(qr, controls, true);
    noteImpressions(qr, newImpressions);
    const rebuilt = await timed('visits', rebuildVisits(qr, newHits));
    await timed('touch_existing', touchExistingVisits(qr, newImpressions, rebuilt));
    // Rows other transactions add to (the worker's other lanes, other workers) last, each table in key
    // order: a transaction holds their locks only from here to its commit.
    await timed('rollup', addToRollup(qr, newImpressions));
    await timed('daily_activity', recordDailyActivity(qr, newImpressions, newHits));
    await timed('stale_days', markStaleDays(qr, newImpressions));
    const stored = newImpressions.length + newHits.length;
    await timed(
      'ledger',
      Promise.resolve(
        ledger?.(qr, { processed: stored, duplicates: batch.impressions.length + batch.hits.length - stored }),
      ),
    );
    await timed('commit', qr.commitTransaction());
    const all = [...newImpressions, ...newHits];
    return {
      newImpressions: newImpressions.length,
      newHits: newHits.length,
      duplicates: batch.impressions.length + batch.hits.length - all.length,
      siteTagIds: [...new Set(newHits.filter((h) => h.ts > Date.now() - PING_WINDOW_MS).map((h) => h.siteTagId))],
      watermark: all.reduce((m, r) => Math.max(m, r.ts), 0),
    };
  } catch (e) {
    if (qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
    throw e;
  } finally {
    await qr.release();
  }
}

/** The household shards of rows, made once per array and shard count (prepareBatch makes them ahead). */
const shardSets = memoized(() => new Map<number, Set<number>>());
const shardsOf = (rows: readonly { household: string }[], shards: number): Set<number> => {
  const sets = shardSets(rows);
  let set = sets.get(shards);
  if (!set) {
    set = new Set();
    for (const r of rows) set.add(shardOf(r.household, shards));
    sets.set(shards, set);
  }
  return set;
};

/**
 * Locks the household shard of every row of the batch (shardOf, the stream a household's hits go to),
 * in shard order (no deadlocks between batches): from here on this transaction alone rebuilds the
 * sessions and touches of those households. Normally a shard has one owner (its lease) and the lock
 * is never waited on; it keeps two writers apart when a lease lapses mid-batch or the old single
 * stream is drained beside the shards.
 */
async function lockShards(qr: QueryRunner, lists: (readonly { household: string }[])[], shards: number): Promise<void> {
  const owned = new Set<number>();
  for (const rows of lists) for (const n of shardsOf(rows, shards)) owned.add(n);
  if (!owned.size) return;
  const sorted = [...owned].sort((a, b) => a - b);
  await qr.query('INSERT INTO etl_shard_lock (shard) VALUES ? ON DUPLICATE KEY UPDATE shard = shard', [
    sorted.map((n) => [n]),
  ]);
}

const IMPRESSION_EVENT = columnList(IMPRESSION_EVENT_COLUMNS);
const SITE_HIT = columnList(SITE_HIT_COLUMNS);

/**
 * Inserts the rows whose event (customer and id: the key of the table) is not stored yet; answers exactly
 * those. Without `checkIds`, any event stored before aborts the attempt (SeenBefore) instead of costing a
 * lookup every time.
 */
async function insertNew<T extends EventKey>(
  qr: QueryRunner,
  checkIds: boolean,
  table: 'impression_event' | 'site_hit',
  rows: T[],
  columns: string,
  row: (r: T) => unknown[],
  text: (r: T) => string,
): Promise<T[]> {
  if (!rows.length) return [];
  const existing = checkIds ? await storedEvents(qr, table, rows) : null;
  // The same array when all are new (the fast path): the batch's memoized cells and notes key on it.
  const fresh = existing?.size ? rows.filter((r) => !existing.has(eventKey(r))) : rows;
  const inserted = await insertIgnore(qr, table, columns, fresh, text, row);
  if (inserted !== fresh.length) {
    if (!checkIds) throw new SeenBefore();
    throw new ConcurrentBatchError(`${table}: events stored concurrently`);
  }
  return fresh;
}

const eventKey = (r: EventKey): string => `${r.customerId}/${r.eventId}`;

/** The events of `rows` stored already (as eventKey), read per customer through the table's key. */
async function storedEvents(qr: QueryRunner, table: string, rows: readonly EventKey[]): Promise<Set<string>> {
  const idsOf = new Map<number, string[]>();
  for (const r of rows) {
    const ids = idsOf.get(r.customerId);
    if (ids) ids.push(r.eventId);
    else idsOf.set(r.customerId, [r.eventId]);
  }
  const stored = new Set<string>();
  for (const [customerId, ids] of idsOf) {
    for (const part of chunks(ids, CHUNK)) {
      const found: { event_id: string }[] = await qr.query(
        `SELECT event_id FROM ${table} WHERE customer_id = ? AND event_id IN (?)`,
        [customerId, part],
      );
      for (const f of found) stored.add(`${customerId}/${f.event_id}`);
    }
  }
  return stored;
}

/** Impressions' impression_rollup rows, one per cell, in key order (made once per array: memoized). */
const rollupRows = memoized((rows: readonly ImpressionRow[]) => {
  const cells = new Map<string, { first: ImpressionRow; impressions: number }>();
  for (const r of rows) {
    const key = `${r.customerId}|${r.localDate}|${r.bookingId}|${r.creativeId}|${r.region}|${r.daypart}`;
    const cell = cells.get(key);
    if (cell) cell.impressions++;
    else cells.set(key, { first: r, impressions: 1 });
  }
  return [...cells.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, c]) => impressionRollupRow(c.first, c.impressions));
});

/** Adds the new impressions to impression_rollup, one row per cell (its key order: no deadlocks). */
async function addToRollup(qr: QueryRunner, rows: ImpressionRow[]): Promise<void> {
  for (const part of chunks(rollupRows(rows), CHUNK)) {
    await qr.query(
      `INSERT INTO impression_rollup (${columnList(IMPRESSION_ROLLUP_COLUMNS)})
       VALUES ? ON DUPLICATE KEY UPDATE impressions = impressions + VALUES(impressions)`,
      [part],
    );
  }
}

interface HouseholdSpan {
  household: string;
  lo: number;
  hi: number;
  /** The batch's new hits of this household. */
  fresh: SessionHit[];
  /** Stored visits were within 30 minutes: the span holds stored hits too. */
  joined: boolean;
}

/**
 * For each customer x household with new hits: delete the visits within 30 minutes of them,
 * re-sessionise the stored hits of that span, insert the visits, their pages and their touches.
 */
async function rebuildVisits(qr: QueryRunner, newHits: SiteHitRow[]): Promise<Set<number>> {
  const byCustomer = new Map<number, { timeZone: string; spans: Map<string, HouseholdSpan> }>();
  for (const h of newHits) {
    let c = byCustomer.get(h.customerId);
    if (!c) byCustomer.set(h.customerId, (c = { timeZone: h.timeZone, spans: new Map() }));
    const hit = { eventId: h.eventId, ts: h.ts, siteTagId: h.siteTagId, region: h.region };
    const s = c.spans.get(h.household);
    if (!s) c.spans.set(h.household, { household: h.household, lo: h.ts, hi: h.ts, fresh: [hit], joined: false });
    else {
      s.lo = Math.min(s.lo, h.ts);
      s.hi = Math.max(s.hi, h.ts);
      s.fresh.push(hit);
    }
  }
  const rebuilt = new Set<number>();
  for (const [customerId, { timeZone, spans }] of byCustomer) {
    for (const part of chunks([...spans.values()], CHUNK)) {
      for (const id of await rebuildHouseholds(qr, customerId, timeZone, part)) rebuilt.add(id);
    }
  }
  return rebuilt;
}

/** One customer's households (all locked by this transaction), in named steps; answers the new visits' ids. */
async function rebuildHouseholds(
  qr: QueryRunner,
  customerId: number,
  timeZone: string,
  spans: HouseholdSpan[],
): Promise<number[]> {
  const doomed = await timed('visits.near', nearVisits(qr, customerId, spans));
  await timed('visits.delete', deleteVisits(qr, doomed));
  const hitsOf = await timed('visits.read_hits', readSpanHits(qr, customerId, spans));
  const visits = sessionVisits(hitsOf, timeZone);
  if (!visits.length) return [];
  noteVisitDays(qr, customerId, timeZone, visits);
  const visitIds = await timed('visits.insert', insertVisits(qr, customerId, visits));
  await timed('visits.pages', insertPages(qr, customerId, visits, visitIds));
  await timed('visits.touches', insertTouches(qr, customerId, visits, visitIds));
  return visitIds;
}

/**
 * Near visits: the stored visits within 30 minutes of a span's new hits (the new hits may join or
 * bridge them). Answers their ids; widens each span over them and marks it joined.
 */
async function nearVisits(qr: QueryRunner, customerId: number, spans: HouseholdSpan[]): Promise<number[]> {
  // BigInt, not strings: a bigint column compared with quoted strings cannot use its index.
  const households = spans.map((s) => BigInt(s.household));
  const lo = Math.min(...spans.map((s) => s.lo)) - SESSION_GAP_MS;
  const hi = Math.max(...spans.map((s) => s.hi)) + SESSION_GAP_MS;
  const near: { id: number; hh: string; start_ts: Date; end_ts: Date }[] = await qr.query(
    `SELECT id, CAST(household_id AS CHAR) AS hh, start_ts, end_ts FROM visit
     WHERE customer_id = ? AND household_id IN (?) AND start_ts <= ? AND end_ts >= ?`,
    [customerId, households, sqlTime(hi), sqlTime(lo)],
  );
  const spanOf = new Map(spans.map((s) => [s.household, s]));
  const doomed: number[] = [];
  for (const v of near) {
    const s = spanOf.get(v.hh)!;
    const start = v.start_ts.getTime();
    const end = v.end_ts.getTime();
    if (end >= s.lo - SESSION_GAP_MS && start <= s.hi + SESSION_GAP_MS) {
      doomed.push(Number(v.id));
      s.joined = true;
      s.lo = Math.min(s.lo, start);
      s.hi = Math.max(s.hi, end);
    }
  }
  return doomed;
}

/** Delete: the near visits with their pages and touches (re-sessionised from their hits next). */
async function deleteVisits(qr: QueryRunner, visitIds: number[]): Promise<void> {
  for (const part of chunks(visitIds, CHUNK)) {
    await qr.query('DELETE FROM touch WHERE visit_id IN (?)', [part]);
    await qr.query('DELETE FROM visit_page WHERE visit_id IN (?)', [part]);
    await qr.query('DELETE FROM visit WHERE id IN (?)', [part]);
  }
}

/**
 * Read span hits: every hit of each span, per household. A household with no stored visit within
 * 30 minutes has no stored hits in its span (every stored hit is in a visit): its new hits alone
 * are the span. Only the joined spans are read back.
 */
async function readSpanHits(
  qr: QueryRunner,
  customerId: number,
  spans: HouseholdSpan[],
): Promise<Map<string, SessionHit[]>> {
  const hitsOf = new Map<string, SessionHit[]>();
  for (const s of spans) if (!s.joined) hitsOf.set(s.household, s.fresh);
  const joined = spans.filter((s) => s.joined);
  if (!joined.length) return hitsOf;
  const spanOf = new Map(joined.map((s) => [s.household, s]));
  const stored: { event_id: string; hh: string; site_tag_id: number; ts: Date; region: string }[] = await qr.query(
    `SELECT event_id, CAST(household_id AS CHAR) AS hh, site_tag_id, ts, region FROM site_hit
     WHERE customer_id = ? AND household_id IN (?) AND ts BETWEEN ? AND ?`,
    [
      customerId,
      joined.map((s) => BigInt(s.household)),
      sqlTime(Math.min(...joined.map((s) => s.lo))),
      sqlTime(Math.max(...joined.map((s) => s.hi))),
    ],
  );
  for (const h of stored) {
    const s = spanOf.get(h.hh);
    const ts = h.ts.getTime();
    if (!s || ts < s.lo || ts > s.hi) continue;
    const list = hitsOf.get(h.hh) ?? [];
    list.push({ eventId: h.event_id, ts, siteTagId: Number(h.site_tag_id), region: h.region });
    hitsOf.set(h.hh, list);
  }
  return hitsOf;
}

/** The visits of each household's span hits by the 30-minute rule, dated in the customer's zone. */
function sessionVisits(hitsOf: Map<string, SessionHit[]>, timeZone: string): NewVisit[] {
  const visits: NewVisit[] = [];
  for (const [household, list] of hitsOf) {
    for (const s of sessionise(list)) {
      visits.push({
        household,
        start: s.startTs,
        end: s.endTs,
        localDate: localParts(s.startTs, timeZone).date,
        region: s.region,
        hits: s.hits,
        siteTagIds: s.siteTagIds,
      });
    }
  }
  return visits;
}

/**
 * Insert visits; answers their ids, in the order of `visits`. Where the server makes an insert's ids
 * consecutive (consecutiveIdStep), they are counted from its first id: MariaDB's fast path sends every
 * visit in one LOAD DATA (a bulk insert: lock modes 0 and 1 hold the table's AUTO-INC lock to its end,
 * so its ids are consecutive too) and asks LAST_INSERT_ID() (its first id); without LOAD DATA, each
 * multi-row INSERT's first id is its insertId. Else (the portable path: lock mode 2, MySQL 8's default,
 * TiDB, ETL_INSERT_IDS=0) they are read back by (household, start).
 */
async function insertVisits(qr: QueryRunner, customerId: number, visits: NewVisit[]): Promise<number[]> {
  const step = await consecutiveIdStep(qr);
  if (step && (await loadDataAllowed(qr))) {
    const inserted = await loadRows(qr, 'visit', VISIT, visits, (v) => visitText(customerId, v));
    const [{ first }]: { first: number | string }[] = await qr.query('SELECT LAST_INSERT_ID() AS first');
    if (inserted === visits.length && Number(first) > 0) return visits.map((_, i) => Number(first) + i * step);
    return readVisitIds(qr, customerId, visits);
  }
  const counted: number[] = [];
  for (const part of chunks(visits, CHUNK)) {
    const res: { insertId: number | string; affectedRows: number } = await qr.query(
      `INSERT INTO visit (${VISIT}) VALUES ?`,
      [part.map((v) => visitRow(customerId, v))],
    );
    if (step && res.affectedRows === part.length && Number(res.insertId) > 0) {
      const first = Number(res.insertId);
      for (let i = 0; i < part.length; i++) counted.push(first + i * step);
    }
  }
  return counted.length === visits.length ? counted : readVisitIds(qr, customerId, visits);
}

const VISIT = columnList(VISIT_COLUMNS);

/** The new visits' ids read back by (household, start): visits of a household never share a start. */
async function readVisitIds(qr: QueryRunner, customerId: number, visits: NewVisit[]): Promise<number[]> {
  const ids = new Map<string, number>();
  const starts = visits.map((v) => v.start);
  const rows: { id: number; hh: string; start_ts: Date }[] = await qr.query(
    `SELECT id, CAST(household_id AS CHAR) AS hh, start_ts FROM visit
     WHERE customer_id = ? AND household_id IN (?) AND start_ts BETWEEN ? AND ?`,
    [customerId, householdsOf(visits), sqlTime(Math.min(...starts)), sqlTime(Math.max(...starts))],
  );
  for (const r of rows) ids.set(`${r.hh}|${r.start_ts.getTime()}`, Number(r.id));
  return visits.map((v) => {
    const id = ids.get(`${v.household}|${v.start}`);
    if (id === undefined) throw new Error('visit vanished inside its own transaction');
    return id;
  });
}

/** The distinct households of `visits`, as BigInt (see nearVisits). */
const householdsOf = (visits: NewVisit[]): bigint[] => [...new Set(visits.map((v) => v.household))].map(BigInt);

/**
 * Pages: one row per site tag a new visit hit (the visits are new: no page of theirs is stored), in one
 * LOAD DATA where the server allows it (insertIgnore).
 */
async function insertPages(qr: QueryRunner, customerId: number, visits: NewVisit[], visitIds: number[]) {
  const pages: { n: number; tag: number }[] = [];
  visits.forEach((v, n) => {
    for (const tag of v.siteTagIds) pages.push({ n, tag });
  });
  await insertIgnore(
    qr,
    'visit_page',
    VISIT_PAGE,
    pages,
    (p) => visitPageText(visitIds[p.n], p.tag, customerId, visits[p.n]),
    (p) => visitPageRow(visitIds[p.n], p.tag, customerId, visits[p.n]),
  );
}

const VISIT_PAGE = columnList(VISIT_PAGE_COLUMNS);

/**
 * Touches of the new visits: the households' stored impressions in the 7 x 24 h before each visit,
 * the batch's new ones included (read after their insert), so touchExistingVisits skips these visits.
 */
async function insertTouches(qr: QueryRunner, customerId: number, visits: NewVisit[], visitIds: number[]) {
  const starts = visits.map((v) => v.start);
  const impressions: StoredImpression[] = await timed(
    'visits.touches.read',
    qr.query(
      `SELECT event_id, CAST(household_id AS CHAR) AS hh, ts, DATE_FORMAT(local_date, '%Y-%m-%d') AS local_date,
            booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart
     FROM impression_event WHERE customer_id = ? AND household_id IN (?) AND ts > ? AND ts <= ?`,
      [customerId, householdsOf(visits), sqlTime(Math.min(...starts) - TOUCH_WINDOW_MS), sqlTime(Math.max(...starts))],
    ),
  );
  const impressionsOf = new Map<string, TouchingImpression[]>();
  for (const i of impressions) {
    const list = impressionsOf.get(i.hh) ?? [];
    const ts = i.ts.getTime();
    list.push({
      eventId: i.event_id,
      ts,
      tsSql: sqlTime(ts),
      localDate: i.local_date,
      bookingId: i.booking_id,
      campaignId: i.campaign_id,
      creativeId: i.creative_id,
      channelId: i.channel_id,
      region: i.region,
      weekday: i.weekday,
      daypart: i.daypart,
    });
    impressionsOf.set(i.hh, list);
  }
  const touches = new Touches(customerId);
  visits.forEach((v, n) => {
    const visit = { id: visitIds[n], start: v.start, localDate: v.localDate, startSql: sqlTime(v.start) };
    for (const i of impressionsOf.get(v.household) ?? []) {
      if (i.ts <= v.start - TOUCH_WINDOW_MS || i.ts > v.start) continue;
      touches.add(visit, i);
    }
  });
  etlPhaseMs['touches.rows'] = (etlPhaseMs['touches.rows'] ?? 0) + touches.size;
  await timed('visits.touches.write', touches.write(qr));
}

const TOUCH = columnList(TOUCH_COLUMNS);

/**
 * One customer's touches to write, as visit x impression pairs: made into LOAD DATA text (each
 * visit's and impression's part made once) or, on the portable path, into rows (see insertIgnore).
 */
class Touches {
  private readonly visits: TouchedVisit[] = [];
  private readonly impressions: TouchingImpression[] = [];

  constructor(private readonly customerId: number) {}

  get size(): number {
    return this.visits.length;
  }

  add(v: TouchedVisit, i: TouchingImpression): void {
    this.visits.push(v);
    this.impressions.push(i);
  }

  async write(qr: QueryRunner): Promise<void> {
    await insertIgnore(
      qr,
      'touch',
      TOUCH,
      Array.from({ length: this.size }, (_, n) => n),
      (n) => `${touchVisitText(this.customerId, this.visits[n])}\t${touchImpressionText(this.impressions[n])}\n`,
      (n) => touchRow(this.customerId, this.visits[n], this.impressions[n]),
    );
  }
}

interface StoredImpression {
  event_id: string;
  hh: string;
  ts: Date;
  local_date: string;
  booking_id: number;
  campaign_id: number;
  creative_id: number;
  channel_id: number;
  region: string;
  weekday: number;
  daypart: number;
}

/**
 * New impressions touch the stored visits of their household within the next 7 x 24 h. Matched in
 * memory from one indexed read of the households' visits per CHUNK distinct households (an INSERT ...
 * SELECT joining on a long IN list of event ids is planned badly by MariaDB): a household with
 * several of the batch's impressions is probed once, not once per chunk of impressions it falls in.
 * The visits this batch rebuilt (`rebuilt`) have all their touches already: they are not sent again.
 */
async function touchExistingVisits(
  qr: QueryRunner,
  newImpressions: ImpressionRow[],
  rebuilt: Set<number>,
): Promise<void> {
  const byCustomer = new Map<number, Map<string, ImpressionRow[]>>();
  for (const r of newImpressions) {
    let households = byCustomer.get(r.customerId);
    if (!households) byCustomer.set(r.customerId, (households = new Map()));
    const list = households.get(r.household);
    if (list) list.push(r);
    else households.set(r.household, [r]);
  }
  for (const [customerId, households] of byCustomer) {
    for (const part of chunks([...households.keys()], CHUNK)) {
      let lo = Infinity;
      let hi = -Infinity;
      for (const household of part) {
        for (const r of households.get(household)!) {
          if (r.ts < lo) lo = r.ts;
          if (r.ts > hi) hi = r.ts;
        }
      }
      const visits: { id: number; hh: string; start_ts: Date; local_date: string }[] = await qr.query(
        `SELECT id, CAST(household_id AS CHAR) AS hh, start_ts, local_date FROM visit
         WHERE customer_id = ? AND household_id IN (?) AND start_ts >= ? AND start_ts < ?`,
        [customerId, part.map(BigInt), sqlTime(lo), sqlTime(hi + TOUCH_WINDOW_MS)],
      );
      if (!visits.length) continue;
      const visitsOf = new Map<string, TouchedVisit[]>();
      for (const v of visits) {
        const list = visitsOf.get(v.hh) ?? [];
        const start = v.start_ts.getTime();
        list.push({ id: Number(v.id), start, localDate: v.local_date, startSql: sqlTime(start) });
        visitsOf.set(v.hh, list);
      }
      const touches = new Touches(customerId);
      for (const [household, list] of visitsOf) {
        for (const r of households.get(household)!) {
          for (const v of list) {
            if (v.start < r.ts || v.start >= r.ts + TOUCH_WINDOW_MS || rebuilt.has(v.id)) continue;
            touches.add(v, r);
          }
        }
      }
      await touches.write(qr);
    }
  }
}
