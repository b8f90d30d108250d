import type { DataSource, QueryRunner } from 'typeorm';
import { localParts } from '../shared/time';
import { insertIgnoreRows } from './bulk-load';
import type { ImpressionRow, PreparedBatch, SiteHitRow } from './rows';
import { SESSION_GAP_MS, sessionise, type SessionHit } from './sessions';

/**
 * Writes one batch in ONE transaction (DESIGN 3-4): raw events (idempotent by event id), the
 * impression rollup, and the visits, pages and touches of every household the batch touches.
 * Late or out-of-order hits rebuild the affected visits: the visits within 30 minutes of the new
 * hits are deleted and re-sessionised from the stored hits, so the result is as if in order.
 */
export interface BatchResult {
  newImpressions: number;
  newHits: number;
  duplicates: number;
  /** Site tags with new hits (their ping counts change). */
  siteTagIds: number[];
  /** Latest event time written, ms (0 when none). */
  watermark: number;
}

/** Another transaction stored some of the same events first: retry the batch. */
export class ConcurrentBatchError extends Error {}

const CHUNK = 5000;
const TOUCH_WINDOW_MS = 7 * 24 * 3600 * 1000;
const sqlTime = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
const chunks = <T>(list: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};
const uniqueBy = <T extends { eventId: string }>(rows: T[]): T[] => {
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.eventId) ? false : (seen.add(r.eventId), true)));
};

/** A fast-path batch met events stored before: redo it checking every event id first. */
class SeenBefore extends Error {}

/**
 * Fast path first: INSERT IGNORE all events and expect all to be new (the common case). When some
 * were stored before (a redelivery), the transaction is rolled back and redone checking ids first.
 */
export async function writeBatch(ds: DataSource, batch: PreparedBatch): Promise<BatchResult> {
  try {
    return await writeBatchOnce(ds, batch, false);
  } catch (e) {
    if (e instanceof SeenBefore) return writeBatchOnce(ds, batch, true);
    throw e;
  }
}

async function writeBatchOnce(ds: DataSource, batch: PreparedBatch, checkIds: boolean): Promise<BatchResult> {
  const impressions = uniqueBy(batch.impressions);
  const hits = uniqueBy(batch.hits);
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    await qr.startTransaction('READ COMMITTED');
    await lockHouseholds(qr, [...impressions, ...hits]);
    const newImpressions = await insertNew(qr, checkIds, 'impression_event', impressions, (r) => [
      r.eventId,
      r.customerId,
      r.tagId,
      r.bookingId,
      r.campaignId,
      r.creativeId,
      r.channelId,
      r.household,
      sqlTime(r.ts),
      r.localDate,
      r.weekday,
      r.daypart,
      r.region,
    ]);
    const newHits = await insertNew(qr, checkIds, 'site_hit', hits, (r) => [
      r.eventId,
      r.customerId,
      r.siteTagId,
      r.household,
      sqlTime(r.ts),
      r.region,
      r.url,
    ]);
    await addToRollup(qr, newImpressions);
    await rebuildVisits(qr, newHits);
    await touchExistingVisits(qr, newImpressions);
    await qr.commitTransaction();
    const all = [...newImpressions, ...newHits];
    return {
      newImpressions: newImpressions.length,
      newHits: newHits.length,
      duplicates: batch.impressions.length + batch.hits.length - all.length,
      siteTagIds: [...new Set(newHits.map((h) => h.siteTagId))],
      watermark: all.reduce((m, r) => Math.max(m, r.ts), 0),
    };
  } catch (e) {
    if (qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
    throw e;
  } finally {
    await qr.release();
  }
}

/**
 * Locks every customer x household of the batch, in key order (no deadlocks between batches):
 * from here on this transaction alone rebuilds their sessions and touches.
 */
async function lockHouseholds(qr: QueryRunner, rows: { customerId: number; household: string }[]): Promise<void> {
  const keys = new Map<string, [number, string]>();
  for (const r of rows) keys.set(`${r.customerId}|${r.household}`, [r.customerId, r.household]);
  const sorted = [...keys.values()].sort((a, b) => a[0] - b[0] || (BigInt(a[1]) < BigInt(b[1]) ? -1 : 1));
  for (const part of chunks(sorted.map(([c, h]) => [c, BigInt(h)]))) {
    await qr.query(
      'INSERT INTO etl_household_lock (customer_id, household_id) VALUES ? ON DUPLICATE KEY UPDATE household_id = household_id',
      [part],
    );
  }
}

const COLUMNS: Record<'impression_event' | 'site_hit', string> = {
  impression_event:
    'event_id, customer_id, impression_tag_id, booking_id, campaign_id, creative_id, channel_id, household_id, ts, local_date, weekday, daypart, region',
  site_hit: 'event_id, customer_id, site_tag_id, household_id, ts, region, url',
};

/**
 * Inserts the rows whose event id is not stored yet; answers exactly those. Without `checkIds`,
 * any event stored before aborts the attempt (SeenBefore) instead of costing a lookup every time.
 */
async function insertNew<T extends { eventId: string }>(
  qr: QueryRunner,
  checkIds: boolean,
  table: 'impression_event' | 'site_hit',
  rows: T[],
  values: (r: T) => unknown[],
): Promise<T[]> {
  if (!rows.length) return [];
  const existing = new Set<string>();
  if (checkIds) {
    for (const part of chunks(rows)) {
      const found: { event_id: string }[] = await qr.query(`SELECT event_id FROM ${table} WHERE event_id IN (?)`, [
        part.map((r) => r.eventId),
      ]);
      for (const f of found) existing.add(f.event_id);
    }
  }
  const fresh = rows.filter((r) => !existing.has(r.eventId));
  for (const part of chunks(fresh)) {
    const inserted = await insertIgnoreRows(qr, table, COLUMNS[table], part.map(values));
    if (inserted !== part.length) {
      if (!checkIds) throw new SeenBefore();
      throw new ConcurrentBatchError(`${table}: events stored concurrently`);
    }
  }
  return fresh;
}

async function addToRollup(qr: QueryRunner, rows: ImpressionRow[]): Promise<void> {
  const cells = new Map<string, unknown[]>();
  for (const r of rows) {
    const key = `${r.customerId}|${r.localDate}|${r.bookingId}|${r.creativeId}|${r.region}|${r.daypart}`;
    const cell = cells.get(key);
    if (cell) (cell[9] as number)++;
    else {
      cells.set(key, [
        r.customerId,
        r.localDate,
        r.bookingId,
        r.campaignId,
        r.creativeId,
        r.channelId,
        r.region,
        r.weekday,
        r.daypart,
        1,
      ]);
    }
  }
  const sorted = [...cells.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
  for (const part of chunks(sorted)) {
    await qr.query(
      `INSERT INTO impression_rollup (customer_id, local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart, impressions)
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
async function rebuildVisits(qr: QueryRunner, newHits: SiteHitRow[]): Promise<void> {
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
  for (const [customerId, { timeZone, spans }] of byCustomer) {
    for (const part of chunks([...spans.values()])) await rebuildHouseholds(qr, customerId, timeZone, part);
  }
}

async function rebuildHouseholds(qr: QueryRunner, customerId: number, timeZone: string, spans: HouseholdSpan[]) {
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
    // Within 30 minutes of the new hits: the new hits may join or bridge it.
    if (end >= s.lo - SESSION_GAP_MS && start <= s.hi + SESSION_GAP_MS) {
      doomed.push(Number(v.id));
      s.joined = true;
      s.lo = Math.min(s.lo, start);
      s.hi = Math.max(s.hi, end);
    }
  }
  for (const part of chunks(doomed)) {
    await qr.query('DELETE FROM touch WHERE visit_id IN (?)', [part]);
    await qr.query('DELETE FROM visit_page WHERE visit_id IN (?)', [part]);
    await qr.query('DELETE FROM visit WHERE id IN (?)', [part]);
  }
  // A household with no stored visit within 30 minutes has no stored hits in its span (every
  // stored hit is in a visit): its new hits alone are the span. Only the others are read back.
  const hitsOf = new Map<string, SessionHit[]>();
  for (const s of spans) if (!s.joined) hitsOf.set(s.household, s.fresh);
  const joined = spans.filter((s) => s.joined);
  if (joined.length) {
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
      const s = spanOf.get(h.hh)!;
      const ts = h.ts.getTime();
      if (!s.joined || ts < s.lo || ts > s.hi) continue;
      const list = hitsOf.get(h.hh) ?? [];
      list.push({ eventId: h.event_id, ts, siteTagId: Number(h.site_tag_id), region: h.region });
      hitsOf.set(h.hh, list);
    }
  }
  const visits: {
    hh: string;
    start: number;
    end: number;
    localDate: string;
    region: string;
    hits: number;
    tags: number[];
  }[] = [];
  for (const [hh, list] of hitsOf) {
    for (const s of sessionise(list)) {
      visits.push({
        hh,
        start: s.startTs,
        end: s.endTs,
        localDate: localParts(s.startTs, timeZone).date,
        region: s.region,
        hits: s.hits,
        tags: s.siteTagIds,
      });
    }
  }
  if (!visits.length) return;
  for (const part of chunks(visits)) {
    await qr.query(
      'INSERT INTO visit (customer_id, household_id, start_ts, end_ts, local_date, region, hits) VALUES ?',
      [part.map((v) => [customerId, v.hh, sqlTime(v.start), sqlTime(v.end), v.localDate, v.region, v.hits])],
    );
  }
  // Read the new ids back by (household, start): visits of a household never share a start.
  const ids = new Map<string, number>();
  const starts = visits.map((v) => v.start);
  const rows: { id: number; hh: string; start_ts: Date }[] = await qr.query(
    `SELECT id, CAST(household_id AS CHAR) AS hh, start_ts FROM visit
     WHERE customer_id = ? AND household_id IN (?) AND start_ts BETWEEN ? AND ?`,
    [customerId, [...hitsOf.keys()].map(BigInt), sqlTime(Math.min(...starts)), sqlTime(Math.max(...starts))],
  );
  for (const r of rows) ids.set(`${r.hh}|${r.start_ts.getTime()}`, Number(r.id));
  const pages: unknown[][] = [];
  const visitIds: number[] = [];
  for (const v of visits) {
    const id = ids.get(`${v.hh}|${v.start}`);
    if (id === undefined) throw new Error('visit vanished inside its own transaction');
    visitIds.push(id);
    for (const tag of v.tags) pages.push([id, tag, customerId, v.localDate]);
  }
  for (const part of chunks(pages)) {
    await qr.query('INSERT INTO visit_page (visit_id, site_tag_id, customer_id, local_date) VALUES ?', [part]);
  }
  // Touches of the new visits: the households' impressions in the 7 x 24 h before each visit.
  const impressions: StoredImpression[] = await qr.query(
    `SELECT event_id, CAST(household_id AS CHAR) AS hh, ts, DATE_FORMAT(local_date, '%Y-%m-%d') AS local_date,
            booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart
     FROM impression_event WHERE customer_id = ? AND household_id IN (?) AND ts > ? AND ts <= ?`,
    [
      customerId,
      [...hitsOf.keys()].map(BigInt),
      sqlTime(Math.min(...starts) - TOUCH_WINDOW_MS),
      sqlTime(Math.max(...starts)),
    ],
  );
  const impressionsOf = new Map<string, StoredImpression[]>();
  for (const i of impressions) {
    const list = impressionsOf.get(i.hh) ?? [];
    list.push(i);
    impressionsOf.set(i.hh, list);
  }
  const touches: unknown[][] = [];
  visits.forEach((v, n) => {
    for (const i of impressionsOf.get(v.hh) ?? []) {
      const ts = i.ts.getTime();
      if (ts <= v.start - TOUCH_WINDOW_MS || ts > v.start) continue;
      touches.push([
        visitIds[n],
        i.event_id,
        customerId,
        v.localDate,
        sqlTime(v.start),
        sqlTime(ts),
        i.local_date,
        i.booking_id,
        i.campaign_id,
        i.creative_id,
        i.channel_id,
        i.region,
        i.weekday,
        i.daypart,
      ]);
    }
  });
  for (const part of chunks(touches)) await insertIgnoreRows(qr, 'touch', TOUCH_COLUMNS, part);
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

const TOUCH_COLUMNS =
  'visit_id, impression_event_id, customer_id, visit_local_date, visit_ts, impression_ts, impression_local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart';
/**
 * New impressions touch the stored visits of their household within the next 7 x 24 h. Matched in
 * memory from one indexed read of the households' visits (an INSERT ... SELECT joining on a long
 * IN list of event ids is planned badly by MariaDB).
 */
async function touchExistingVisits(qr: QueryRunner, newImpressions: ImpressionRow[]): Promise<void> {
  const byCustomer = new Map<number, ImpressionRow[]>();
  for (const r of newImpressions) {
    const list = byCustomer.get(r.customerId) ?? [];
    list.push(r);
    byCustomer.set(r.customerId, list);
  }
  for (const [customerId, all] of byCustomer) {
    for (const rows of chunks(all)) {
      const lo = Math.min(...rows.map((r) => r.ts));
      const hi = Math.max(...rows.map((r) => r.ts)) + TOUCH_WINDOW_MS;
      const visits: { id: number; hh: string; start_ts: Date; local_date: string }[] = await qr.query(
        `SELECT id, CAST(household_id AS CHAR) AS hh, start_ts, local_date FROM visit
         WHERE customer_id = ? AND household_id IN (?) AND start_ts >= ? AND start_ts < ?`,
        [customerId, [...new Set(rows.map((r) => r.household))].map(BigInt), sqlTime(lo), sqlTime(hi)],
      );
      if (!visits.length) continue;
      const visitsOf = new Map<string, { id: number; start: number; localDate: string }[]>();
      for (const v of visits) {
        const list = visitsOf.get(v.hh) ?? [];
        list.push({ id: Number(v.id), start: v.start_ts.getTime(), localDate: v.local_date });
        visitsOf.set(v.hh, list);
      }
      const touches: unknown[][] = [];
      for (const r of rows) {
        for (const v of visitsOf.get(r.household) ?? []) {
          if (v.start < r.ts || v.start >= r.ts + TOUCH_WINDOW_MS) continue;
          touches.push([
            v.id,
            r.eventId,
            customerId,
            v.localDate,
            sqlTime(v.start),
            sqlTime(r.ts),
            r.localDate,
            r.bookingId,
            r.campaignId,
            r.creativeId,
            r.channelId,
            r.region,
            r.weekday,
            r.daypart,
          ]);
        }
      }
      for (const part of chunks(touches)) await insertIgnoreRows(qr, 'touch', TOUCH_COLUMNS, part);
    }
  }
}
