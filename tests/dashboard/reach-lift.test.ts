import { referenceAnswers } from '../reference/metrics';
import { referenceReachLift } from '../reference/reach-lift';
import type { RefHit, RefImpression } from '../reference/types';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { answerMismatches, gqlCall, restCall, SECTION_4B_CALLS } from './compare';
import { fillImpressionEvents } from './fill-impression-events';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { generateHoldout } from './generate-holdout';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * docs/design.md#reach-frequency-and-lift: reach_frequency and incremental_lift on REST and GraphQL against the reference
 * calculator, for generated data written straight into the tables: a customer with a holdout
 * (control impressions, some on exposed households) and one with none (pre/post), every filter.
 */
let t: TestGateway;
let token: string;
let broadcasterId: number;
interface Data {
  c: WorldCustomer;
  impressions: RefImpression[];
  controls: RefImpression[];
  hits: RefHit[];
}
const data: Data[] = [];
const CALLS = SECTION_4B_CALLS;
const FROM = Date.parse('2026-09-17T00:00:00Z');
const TO = Date.parse('2026-10-06T00:00:00Z');

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  broadcasterId = orgs.broadcasterId;
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  for (const [seed, holdout] of [
    [7, true],
    [11, false],
  ] as const) {
    const c = await makeCustomer(t, orgs.broadcasterId, referencePlan(`Reach ${seed} Ltd`));
    // More households than the section 4 suite, so frequency rows reach 30 households.
    const events = generateEvents(c, { seed, fromMs: FROM, toMs: TO, impressions: 1500, households: 400 });
    const ctl = holdout
      ? generateHoldout(c, events, { seed, fromMs: FROM, toMs: TO, controls: 700, controlHouseholds: 260 })
      : { controls: [], hits: [] };
    const hits = [...events.hits, ...ctl.hits];
    await fillTables(t, c, events.impressions, hits);
    const tagId = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
    await fillImpressionEvents(t, 'impression_event', c, events.impressions, tagId);
    await fillImpressionEvents(t, 'control_impression_event', c, ctl.controls, tagId);
    data.push({ c, impressions: events.impressions, controls: ctl.controls, hits });
  }
}, 120_000);
afterAll(() => t.close());

const expectedOf = (d: Data, filter: Parameters<typeof referenceReachLift>[4]) =>
  referenceReachLift(refCustomer(d.c), d.impressions, d.controls, d.hits, filter);

describe.each([
  [0, 'with a holdout'],
  [1, 'without a control group'],
])('customer %i (%s)', (idx) => {
  test.each(Array.from({ length: 13 }, (_, i) => i))(
    'filter case %i: both calls equal the reference on REST and GraphQL',
    async (i) => {
      const d = data[idx];
      const { name, filter } = filterCases(d.c, '2026-09-20', '2026-10-04')[i];
      // The answers first, then the (slow, synchronous) reference: an idle keep-alive socket may be closed meanwhile.
      const answers = [];
      for (const call of CALLS) {
        answers.push({
          call,
          rest: await restCall(t, token, call, payloadOf(filter)),
          g: await gqlCall(t, token, call, payloadOf(filter)),
        });
      }
      const expected = expectedOf(d, filter);
      const problems: string[] = [];
      for (const { call, rest, g } of answers) {
        if (rest.status !== 200) problems.push(`${name} ${call} REST ${rest.status} ${JSON.stringify(rest.body)}`);
        else
          problems.push(...answerMismatches(call, rest.body, expected[call]).map((p) => `${name} REST ${call} ${p}`));
        if (g.errors) problems.push(`${name} ${call} GraphQL ${JSON.stringify(g.errors)}`);
        else
          problems.push(...answerMismatches(call, g.data[call], expected[call]).map((p) => `${name} GQL ${call} ${p}`));
      }
      expect(problems.slice(0, 20)).toEqual([]);
    },
  );
});

test('the generated data exercises both methods, both kinds on one household, and early pre windows', () => {
  const [withHoldout, without] = data;
  const methods = new Set<string>();
  for (const d of data) {
    for (const { filter } of filterCases(d.c, '2026-09-20', '2026-10-04')) {
      methods.add(expectedOf(d, filter).incremental_lift.summary_data.Method);
    }
  }
  expect([...methods].sort()).toEqual(['holdout', 'pre_post']);
  const exposedHouseholds = new Set(withHoldout.impressions.map((i) => i.household));
  expect(withHoldout.controls.some((i) => exposedHouseholds.has(i.household))).toBe(true);
  const all = { customerId: without.c.id, start: '2026-09-20', end: '2026-10-04' };
  const r = expectedOf(without, all);
  // Some households' pre window starts before the first site hit (left out), others are kept.
  expect(r.incremental_lift.summary_data.Exposed_Households).toBeGreaterThan(0);
  expect(r.incremental_lift.summary_data.Exposed_Households).toBeLessThan(r.reach_frequency.summary_data.Reach);
  expect(r.reach_frequency.summary_data.Optimal_Frequency).toBeGreaterThan(0);
  expect(r.reach_frequency.table_data.length).toBeGreaterThan(3);
  const h = expectedOf(withHoldout, { ...all, customerId: withHoldout.c.id }).incremental_lift.summary_data;
  expect(h.Method).toBe('holdout');
  expect(h.Control_Rate).toBeGreaterThan(0);
});

test('control impressions change no section 4 number', async () => {
  const d = data[0];
  const filter = { customerId: d.c.id, start: '2026-09-20', end: '2026-10-04' };
  const calls = ['impression_summary', 'impressions_before_visit', 'responses_over_time'] as const;
  const answers: Awaited<ReturnType<typeof restCall>>[] = [];
  for (const call of calls) answers.push(await restCall(t, token, call, payloadOf(filter)));
  const expected = referenceAnswers(refCustomer(d.c), d.impressions, d.hits, filter);
  const problems = calls.flatMap((call, i) =>
    answerMismatches(call, answers[i].body, expected[call]).map((p) => `${call} ${p}`),
  );
  expect(problems).toEqual([]);
});

test('another tenant cannot read the calls; signed out is 401', async () => {
  const d = data[0];
  const filter = payloadOf({ customerId: d.c.id, start: '2026-09-20', end: '2026-10-04' });
  const other = await makeCustomer(t, broadcasterId, { name: 'Other Ltd' });
  const stranger = (await makeUser(t, { entityType: 'CUSTOMER', entityId: other.id, admin: true })).token;
  for (const call of CALLS) {
    expect((await restCall(t, stranger, call, filter)).status).toBe(404);
    expect((await restCall(t, '', call, filter)).status).toBe(401);
    expect((await restCall(t, token, call, { ...filter, startdate: 'yesterday' })).status).toBe(400);
  }
});
