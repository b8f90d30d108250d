import type { QueryRunner } from 'typeorm';
import { CHUNK, etlPhaseMs, timed, touchTableWidthMs } from './write-common';
import { Touches, type StoredImpression } from './write-touches';
import { chunks } from '../shared/chunks';
import { localParts } from '../shared/time';
import { consecutiveIdStep, insertIgnore, loadDataAllowed, loadRows } from './bulk-load';
import type { SiteHitRow } from './rows';
import { SESSION_GAP_MS, sessionise, type SessionHit } from './sessions';
import { noteVisitDays } from '../summaries/marks';
import {
  type NewVisit,
  type TouchingImpression,
  VISIT_COLUMNS,
  VISIT_PAGE_COLUMNS,
  columnList,
  sqlTime,
  visitPageRow,
  visitPageText,
  visitRow,
  visitText,
} from './tables';

/** The visits' step: the visits, pages and touches of every household with new site hits rebuilt. */

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
export async function rebuildVisits(qr: QueryRunner, newHits: SiteHitRow[]): Promise<Set<number>> {
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
 * Touches of the new visits: the households' stored impressions in the touch-table width (7 x 24 h or the
 * customer's wider stored width: touchTableWidthMs) before each visit,
 * the batch's new ones included (read after their insert), so touchExistingVisits skips these visits.
 */
async function insertTouches(qr: QueryRunner, customerId: number, visits: NewVisit[], visitIds: number[]) {
  const starts = visits.map((v) => v.start);
  const width = await touchTableWidthMs(qr, customerId);
  const impressions: StoredImpression[] = await timed(
    'visits.touches.read',
    qr.query(
      `SELECT event_id, CAST(household_id AS CHAR) AS hh, ts, DATE_FORMAT(local_date, '%Y-%m-%d') AS local_date,
            booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart
     FROM impression_event WHERE customer_id = ? AND household_id IN (?) AND ts > ? AND ts <= ?`,
      [customerId, householdsOf(visits), sqlTime(Math.min(...starts) - width), sqlTime(Math.max(...starts))],
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
      if (i.ts <= v.start - width || i.ts > v.start) continue;
      touches.add(visit, i);
    }
  });
  etlPhaseMs['touches.rows'] = (etlPhaseMs['touches.rows'] ?? 0) + touches.size;
  await timed('visits.touches.write', touches.write(qr));
}
