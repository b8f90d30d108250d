import type { ImpressionRow, SiteHitRow } from '../../gateway/src/etl/rows';
import { noteReachVisits, REACH_VISITS, SUMMARY, writeMarks } from '../../gateway/src/summaries/marks';
import { inReachSample, STORED_BUCKETS } from '../../gateway/src/summaries/sample';
import { writeBatch } from '../../gateway/src/etl/writer';
import { incrementalLift } from '../../gateway/src/modules/analytics/calls/incremental-lift';
import { DashboardData } from '../../gateway/src/modules/analytics/dashboard-data';
import { rangeFilter } from '../../gateway/src/modules/analytics/filters/filter';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import {
  queryFirstHitMs,
  querySampleRows,
  type SampleRow,
} from '../../gateway/src/modules/analytics/queries/reach-sample';
import { queryHoldoutGroup } from '../../gateway/src/modules/analytics/queries/reach-lift';
import {
  refreshReachExposure,
  staleReachExposureDays,
} from '../../gateway/src/modules/analytics/reach/refresh-exposure';
import { localParts } from '../reference/sessions';
import type { RefFilter } from '../reference/metrics';
import { referenceReachLift } from '../reference/reach-lift';
import type { RefHit, RefImpression } from '../reference/types';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { fillImpressionEvents } from './fill-impression-events';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { generateHoldout } from './generate-holdout';
import { filterCases, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * docs/design.md#reach-frequency-and-lift at scale: reach_exposure holds, per sampled household, day and cell, what the reach and
 * lift reads used to probe visits and touches for. Read at the full stored rate (all 64 buckets), the
 * sample's sums must equal the reference calculator's answer over exactly the sampled households
 * (their impressions, every customer's hit: the first hit is the customer's), under every filter, and
 * stay equal when visits arrive days after impressions they change the flags of: those written by the
 * ETL recompute only their own households' rows (no day is rebuilt whole), and every row is then what
 * a whole rebuild of its day writes.
 */
let t: TestGateway;
let c: WorldCustomer;
let impressions: RefImpression[];
let controls: RefImpression[];
let hits: RefHit[];
const FROM = Date.parse('2026-09-17T00:00:00Z');
const TO = Date.parse('2026-10-06T00:00:00Z');

const q = (sql: string, params: unknown[] = []) => t.gateway.app.ds.query(sql, params);

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  c = await makeCustomer(t, orgs.broadcasterId, referencePlan('Exposure Ltd'));
  // Many households, so that a quarter of them still fill several frequency rows.
  const events = generateEvents(c, { seed: 23, fromMs: FROM, toMs: TO, impressions: 4000, households: 800 });
  // A holdout with a control group of several hundred households.
  const ctl = generateHoldout(c, events, { seed: 23, fromMs: FROM, toMs: TO, controls: 2400, controlHouseholds: 900 });
  impressions = events.impressions;
  controls = ctl.controls;
  hits = [...events.hits, ...ctl.hits];
  await fillTables(t, c, impressions, hits);
  const tagId = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
  await fillImpressionEvents(t, 'impression_event', c, impressions, tagId);
  await fillImpressionEvents(t, 'control_impression_event', c, controls, tagId);
}, 120_000);
afterAll(() => t.close());

/** The households the sample keeps (CRC32 of the id mod 256 below STORED_BUCKETS), as the database computes it. */
async function sampledHouseholds(): Promise<Set<string>> {
  const rows: { h: string }[] = await q(
    `SELECT DISTINCT CAST(household_id AS CHAR) AS h FROM impression_event
      WHERE customer_id = ? AND CRC32(household_id) % 256 < ?`,
    [c.id, STORED_BUCKETS],
  );
  return new Set(rows.map((r) => r.h));
}

/** The sample read at its full rate for a filter, after bringing the range's days up to date. */
async function sampleSums(filter: RefFilter, maxNoted?: number) {
  const f = rangeFilter(c.id, filter.start, filter.end, filter);
  const em = t.gateway.app.ds.manager;
  await refreshReachExposure(em, c.id, f.start, f.end, maxNoted);
  const rows = await querySampleRows(em, f, 0, STORED_BUCKETS, await queryFirstHitMs(em, c.id));
  const sum = (k: keyof SampleRow) => rows.reduce((a, r) => a + r[k], 0);
  return {
    rows: rows.map((r) => ({ Frequency: r.frequency, Households: r.households, Responding: r.responding })),
    impressions: sum('impressions'),
    kept: sum('kept'),
    post: sum('post'),
    pre: sum('pre'),
  };
}

/** The reference over the sampled households' impressions (every hit of the customer, no holdout). */
async function referenceSums(filter: RefFilter) {
  const sampled = await sampledHouseholds();
  const mine = impressions.filter((i) => sampled.has(i.household));
  const r = referenceReachLift(refCustomer(c), mine, [], hits, filter);
  const lift = r.incremental_lift.summary_data;
  const reach = r.reach_frequency.summary_data;
  return {
    rows: r.reach_frequency.table_data.map((x) => ({
      Frequency: x.Frequency,
      Households: x.Households,
      Responding: x.Responding,
    })),
    impressions: Math.round(reach.Avg_Frequency * reach.Reach),
    kept: lift.Exposed_Households,
    post: Math.round(lift.Exposed_Rate * lift.Exposed_Households),
    pre: Math.round(lift.Control_Rate * lift.Exposed_Households),
  };
}

/**
 * The holdout read from reach_holdout for a filter, after bringing the range's days up to date; what
 * the refresh keeps beside the rows checked against the rows themselves first.
 */
async function controlSums(filter: RefFilter) {
  const f = rangeFilter(c.id, filter.start, filter.end, filter);
  await refreshReachExposure(t.gateway.app.ds.manager, c.id, f.start, f.end);
  await expectHoldoutChains();
  return queryHoldoutGroup(t.gateway.app.ds.manager, f);
}

/**
 * Every site_tag_id 0 row of reach_holdout has the local date of its household's row before it as
 * prev_date (LAG over the household's rows now), and reach_holdout_first counts exactly the exposed = 0
 * ones by (local_date, prev_date).
 */
async function expectHoldoutChains() {
  const wrong = await q(
    `SELECT COUNT(*) AS n FROM (
       SELECT prev_date, LAG(local_date) OVER (PARTITION BY household_id ORDER BY local_date, t_ms, booking_id,
              creative_id, region, daypart, campaign_id, channel_id, weekday) AS lag
         FROM reach_holdout WHERE customer_id = ? AND site_tag_id = 0) x
      WHERE NOT (x.prev_date <=> x.lag)`,
    [c.id],
  );
  expect(wrong).toEqual([{ n: 0 }]);
  const counted = await q(
    `SELECT DATE_FORMAT(local_date, '%Y-%m-%d') AS d, DATE_FORMAT(prev_date, '%Y-%m-%d') AS p, households AS n
       FROM reach_holdout_first WHERE customer_id = ? ORDER BY d, p`,
    [c.id],
  );
  const fromRows = await q(
    `SELECT DATE_FORMAT(local_date, '%Y-%m-%d') AS d, DATE_FORMAT(COALESCE(prev_date, '1000-01-01'), '%Y-%m-%d') AS p,
            COUNT(*) AS n
       FROM reach_holdout WHERE customer_id = ? AND site_tag_id = 0 AND exposed = 0 GROUP BY d, p ORDER BY d, p`,
    [c.id],
  );
  expect(counted.map((r: { n: unknown }) => ({ ...r, n: Number(r.n) }))).toEqual(
    fromRows.map((r: { n: unknown }) => ({ ...r, n: Number(r.n) })),
  );
  expect(fromRows.length).toBeGreaterThan(0);
}

/** The reference's control group over every household (null: under 100 of them, so pre/post). */
function referenceControl(filter: RefFilter) {
  const lift = referenceReachLift(refCustomer(c), impressions, controls, hits, filter).incremental_lift.summary_data;
  if (lift.Method !== 'holdout') return null;
  return { households: lift.Control_Households, responding: Math.round(lift.Control_Rate * lift.Control_Households) };
}

test.each(Array.from({ length: 13 }, (_, i) => i))(
  'filter case %i: the control group from reach_holdout equals the reference, site filters included',
  async (i) => {
    const { filter } = filterCases(c, '2026-09-20', '2026-10-04')[i];
    const expected = referenceControl(filter);
    const got = await controlSums(filter);
    if (expected === null) expect(got.households).toBeLessThan(100);
    else expect(got).toEqual(expected);
  },
  60_000,
);

test('the control group has households with and without responses, and exposed ones left out', async () => {
  const filter = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  const got = await controlSums(filter);
  expect(got.households).toBeGreaterThanOrEqual(100);
  expect(got.responding).toBeGreaterThan(0);
  expect(got.responding).toBeLessThan(got.households);
  const exposed = new Set(impressions.map((i) => i.household));
  expect(controls.some((i) => exposed.has(i.household))).toBe(true);
  // A site filter keeps fewer responders, not fewer households.
  const site = await controlSums({ ...filter, sites: [c.siteTags[0].id] });
  expect(site.households).toBe(got.households);
  expect(site.responding).toBeGreaterThan(0);
  expect(site.responding).toBeLessThan(got.responding);
});

test('incremental_lift with reach sampled: the control group is exact, Approximate speaks of the exposed side', async () => {
  const filter = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  const f = rangeFilter(c.id, filter.start, filter.end, filter);
  const exact = referenceReachLift(refCustomer(c), impressions, controls, hits, filter).incremental_lift.summary_data;
  dashboardFlights.clear(); // parts are kept per filter for a while: read anew
  // Sampling from 1 impression up: the control group comes from reach_holdout.
  const data = new DashboardData(t.gateway.app.ds.manager, f, 1);
  expect(await data.controlGroup()).toEqual(referenceControl(filter));
  const lift = (await incrementalLift(data)).summary_data;
  expect(lift).toMatchObject({ Method: 'holdout', Control_Households: exact.Control_Households });
  expect(lift.Control_Rate).toBeCloseTo(exact.Control_Rate, 12);
});

test.each(Array.from({ length: 13 }, (_, i) => i))(
  'filter case %i: the full sample equals the reference over the sampled households',
  async (i) => {
    const { filter } = filterCases(c, '2026-09-20', '2026-10-04')[i];
    expect(await sampleSums(filter)).toEqual(await referenceSums(filter));
  },
  60_000,
);

test('the sample is a quarter of the households and exercises every flag', async () => {
  const sampled = await sampledHouseholds();
  const all = new Set(impressions.map((i) => i.household));
  expect(sampled.size).toBeGreaterThan(all.size / 6);
  expect(sampled.size).toBeLessThan(all.size / 3);
  const s = await sampleSums({ customerId: c.id, start: '2026-09-20', end: '2026-10-04' });
  // Households kept and left out of pre/post, with visits after and before t0, some responding.
  expect(s.kept).toBeGreaterThan(0);
  expect(s.kept).toBeLessThan(s.rows.reduce((a, r) => a + r.Households, 0));
  expect(s.post).toBeGreaterThan(0);
  expect(s.pre).toBeGreaterThan(0);
  expect(s.rows.some((r) => r.Responding > 0)).toBe(true);
});

/** The first impression in the range of households of the sample (sampled) or not, 6 days before the range's end at the latest. */
async function firstImpressions(filter: RefFilter, sampled: boolean): Promise<RefImpression[]> {
  const inSample = await sampledHouseholds();
  const byHousehold = new Map<string, RefImpression>();
  for (const i of [...impressions].sort((a, b) => a.ts - b.ts)) {
    const d = localParts(i.ts, c.timeZone).date;
    if (inSample.has(i.household) === sampled && d >= filter.start && d <= filter.end && !byHousehold.has(i.household))
      byHousehold.set(i.household, i);
  }
  return [...byHousehold.values()].filter((i) => localParts(i.ts + 8 * 86_400_000, c.timeZone).date <= filter.end);
}

/** A site hit of the household at ts, when it has none within an hour (a visit of its own); null otherwise. */
function lateHit(household: string, ts: number, region: string, id: string): RefHit | null {
  if (hits.some((h) => h.household === household && Math.abs(h.ts - ts) <= 3_600_000)) return null;
  return { id, customerId: c.id, household, ts, siteTagId: c.siteTags[0].id, region };
}

/** No hit of the household from an hour before its impression to `days` after. */
const quietFor = (i: RefImpression, days: number) =>
  !hits.some((h) => h.household === i.household && h.ts > i.ts - 3_600_000 && h.ts < i.ts + days * 86_400_000);

/** An impression as the ETL's row (its local date, weekday and daypart in the customer's zone). */
function impressionRow(i: RefImpression): ImpressionRow {
  const lp = localParts(i.ts, c.timeZone);
  return {
    eventId: i.id,
    customerId: c.id,
    tagId: c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id,
    bookingId: i.bookingId,
    campaignId: i.campaignId,
    creativeId: i.creativeId,
    channelId: i.channelId,
    household: i.household,
    ts: i.ts,
    localDate: lp.date,
    weekday: lp.weekday,
    daypart: lp.daypart,
    region: i.region,
  };
}

/**
 * Hits, control impressions and impressions written by the ETL's own transaction (sessions, touches,
 * marks and reach notes), and kept for the reference.
 */
async function etlWrite(added: RefHit[], newControls: RefImpression[] = [], newImpressions: RefImpression[] = []) {
  const rows: SiteHitRow[] = added.map((h) => ({
    eventId: h.id,
    customerId: c.id,
    siteTagId: h.siteTagId,
    household: h.household,
    ts: h.ts,
    region: h.region,
    url: null,
    timeZone: c.timeZone,
  }));
  await writeBatch(t.gateway.app.ds, {
    impressions: newImpressions.map(impressionRow),
    hits: rows,
    controls: newControls.map(impressionRow),
    rejected: {},
  });
  hits.push(...added);
  controls.push(...newControls);
  impressions.push(...newImpressions);
}

/** Every reach_exposure row of the range's days, then every reach_holdout row, in key order. */
const exposureRows = (filter: RefFilter) =>
  q(
    `SELECT 'exposure' AS t, bucket, DATE_FORMAT(local_date, '%Y-%m-%d') AS d, CAST(household_id AS CHAR) AS h,
            booking_id, creative_id, region, daypart, campaign_id, channel_id, weekday * 1000 + site_tag_id AS weekday, n,
            CAST(t_key AS CHAR) AS t_key, DATE_FORMAT(resp_date, '%Y-%m-%d') AS resp
       FROM reach_exposure WHERE customer_id = ? AND local_date BETWEEN ? AND ?
     UNION ALL
     SELECT 'control', site_tag_id, DATE_FORMAT(local_date, '%Y-%m-%d'), CAST(household_id AS CHAR), booking_id,
            creative_id, region, daypart, campaign_id, channel_id, weekday, exposed, CAST(t_ms AS CHAR),
            CONCAT_WS(' ', DATE_FORMAT(resp_date, '%Y-%m-%d'), DATE_FORMAT(prev_date, '%Y-%m-%d'))
       FROM reach_holdout WHERE customer_id = ? AND local_date BETWEEN ? AND ?
      ORDER BY t, bucket, d, h, t_key, booking_id, creative_id, region, daypart, campaign_id, channel_id, weekday`,
    [c.id, filter.start, filter.end, c.id, filter.start, filter.end],
  ) as Promise<Record<string, unknown>[]>;

/** The rows again after rebuilding every day of the range whole (its built days forgotten). */
async function wholeRebuild(filter: RefFilter) {
  await q('DELETE FROM summary_built_day WHERE customer_id = ? AND summary IN (4, 6)', [c.id]);
  await refreshReachExposure(t.gateway.app.ds.manager, c.id, filter.start, filter.end);
  return exposureRows(filter);
}

test('late visits through the ETL: only their households are recomputed, and every row is what a whole rebuild writes', async () => {
  const filter = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  await sampleSums(filter);
  const before = await exposureRows(filter);
  // Batch 1: a visit 6 days after the first impression of 20 sampled households (its post flag and
  // touched visit date change), one 7 days and 5 minutes after for 10 more (outside the window: no
  // change yet), and visits of 5 households outside the sample (no note, unless they have control
  // impressions: reach_holdout keeps every household's).
  const sampled = await firstImpressions(filter, true);
  const sixDays: RefHit[] = [];
  const sevenDays: { hit: RefHit; i: RefImpression }[] = [];
  for (const i of sampled) {
    if (sixDays.length < 20) {
      const h = lateHit(i.household, i.ts + 6 * 86_400_000 + 17_000, i.region, `late6-${i.household}`);
      if (h) sixDays.push(h);
    } else if (sevenDays.length < 10) {
      const ts = i.ts + 7 * 86_400_000;
      // Room for a hit 5 minutes either side of the 7 days, each its own visit now.
      const h = lateHit(i.household, ts + 300_000, i.region, `late7-${i.household}`);
      if (h && quietFor(i, 8)) sevenDays.push({ hit: h, i });
    }
  }
  const outside = (await firstImpressions(filter, false))
    .slice(0, 5)
    .map((i) => lateHit(i.household, i.ts + 6 * 86_400_000, i.region, `out-${i.household}`)!)
    .filter(Boolean);
  expect([sixDays.length, sevenDays.length, outside.length]).toEqual([20, 10, 5]);
  const reference0 = await referenceSums(filter);
  await etlWrite([...sixDays, ...sevenDays.map((s) => s.hit), ...outside]);
  const reference1 = await referenceSums(filter);
  expect(reference1).not.toEqual(reference0);

  // Noted: the 30 sampled households and the outside ones with control impressions; no day of the
  // range is stale (none is rebuilt whole).
  const notes: { h: string }[] = await q(
    'SELECT DISTINCT CAST(household_id AS CHAR) AS h FROM reach_visit_note WHERE customer_id = ?',
    [c.id],
  );
  const holdout = new Set(controls.map((i) => i.household));
  expect(notes.map((n) => n.h).sort()).toEqual(
    [...sixDays, ...sevenDays.map((s) => s.hit), ...outside.filter((h) => holdout.has(h.household))]
      .map((h) => h.household)
      .sort(),
  );
  expect(await staleReachExposureDays(t.gateway.app.ds.manager, c.id, filter.start, filter.end)).toEqual([]);
  expect(await sampleSums(filter)).toEqual(reference1);
  // Applied and forgotten; the other households' rows untouched; every row as a whole rebuild writes it.
  expect(await q('SELECT COUNT(*) AS n FROM reach_visit_note WHERE customer_id = ?', [c.id])).toEqual([{ n: 0 }]);
  const incremental = await exposureRows(filter);
  const noted = new Set(notes.map((n) => n.h));
  const others = (rows: Record<string, unknown>[]) => rows.filter((r) => !noted.has(String(r.h)));
  expect(others(incremental)).toEqual(others(before));
  expect(incremental).not.toEqual(before);
  expect(await wholeRebuild(filter)).toEqual(incremental);

  // Batch 2: a hit 5 minutes before the 7 days joins each of the 10 visits (the ETL deletes the stored
  // visit and writes the joined one, which now starts inside the window: the post flag changes).
  await etlWrite(
    sevenDays.map(({ hit, i }) => ({ ...hit, id: `join-${i.household}`, ts: i.ts + 7 * 86_400_000 - 300_000 })),
  );
  const reference2 = await referenceSums(filter);
  expect(reference2).not.toEqual(reference1);
  expect(await staleReachExposureDays(t.gateway.app.ds.manager, c.id, filter.start, filter.end)).toEqual([]);
  expect(await sampleSums(filter)).toEqual(reference2);
  const joined = await exposureRows(filter);
  expect(await wholeRebuild(filter)).toEqual(joined);
}, 120_000);

test('a visit committed while a refresh reads is picked up by the next one', async () => {
  const filter = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  await sampleSums(filter);
  // A household with no visit after its first impression: the new one makes it respond.
  const i = (await firstImpressions(filter, true)).find((x) => quietFor(x, Infinity))!;
  const hit = lateHit(i.household, i.ts + 5 * 86_400_000, i.region, `race-${i.household}`)!;
  const before = await referenceSums(filter);
  // A writer's transaction: the visit and its note, not committed while the refresh runs.
  const qr = t.gateway.app.ds.createQueryRunner();
  await qr.connect();
  await qr.startTransaction('READ COMMITTED');
  const sqlTs = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const date = localParts(hit.ts, c.timeZone).date;
  const r = await qr.query(
    'INSERT INTO visit (customer_id, household_id, start_ts, end_ts, local_date, region, hits) VALUES (?, ?, ?, ?, ?, ?, 1)',
    [c.id, hit.household, sqlTs(hit.ts), sqlTs(hit.ts), date, hit.region],
  );
  await qr.query('INSERT INTO visit_page (visit_id, site_tag_id, customer_id, local_date) VALUES (?, ?, ?, ?)', [
    r.insertId,
    hit.siteTagId,
    c.id,
    date,
  ]);
  await noteReachVisits(qr, c.id, new Map([[hit.household, { first: date, last: date }]]));
  // The refresh sees neither the visit nor its note: its answer is the one before.
  expect(await sampleSums(filter)).toEqual(before);
  await qr.commitTransaction();
  await qr.release();
  hits.push(hit);
  const after = await referenceSums(filter);
  expect(after).not.toEqual(before);
  expect(await sampleSums(filter)).toEqual(after);
  const [noted, applied] = await Promise.all(
    [REACH_VISITS.noted, REACH_VISITS.applied].map(async (counter) => {
      const [row] = await q('SELECT version FROM reach_visit_version WHERE customer_id = ? AND counter = ?', [
        c.id,
        counter,
      ]);
      return String(row.version);
    }),
  );
  expect(applied).toBe(noted);
}, 60_000);

test('more noted households than a refresh copies one by one: the days they span are rebuilt whole', async () => {
  const filter = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  await sampleSums(filter);
  const added = (await firstImpressions(filter, true))
    .filter((i) => quietFor(i, 8))
    .slice(0, 5)
    .map((i) => lateHit(i.household, i.ts + 4 * 86_400_000, i.region, `bulk-${i.household}`)!);
  expect(added.length).toBe(5);
  const before = await referenceSums(filter);
  await etlWrite(added);
  const after = await referenceSums(filter);
  expect(after).not.toEqual(before);
  // At most 4 households one by one: the 5 noted unbuild their days, which the same refresh rebuilds.
  expect(await sampleSums(filter, 4)).toEqual(after);
  const rows = await exposureRows(filter);
  expect(await wholeRebuild(filter)).toEqual(rows);
}, 60_000);

test('late visits and control impressions of control households through the ETL: the control group follows', async () => {
  const filter = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  await controlSums(filter);
  const exposed = new Set(impressions.map((i) => i.household));
  // The first control impression in the range of control households with no visit for 8 days after,
  // half of them outside reach_exposure's sample.
  const first = new Map<string, RefImpression>();
  for (const i of [...controls].sort((a, b) => a.ts - b.ts)) {
    const d = localParts(i.ts, c.timeZone).date;
    if (!exposed.has(i.household) && d >= filter.start && !first.has(i.household)) first.set(i.household, i);
  }
  const quiet = [...first.values()].filter(
    (i) => quietFor(i, 8) && localParts(i.ts + 8 * 86_400_000, c.timeZone).date <= filter.end,
  );
  const pickQuiet = (sampled: boolean) => quiet.filter((i) => inReachSample(i.household) === sampled).slice(0, 4);
  const added = [...pickQuiet(true), ...pickQuiet(false)].map((i) =>
    lateHit(i.household, i.ts + 2 * 86_400_000, i.region, `ctl-late-${i.household}`)!,
  );
  expect(added.filter(Boolean).length).toBe(8);
  // And a control impression for 6 more (new) control households, 3 days before a visit of theirs.
  const fresh: RefImpression[] = [];
  const freshHits: RefHit[] = [];
  for (let k = 0; fresh.length < 6; k++) {
    const household = String(7_000_000 + k);
    // Three of the sample, three outside it.
    if (fresh.filter((i) => inReachSample(i.household) === inReachSample(household)).length >= 3) continue;
    const ts = Date.parse('2026-09-24T10:00:00Z') + k * 3_600_000;
    fresh.push({ ...controls[0], id: `ctl-new-${household}`, household, ts });
    freshHits.push({
      id: `ctl-new-h-${household}`,
      customerId: c.id,
      household,
      ts: ts + 3 * 86_400_000,
      siteTagId: c.siteTags[0].id,
      region: 'AUK',
    });
  }
  // Three batches, each read after: the visits, the control impressions alone (their own note), the
  // new households' visits.
  const before = referenceControl(filter)!;
  await etlWrite(added);
  const visited = referenceControl(filter)!;
  expect(visited.responding).toBeGreaterThan(before.responding);
  expect(await controlSums(filter)).toEqual(visited);
  await etlWrite([], fresh);
  const fresher = referenceControl(filter)!;
  expect(fresher).toEqual({ households: visited.households + 6, responding: visited.responding });
  expect(await controlSums(filter)).toEqual(fresher);
  await etlWrite(freshHits);
  const after = referenceControl(filter)!;
  expect(after).toEqual({ households: fresher.households, responding: fresher.responding + 6 });
  expect(fresh.some((i) => inReachSample(i.household))).toBe(true);
  expect(fresh.some((i) => !inReachSample(i.household))).toBe(true);
  expect(await staleReachExposureDays(t.gateway.app.ds.manager, c.id, filter.start, filter.end)).toEqual([]);
  expect(await controlSums(filter)).toEqual(after);
  const rows = await exposureRows(filter);
  expect(await wholeRebuild(filter)).toEqual(rows);

  // An impression through the ETL for two control households (one of the sample, one not), days
  // after their control impressions: they are in Reach now, so out of the control group.
  const seen = (sampled: boolean) => fresh.find((i) => inReachSample(i.household) === sampled)!;
  const reached = [seen(true), seen(false)].map((i) => ({
    ...impressions[0],
    id: `imp-ctl-${i.household}`,
    household: i.household,
    ts: i.ts + 5 * 86_400_000,
  }));
  await etlWrite([], [], reached);
  const exposedNow = referenceControl(filter)!;
  expect(exposedNow.households).toBe(after.households - 2);
  expect(await controlSums(filter)).toEqual(exposedNow);
  const rowsNow = await exposureRows(filter);
  expect(await wholeRebuild(filter)).toEqual(rowsNow);

  // Another writer's impression for a third (its day marked, as every writer does): the same.
  const third = fresh.find((i) => !reached.some((r) => r.household === i.household))!;
  const other = { ...impressions[0], id: 'imp-ctl-other', household: third.household, ts: third.ts + 86_400_000 };
  const tagId = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
  await fillImpressionEvents(t, 'impression_event', c, [other], tagId);
  await writeMarks(t.gateway.app.ds, [[c.id, SUMMARY.impressions, localParts(other.ts, c.timeZone).date]]);
  impressions.push(other);
  const written = referenceControl(filter)!;
  expect(written.households).toBe(exposedNow.households - 1);
  expect(await controlSums(filter)).toEqual(written);
  const rowsWritten = await exposureRows(filter);
  expect(await wholeRebuild(filter)).toEqual(rowsWritten);
}, 60_000);

test("control impressions through the ETL before a household's others, far from them: it is counted once, its later rows' chain follows", async () => {
  const filter = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  await controlSums(filter);
  const exposed = new Set(impressions.map((i) => i.household));
  const dayOf = (i: RefImpression) => localParts(i.ts, c.timeZone).date;
  // Control households (no impression) whose control impressions in range are all from 2026-09-30 on:
  // a new one on 09-21 is more than NOTE_AROUND (8) days before them, so outside its note's days.
  const byHousehold = new Map<string, RefImpression[]>();
  for (const i of controls) byHousehold.set(i.household, [...(byHousehold.get(i.household) ?? []), i]);
  const late = [...byHousehold.values()]
    .filter((list) => !exposed.has(list[0].household))
    .filter((list) => list.some((i) => dayOf(i) >= filter.start && dayOf(i) <= filter.end))
    .filter((list) => list.every((i) => dayOf(i) < filter.start || dayOf(i) >= '2026-09-30'))
    .slice(0, 6);
  expect(late.length).toBe(6);
  // Three get one in range (09-21), three one before it (09-18): neither changes the households (a
  // visit in the week after one may make it a responder).
  const added = late.map((list, k) => ({
    ...list[0],
    id: `ctl-early-${list[0].household}`,
    ts: Date.parse(k < 3 ? '2026-09-21T00:00:00Z' : '2026-09-18T00:00:00Z') + k * 60_000,
  }));
  const before = referenceControl(filter)!;
  await etlWrite([], added);
  const after = referenceControl(filter)!;
  expect(after.households).toBe(before.households);
  expect(await controlSums(filter)).toEqual(after);
  // A range starting on 09-21 counts the first three by the new rows, once each.
  const later = { ...filter, start: '2026-09-21' };
  expect(await controlSums(later)).toEqual(referenceControl(later));
  const rows = await exposureRows(filter);
  expect(await wholeRebuild(filter)).toEqual(rows);
  await expectHoldoutChains();
}, 60_000);

test('late impressions through the ETL: only their households and days are recomputed, no day rebuilt whole', async () => {
  const filter = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  await sampleSums(filter);
  const before = await exposureRows(filter);
  const inSample = await sampledHouseholds();
  // A new impression a day (and 5 s) before a hit of 20 sampled households (its flags from the visits
  // around it), one for 5 sampled households that had none, and 5 of households outside the sample.
  const late: RefImpression[] = [];
  const outside: RefImpression[] = [];
  const template = impressions[0];
  // Households without control impressions (those are noted for reach_holdout too: the holdout test).
  const holdout = new Set(controls.map((i) => i.household));
  for (const h of [...hits].sort((a, b) => a.ts - b.ts)) {
    const ts = h.ts - 86_400_000 - 5000;
    const d = localParts(ts, c.timeZone).date;
    if (d < filter.start || d > filter.end || holdout.has(h.household)) continue;
    const i = { ...template, id: `imp-late-${h.id}`, household: h.household, ts, region: h.region };
    if (inSample.has(h.household) && late.length < 20 && !late.some((x) => x.household === h.household)) late.push(i);
    else if (!inReachSample(h.household) && outside.length < 5 && !outside.some((x) => x.household === h.household))
      outside.push(i);
  }
  for (let k = 0; late.length < 25; k++) {
    const household = String(8_000_000 + k);
    if (inReachSample(household))
      late.push({
        ...template,
        id: `imp-new-${household}`,
        household,
        ts: Date.parse('2026-09-27T12:00:00Z') + k * 60_000,
      });
  }
  expect([late.length, outside.length]).toEqual([25, 5]);
  const reference0 = await referenceSums(filter);
  await etlWrite([], [], [...late, ...outside]);
  const reference1 = await referenceSums(filter);
  expect(reference1).not.toEqual(reference0);

  // Noted: the 25 sampled households only, each with its impression's day alone; no day is stale.
  const notes: { h: string; first: string; last: string }[] = await q(
    `SELECT CAST(household_id AS CHAR) AS h, DATE_FORMAT(first_date, '%Y-%m-%d') AS first,
            DATE_FORMAT(last_date, '%Y-%m-%d') AS last FROM reach_visit_note WHERE customer_id = ? ORDER BY h`,
    [c.id],
  );
  const dayOf = (i: RefImpression) => localParts(i.ts, c.timeZone).date;
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  expect(notes).toEqual(
    late
      .map((i) => ({ h: i.household, first: shift(dayOf(i), 8), last: shift(dayOf(i), -8) }))
      .sort((a, b) => (a.h < b.h ? -1 : 1)),
  );
  expect(await staleReachExposureDays(t.gateway.app.ds.manager, c.id, filter.start, filter.end)).toEqual([]);
  expect(await sampleSums(filter)).toEqual(reference1);
  expect(await q('SELECT COUNT(*) AS n FROM reach_visit_note WHERE customer_id = ?', [c.id])).toEqual([{ n: 0 }]);
  // Only the rows of the new impressions' households and days changed; every row as a whole rebuild writes it.
  const incremental = await exposureRows(filter);
  const changed = new Set(late.map((i) => `${i.household}|${dayOf(i)}`));
  const others = (rows: Record<string, unknown>[]) => rows.filter((r) => !changed.has(`${String(r.h)}|${String(r.d)}`));
  expect(others(incremental)).toEqual(others(before));
  expect(incremental.length).toBeGreaterThan(before.length);
  expect(await wholeRebuild(filter)).toEqual(incremental);

  // A second batch past `maxNoted`: its days are rebuilt whole, to the same rows.
  const more = late.slice(0, 5).map((i) => ({ ...i, id: `${i.id}-again`, ts: i.ts + 3_600_000 }));
  await etlWrite([], [], more);
  const reference2 = await referenceSums(filter);
  expect(reference2).not.toEqual(reference1);
  expect(await sampleSums(filter, 4)).toEqual(reference2);
  const rows = await exposureRows(filter);
  expect(await wholeRebuild(filter)).toEqual(rows);
  // Any other writer's impression mark (a deletion, a back-fill) still rebuilds its day whole.
  const day = dayOf(late[0]);
  await writeMarks(t.gateway.app.ds, [[c.id, SUMMARY.impressions, day]]);
  const stale = await staleReachExposureDays(t.gateway.app.ds.manager, c.id, filter.start, filter.end);
  expect(stale.map((d) => d.date)).toEqual([day]);
  expect(await sampleSums(filter)).toEqual(reference2);
  expect(await staleReachExposureDays(t.gateway.app.ds.manager, c.id, filter.start, filter.end)).toEqual([]);
}, 120_000);
