import { referenceReachLift } from '../reference/reach-lift';
import type { RefHit, RefImpression } from '../reference/types';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { answerMismatches, gqlCall, restCall, SECTION_4B_CALLS } from './compare';
import { fillImpressionEvents } from './fill-impression-events';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { generateHoldout } from './generate-holdout';
import { lateHits } from './late-hits';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * docs/design.md#attribution-settings on 4b: reach_frequency and incremental_lift at windows other than the defaults
 * (W = 720 h / S = 48 h and W = 36 h / S = 12 h) against the reference: the responding households, the holdout's control
 * touch and the pre/post windows all follow W. The gateway here samples every I(F) it can
 * (REACH_SAMPLE_MIN_IMPRESSIONS = 1): the household sample stores 7-day flags, so at other windows the answers
 * must be exact, not estimates.
 */
const HOUR = 3600 * 1000;
let t: TestGateway;
let token: string;
interface Data {
  c: WorldCustomer;
  impressions: RefImpression[];
  controls: RefImpression[];
  hits: RefHit[];
}
const data: Data[] = [];
const FROM = Date.parse('2026-08-28T00:00:00Z');
const TO = Date.parse('2026-10-06T00:00:00Z');

beforeAll(async () => {
  t = await startTestGateway({ REACH_SAMPLE_MIN_IMPRESSIONS: '1' });
  const orgs = await makeBroadcasterWorld(t);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  for (const [seed, holdout] of [
    [7, true],
    [11, false],
  ] as const) {
    const c = await makeCustomer(t, orgs.broadcasterId, referencePlan(`Reach windows ${seed} Ltd`));
    const events = generateEvents(c, { seed, fromMs: FROM, toMs: TO, impressions: 1500, households: 400 });
    const ctl = holdout
      ? generateHoldout(c, events, { seed, fromMs: FROM, toMs: TO, controls: 700, controlHouseholds: 260 })
      : { controls: [], hits: [] };
    const hits = [...events.hits, ...ctl.hits, ...lateHits(c, [...events.impressions, ...ctl.controls], `rw${seed}`)];
    await fillTables(t, c, events.impressions, hits, 720 * HOUR);
    await t.gateway.app.ds.query('UPDATE customer SET touch_table_hours = 720 WHERE id = ?', [c.id]);
    const tagId = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
    await fillImpressionEvents(t, 'impression_event', c, events.impressions, tagId);
    await fillImpressionEvents(t, 'control_impression_event', c, ctl.controls, tagId);
    data.push({ c, impressions: events.impressions, controls: ctl.controls, hits });
  }
}, 120_000);
afterAll(() => t.close());

describe.each([
  { w: 720, s: 48 },
  { w: 36, s: 12 },
])('windows W = $w h, S = $s h', ({ w, s }) => {
  beforeAll(async () => {
    for (const d of data) {
      await t.gateway.app.ds.query(
        'UPDATE customer SET touch_window_hours = ?, same_day_window_hours = ? WHERE id = ?',
        [w, s, d.c.id],
      );
    }
  });
  test.each([0, 1].flatMap((idx) => [0, 1, 4, 7, 12].map((i) => [idx, i])))(
    'customer %i, filter case %i: both calls equal the reference on REST and GraphQL',
    async (idx, i) => {
      const d = data[idx];
      const { name, filter } = filterCases(d.c, '2026-09-20', '2026-10-04')[i];
      const answers = [];
      for (const call of SECTION_4B_CALLS) {
        answers.push({
          call,
          rest: await restCall(t, token, call, payloadOf(filter)),
          g: await gqlCall(t, token, call, payloadOf(filter)),
        });
      }
      const expected = referenceReachLift(refCustomer(d.c), d.impressions, d.controls, d.hits, filter, {
        touchMs: w * HOUR,
        sameDayMs: s * HOUR,
      });
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

test('the windows change the lift a user sees (so the comparisons above can tell them apart)', () => {
  for (const d of data) {
    const f = { customerId: d.c.id, start: '2026-09-20', end: '2026-10-04' };
    const at = (w: number) =>
      referenceReachLift(refCustomer(d.c), d.impressions, d.controls, d.hits, f, {
        touchMs: w * HOUR,
        sameDayMs: Math.min(24, w) * HOUR,
      }).incremental_lift.summary_data;
    const [def, long, short] = [at(168), at(720), at(36)];
    expect(long.Exposed_Rate).not.toBe(def.Exposed_Rate);
    expect(short.Exposed_Rate).not.toBe(def.Exposed_Rate);
  }
});
