import { SUMMARY, writeMarks } from '../../gateway/src/etl/stale-days';
import { rangeFilter } from '../../gateway/src/modules/analytics/filter';
import {
  queryFirstHitMs,
  querySampleRows,
  type SampleRow,
} from '../../gateway/src/modules/analytics/queries/reach-sample';
import {
  refreshReachExposure,
  staleReachExposureDays,
  STORED_BUCKETS,
} from '../../gateway/src/modules/analytics/rollup/refresh-reach-exposure';
import { localParts } from '../reference/sessions';
import type { RefFilter } from '../reference/metrics';
import { referenceReachLift } from '../reference/reach-lift';
import type { RefHit, RefImpression } from '../reference/types';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { fillImpressionEvents } from './fill-impression-events';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { filterCases, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * DESIGN 4b at scale: reach_exposure holds, per sampled household, day and cell, what the reach and
 * lift reads used to probe visits and touches for. Read at the full stored rate (all 64 buckets), the
 * sample's sums must equal the reference calculator's answer over exactly the sampled households
 * (their impressions, every customer's hit: the first hit is the customer's), under every filter, and
 * stay equal when a visit arrives days after an impression it changes the flags of.
 */
let t: TestGateway;
let c: WorldCustomer;
let impressions: RefImpression[];
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
  impressions = events.impressions;
  hits = events.hits;
  await fillTables(t, c, impressions, hits);
  const tagId = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
  await fillImpressionEvents(t, 'impression_event', c, impressions, tagId);
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
async function sampleSums(filter: RefFilter) {
  const f = rangeFilter(c.id, filter.start, filter.end, filter);
  const em = t.gateway.app.ds.manager;
  await refreshReachExposure(em, c.id, f.start, f.end);
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

test('a visit days after an impression: its day is marked, the impression day rebuilt, the sums stay equal', async () => {
  const filter = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  await sampleSums(filter);
  // For 20 sampled households, a visit (a hit an hour away from any other of theirs) 6 days after the
  // first impression they have in the range: it changes that day's post flag and touched visit date.
  const sampled = await sampledHouseholds();
  const byHousehold = new Map<string, RefImpression>();
  for (const i of [...impressions].sort((a, b) => a.ts - b.ts)) {
    const d = localParts(i.ts, c.timeZone).date;
    if (sampled.has(i.household) && d >= filter.start && d <= filter.end && !byHousehold.has(i.household))
      byHousehold.set(i.household, i);
  }
  const added: RefHit[] = [];
  for (const [household, i] of byHousehold) {
    const ts = i.ts + 6 * 86_400_000 + 17_000;
    const quiet = hits.every((h) => h.household !== household || Math.abs(h.ts - ts) > 3_600_000);
    if (quiet && localParts(ts, c.timeZone).date <= filter.end)
      added.push({
        id: `late-${household}`,
        customerId: c.id,
        household,
        ts,
        siteTagId: c.siteTags[0].id,
        region: i.region,
      });
    if (added.length === 20) break;
  }
  expect(added.length).toBe(20);
  const before = await referenceSums(filter);
  hits.push(...added);
  const after = await referenceSums(filter);
  expect(after).not.toEqual(before);
  // As the ETL writes a visit: the row, its page, and a mark of its local day only.
  const sqlTs = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  for (const h of added) {
    const date = localParts(h.ts, c.timeZone).date;
    const r = await q(
      `INSERT INTO visit (customer_id, household_id, start_ts, end_ts, local_date, region, hits) VALUES (?, ?, ?, ?, ?, ?, 1)`,
      [c.id, h.household, sqlTs(h.ts), sqlTs(h.ts), date, h.region],
    );
    await q('INSERT INTO visit_page (visit_id, site_tag_id, customer_id, local_date) VALUES (?, ?, ?, ?)', [
      r.insertId,
      h.siteTagId,
      c.id,
      date,
    ]);
    await writeMarks(t.gateway.app.ds, [[c.id, SUMMARY.visits, date]]);
  }
  // The impressions' days (6 days before the visits) are stale, and only days within 8 of a visit.
  const stale = (await staleReachExposureDays(t.gateway.app.ds.manager, c.id, filter.start, filter.end)).map(
    (d) => d.date,
  );
  for (const i of byHousehold.values()) {
    if (added.some((h) => h.household === i.household)) expect(stale).toContain(localParts(i.ts, c.timeZone).date);
  }
  const visitDays = added.map((h) => Date.parse(localParts(h.ts, c.timeZone).date));
  for (const d of stale) expect(visitDays.some((v) => Math.abs(v - Date.parse(d)) <= 8 * 86_400_000)).toBe(true);
  expect(await sampleSums(filter)).toEqual(after);
}, 60_000);
