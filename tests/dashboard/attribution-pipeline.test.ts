import { referenceAnswers } from '../reference/metrics';
import type { TestGateway } from '../support/gateway';
import {
  hitLine,
  impressionLine,
  ingest,
  type IngestLine,
  ingestAndSettle,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
} from '../support/pipeline';
import { attachTouches, sessionise } from '../reference/sessions';
import { recomputePending } from '../../gateway/src/modules/attribution/recompute';
import type { RefHit, RefImpression } from '../reference/types';
import { answerMismatches, restCall, SECTION_4_CALLS } from './compare';
import { generateEvents } from './generate';
import { lateHits } from './late-hits';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * docs/design.md#attribution-settings end to end: a customer asks for a 30-day touch window (an attribution_change
 * row, as the settings screen writes it), the worker's recompute task puts it in force, and from then on the ETL
 * writes that customer's touches 30 days deep, on both of its paths (a visit reading the stored impressions before
 * it; an impression arriving after the visits it touches). Another customer keeps the default week.
 */
jest.setTimeout(240_000);
const HOUR = 3600 * 1000;
let t: TestGateway;
let token: string;
const world: { c: WorldCustomer; events: { impressions: RefImpression[]; hits: RefHit[] }; w: number; s: number }[] =
  [];

function linesOf(c: WorldCustomer, impressions: RefImpression[], hits: RefHit[]): IngestLine[] {
  const impKey = new Map([...c.impressionTags.values()].map((x) => [`${x.bookingId}:${x.creativeId}`, x.key]));
  const siteKey = new Map(c.siteTags.map((s) => [s.id, s.key]));
  return [
    ...impressions.map((i) => impressionLine(i, (x) => impKey.get(`${x.bookingId}:${x.creativeId}`)!)),
    ...hits.map((h) => hitLine(h, (x) => siteKey.get(x.siteTagId)!)),
  ];
}

beforeAll(async () => {
  t = await startPipelineGateway();
  token = await superAdminToken(t);
  const orgs = await makeBroadcasterWorld(t);
  for (const [n, w, s] of [
    [0, 720, 48],
    [1, 168, 24],
  ]) {
    const c = await makeCustomer(t, orgs.broadcasterId, referencePlan(`Late ${n} Ltd`));
    const events = generateEvents(c, {
      seed: 31 + n,
      fromMs: Date.parse('2026-08-28T00:00:00Z'),
      toMs: Date.parse('2026-10-05T00:00:00Z'),
      impressions: 700,
    });
    events.hits.push(...lateHits(c, events.impressions, `p${n}`, 4));
    world.push({ c, events, w, s });
  }
  // The long window asked for before any data: the task switches it at once (nothing to backfill) and widens the table.
  const long = world[0].c;
  const change = await t.gateway.app.ds.query(
    `INSERT INTO attribution_change (customer_id, from_touch_hours, from_same_day_hours, touch_hours, same_day_hours)
     VALUES (?, 168, 24, 720, 48)`,
    [long.id],
  );
  const until = Date.now() + 60_000;
  let status = '';
  while (Date.now() < until && status !== 'done') {
    await new Promise((r) => setTimeout(r, 250));
    [{ status }] = await t.gateway.app.ds.query('SELECT status FROM attribution_change WHERE id = ?', [
      change.insertId,
    ]);
  }
  expect(status).toBe('done');
  // Two sends: every visit with half the impressions (the visits read them), then the other half (they touch the
  // stored visits).
  const first: IngestLine[] = [];
  const second: IngestLine[] = [];
  for (const { c, events } of world) {
    first.push(
      ...linesOf(
        c,
        events.impressions.filter((_, i) => i % 2 === 0),
        events.hits,
      ),
    );
    second.push(
      ...linesOf(
        c,
        events.impressions.filter((_, i) => i % 2 === 1),
        [],
      ),
    );
  }
  expect((await ingestAndSettle(t, token, first)).rejected).toBe(0);
  expect((await ingestAndSettle(t, token, second)).rejected).toBe(0);
}, 180_000);
afterAll(() => t.close());

test.each([0, 1])('customer %i: the pipeline writes touches at its width, answers follow its windows', async (n) => {
  const { c, events, w, s } = world[n];
  const [{ widest }] = await t.gateway.app.ds.query(
    'SELECT MAX(TIMESTAMPDIFF(SECOND, impression_ts, visit_ts)) AS widest FROM touch WHERE customer_id = ?',
    [c.id],
  );
  // Customer 0's table reaches 30 days back (20-day-late visits have touches); customer 1's stays within a week.
  if (w === 720) expect(Number(widest)).toBeGreaterThan(19 * 24 * 3600);
  else expect(Number(widest)).toBeLessThan(168 * 3600);
  const problems: string[] = [];
  for (const { name, filter } of filterCases(c, '2026-09-20', '2026-10-04').slice(0, 6)) {
    const expected = referenceAnswers(refCustomer(c), events.impressions, events.hits, filter, {
      touchMs: w * HOUR,
      sameDayMs: s * HOUR,
    });
    for (const call of SECTION_4_CALLS) {
      const rest = await restCall(t, token, call, payloadOf(filter));
      problems.push(...answerMismatches(call, rest.body, expected[call]).map((p) => `${name} ${call} ${p}`));
    }
  }
  expect(problems.slice(0, 20)).toEqual([]);
  const timing = await restCall(
    t,
    token,
    'visit_response_timing',
    payloadOf({ customerId: c.id, start: '2026-09-20', end: '2026-10-04' }),
  );
  if (w === 720) expect(timing.body.summary_data.Beyond_Week).toBeGreaterThan(0);
  else expect(timing.body.summary_data.Beyond_Week).toBeUndefined();
});

test('a switch to 30 days while events arrive leaves no touch out', async () => {
  const orgs = await makeBroadcasterWorld(t);
  const c = await makeCustomer(t, orgs.broadcasterId, referencePlan('Switching Ltd'));
  const events = generateEvents(c, {
    seed: 37,
    fromMs: Date.parse('2026-08-28T00:00:00Z'),
    toMs: Date.parse('2026-10-05T00:00:00Z'),
    impressions: 900,
  });
  events.hits.push(...lateHits(c, events.impressions, 'sw', 4));
  const lines = linesOf(c, events.impressions, events.hits);
  // A deterministic shuffle: impressions and visits of every day arrive in every part.
  const order = lines.map((l, i) => ({ l, k: (i * 7919) % lines.length })).sort((a, b) => a.k - b.k);
  const shuffled = order.map((x) => x.l);
  const third = Math.floor(shuffled.length / 3);
  expect((await ingestAndSettle(t, token, shuffled.slice(0, third))).rejected).toBe(0);
  // The change is asked for, then the rest arrives in small sends while the task widens and backfills.
  const change = await t.gateway.app.ds.query(
    `INSERT INTO attribution_change (customer_id, from_touch_hours, from_same_day_hours, touch_hours, same_day_hours)
     VALUES (?, 168, 24, 720, 48)`,
    [c.id],
  );
  // This process's recompute (the task's, if it took the customer's lease first, runs instead) backfills a day
  // every 30 ms while the sends go on, so ETL batches run before, during and after the widening.
  const recompute = recomputePending(t.gateway.app, 'switch-test', {
    afterDay: () => new Promise((res) => setTimeout(res, 30)),
  });
  for (let i = third; i < shuffled.length; i += 60) {
    const r = await ingest(t, token, shuffled.slice(i, i + 60));
    expect(r.status).toBe(200);
    await new Promise((res) => setTimeout(res, 80));
  }
  await recompute;
  await waitForIdle(t, token, 120_000);
  const until = Date.now() + 60_000;
  let status = '';
  while (Date.now() < until && status !== 'done') {
    [{ status }] = await t.gateway.app.ds.query('SELECT status FROM attribution_change WHERE id = ?', [
      change.insertId,
    ]);
    if (status !== 'done') await new Promise((r) => setTimeout(r, 250));
  }
  expect(status).toBe('done');
  const expected = attachTouches(sessionise(events.hits), events.impressions, 720 * HOUR).reduce(
    (a, v) => a + v.touches.length,
    0,
  );
  const [{ n }] = await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM touch WHERE customer_id = ?', [c.id]);
  expect(Number(n)).toBe(expected);
  const problems: string[] = [];
  for (const { name, filter } of filterCases(c, '2026-09-20', '2026-10-04').slice(0, 3)) {
    const want = referenceAnswers(refCustomer(c), events.impressions, events.hits, filter, {
      touchMs: 720 * HOUR,
      sameDayMs: 48 * HOUR,
    });
    for (const call of SECTION_4_CALLS) {
      const rest = await restCall(t, token, call, payloadOf(filter));
      problems.push(...answerMismatches(call, rest.body, want[call]).map((p) => `${name} ${call} ${p}`));
    }
  }
  expect(problems.slice(0, 20)).toEqual([]);
});
