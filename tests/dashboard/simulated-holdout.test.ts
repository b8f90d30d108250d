import { localMidnight, type SimEvent, TrafficModel } from '../../gateway/src/simulate/traffic';
import type { SimCustomer } from '../../gateway/src/simulate/world';
import { referenceFacts } from '../reference/metrics';
import { referenceReachLift } from '../reference/reach-lift';
import type { RefHit, RefImpression } from '../reference/types';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { restCall } from './compare';
import { fillImpressionEvents } from './fill-impression-events';
import { fillTables } from './fill-tables';
import { payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from './world';

/**
 * The simulator runs a holdout (30% of households get control impressions and
 * visit only at the baseline rate) and knows which visits exposure caused. Over 10 seeds, the true
 * effect (the responding households exposure caused: those that respond, but would not with their
 * baseline visits alone) must lie inside the interval the holdout method reports,
 * (Lift_Low .. Lift_High) x Control_Rate x Reach, in at least 9 of them. The pre/post method's
 * distance from the truth is printed (it has no control group, only each household's own past).
 */
let t: TestGateway;
let token: string;
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const FIRST_DAY = '2026-09-07';
const DAYS = 21;
const RANGE = { start: '2026-09-14', end: '2026-09-27' };

interface Run {
  seed: number;
  c: WorldCustomer;
  impressions: RefImpression[];
  controls: RefImpression[];
  hits: (RefHit & { caused: boolean })[];
}
const runs: Run[] = [];

function simulate(c: WorldCustomer, seed: number): Run {
  const sim: SimCustomer = {
    id: c.id,
    timeZone: c.timeZone,
    bookings: c.bookings.map((b) => ({
      bookingId: b.id,
      startDate: b.start,
      endDate: b.end,
      tagKeys: b.creativeIds.map((cr) => c.impressionTags.get(`${b.id}:${cr}`)!.key),
    })),
    siteTagKeys: c.siteTags.map((s) => s.key),
    mainSiteTagKey: c.siteTags[0].key,
  };
  const model = new TrafficModel(sim, {
    seed,
    impressionsPerDay: 250,
    households: 2500,
    responseRate: 0.05,
    baselineVisitsPerDay: 25,
    holdoutShare: 0.3,
  });
  const events: SimEvent[] = [];
  let { start } = localMidnight(Date.parse(`${FIRST_DAY}T12:00:00Z`), c.timeZone);
  for (let d = 0; d < DAYS; d++) {
    const day = localMidnight(start + 12 * 3_600_000, c.timeZone);
    const next = localMidnight(day.start + 36 * 3_600_000, c.timeZone).start;
    events.push(...model.day(day.start, day.date, next - 1));
    start = next;
  }
  const tagOf = new Map([...c.impressionTags.values()].map((x) => [x.key, x]));
  const siteOf = new Map(c.siteTags.map((s) => [s.key, s.id]));
  const booking = new Map(c.bookings.map((b) => [b.id, b]));
  const run: Run = { seed, c, impressions: [], controls: [], hits: [] };
  for (const e of events) {
    if (e.type === 'impression') {
      const tag = tagOf.get(e.tag)!;
      const b = booking.get(tag.bookingId)!;
      (e.control ? run.controls : run.impressions).push({
        id: e.id,
        customerId: c.id,
        household: e.household,
        ts: e.ts,
        bookingId: b.id,
        campaignId: b.campaignId,
        creativeId: tag.creativeId,
        channelId: b.channelId,
        region: e.region,
      });
    } else {
      run.hits.push({
        id: e.id,
        customerId: c.id,
        household: e.household,
        ts: e.ts,
        siteTagId: siteOf.get(e.tag)!,
        region: e.region,
        caused: e.caused === true,
      });
    }
  }
  return run;
}

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  for (const seed of SEEDS) {
    const c = await makeCustomer(t, orgs.broadcasterId, {
      name: `Holdout seed ${seed}`,
      campaigns: 1,
      creatives: 2,
      siteTags: 2,
      bookings: [
        { campaign: 0, channel: 0, cpm: 10, start: '2026-09-01', end: '2026-10-31' },
        { campaign: 0, channel: 1, cpm: 20, start: '2026-09-01', end: '2026-10-31' },
      ],
    });
    const run = simulate(c, seed);
    const tagId = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
    await fillTables(t, c, run.impressions, run.hits);
    await fillImpressionEvents(t, 'impression_event', c, run.impressions, tagId);
    await fillImpressionEvents(t, 'control_impression_event', c, run.controls, tagId);
    runs.push(run);
  }
}, 300_000);
afterAll(() => t.close());

test('the true effect lies inside the holdout interval in at least 9 of 10 seeds', async () => {
  const answers: Record<string, any>[] = [];
  for (const r of runs) {
    const res = await restCall(t, token, 'incremental_lift', payloadOf({ customerId: r.c.id, ...RANGE }));
    expect(res.status).toBe(200);
    answers.push(res.body.summary_data);
  }
  const lines: string[] = [];
  let inside = 0;
  runs.forEach((r, n) => {
    const s = answers[n];
    expect(s.Method).toBe('holdout');
    const f = { customerId: r.c.id, ...RANGE };
    const ref = refCustomer(r.c);
    const responding = (hits: RefHit[]) =>
      new Set(referenceFacts(ref, r.impressions, hits, f).responses.map((x) => x.visit.household));
    const all = responding(r.hits);
    const baselineOnly = responding(r.hits.filter((h) => !h.caused));
    const truth = [...all].filter((h) => !baselineOnly.has(h)).length;
    const low = s.Lift_Low * s.Control_Rate * s.Exposed_Households;
    const high = s.Lift_High * s.Control_Rate * s.Exposed_Households;
    if (truth >= low && truth <= high) inside++;
    const prePost = referenceReachLift(ref, r.impressions, [], r.hits, f).incremental_lift.summary_data;
    lines.push(
      `seed ${r.seed}: truth ${truth}; holdout ${s.Incremental_Responses.toFixed(1)} in [${low.toFixed(1)}, ${high.toFixed(1)}]` +
        ` (control ${s.Control_Households} households); pre/post ${prePost.Incremental_Responses.toFixed(1)}` +
        ` (off by ${(prePost.Incremental_Responses - truth).toFixed(1)})`,
    );
  });
  console.log(`simulated holdout, ${inside} of ${runs.length} intervals hold the truth:\n${lines.join('\n')}`);
  expect(inside).toBeGreaterThanOrEqual(9);
});

test('without a holdout share the simulator sends no control impression and its traffic is unchanged', () => {
  const sim: SimCustomer = {
    id: 1,
    timeZone: 'UTC',
    bookings: [{ bookingId: 1, startDate: '2026-01-01', endDate: '2026-12-31', tagKeys: ['k'] }],
    siteTagKeys: ['s'],
    mainSiteTagKey: 's',
  };
  const opts = { seed: 5, impressionsPerDay: 200, households: 500, responseRate: 0.05, baselineVisitsPerDay: 10 };
  const day = Date.parse('2026-09-10T00:00:00Z');
  const plain = new TrafficModel(sim, opts).day(day, '2026-09-10', day + 86_400_000);
  const zero = new TrafficModel(sim, { ...opts, holdoutShare: 0 }).day(day, '2026-09-10', day + 86_400_000);
  expect(zero).toEqual(plain);
  expect(plain.some((e) => e.control)).toBe(false);
  const held = new TrafficModel(sim, { ...opts, holdoutShare: 0.3 }).day(day, '2026-09-10', day + 86_400_000);
  const controls = held.filter((e) => e.control);
  expect(controls.length).toBeGreaterThan(0);
  // A control household's visits are never caused.
  const controlHouseholds = new Set(controls.map((e) => e.household));
  expect(held.filter((e) => e.caused && controlHouseholds.has(e.household))).toEqual([]);
});
