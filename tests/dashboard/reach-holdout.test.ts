import { referenceReachLift } from '../reference/reach-lift';
import type { RefFilter } from '../reference/metrics';
import type { RefHit, RefImpression } from '../reference/types';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { gqlCall, restCall } from './compare';
import { fillImpressionEvents } from './fill-impression-events';
import { fillTables } from './fill-tables';
import { prng, tagImpression } from './generate';
import { payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * docs/design.md#reach-frequency-and-lift at a size where reach is sampled: a holdout of 12,000 control households (before, a
 * quarter of them were read and the counts scaled by 4, ~1% off at best) beside 4,000 exposed ones
 * with one impression each (so the household sample bounds Reach at its first read). The gateway
 * samples from 1 impression up (REACH_SAMPLE_MIN_IMPRESSIONS): incremental_lift says Approximate (the
 * exposed side), and Control_Households and Control_Rate equal the reference exactly, on REST and
 * GraphQL, with and without a site filter.
 */
let t: TestGateway;
let token: string;
let c: WorldCustomer;
const impressions: RefImpression[] = [];
const controls: RefImpression[] = [];
const hits: RefHit[] = [];
const FROM = Date.parse('2026-09-17T00:00:00Z');
const DAY = 86_400_000;
const EXPOSED = 4000;
const CONTROL = 12_000;

beforeAll(async () => {
  t = await startTestGateway({ REACH_SAMPLE_MIN_IMPRESSIONS: '1' });
  const orgs = await makeBroadcasterWorld(t);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  c = await makeCustomer(t, orgs.broadcasterId, referencePlan('Holdout Scale Ltd'));
  const rnd = prng(16);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const tags = [...c.impressionTags.values()];
  const impression = (id: string, household: string, ts: number) =>
    tagImpression(c, pick(tags), { id, household, ts, region: pick(['AUK', 'WGN', 'CAN']) });
  const hit = (household: string, ts: number) =>
    hits.push({
      id: `hh-${hits.length}`,
      customerId: c.id,
      household,
      ts,
      siteTagId: pick(c.siteTags).id,
      region: 'AUK',
    });
  // Impressions from day 3 to 16 of 19, so every visit they may be touched by falls in the data's days.
  const when = () => FROM + 3 * DAY + Math.floor(rnd() * 13 * DAY);
  for (let k = 0; k < EXPOSED; k++) {
    const household = String(3_000_000 + k);
    const i = impression(`e-${k}`, household, when());
    impressions.push(i);
    if (rnd() < 0.3) hit(household, i.ts + Math.floor(rnd() * 6 * DAY));
  }
  for (let k = 0; k < CONTROL; k++) {
    // A few on exposed households (exposed only), the rest households of their own.
    const household = k % 40 === 0 ? String(3_000_000 + k / 40) : String(4_000_000 + k);
    const i = impression(`c-${k}`, household, when());
    controls.push(i);
    const roll = rnd();
    if (roll < 0.2) hit(household, i.ts + Math.floor(rnd() * 7 * DAY));
    else if (roll < 0.23)
      hit(household, i.ts + 7 * DAY); // just outside the window
    else if (roll < 0.26) hit(household, i.ts - DAY); // before it: no control touch
  }
  await fillTables(t, c, impressions, hits);
  const tagId = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
  await fillImpressionEvents(t, 'impression_event', c, impressions, tagId);
  await fillImpressionEvents(t, 'control_impression_event', c, controls, tagId);
}, 180_000);
afterAll(() => t.close());

test.each([
  ['unfiltered', {}],
  ['a site filter', { sites: [1] }],
  ['a region and a site', { regions: ['AUK', 'CAN'], sites: [0] }],
])(
  'with %s: reach sampled, the control group exact on REST and GraphQL',
  async (_name, extra: Partial<RefFilter>) => {
    const filter: RefFilter = { customerId: c.id, start: '2026-09-18', end: '2026-10-05', ...extra };
    // The site filter names one of the customer's tags (index 0 or 1 of c.siteTags).
    if (filter.sites) filter.sites = filter.sites.map((n) => c.siteTags[n].id);
    const rest = await restCall(t, token, 'incremental_lift', payloadOf(filter));
    const g = await gqlCall(t, token, 'incremental_lift', payloadOf(filter));
    expect(rest.status).toBe(200);
    expect(g.errors).toBeUndefined();
    const expected = referenceReachLift(refCustomer(c), impressions, controls, hits, filter).incremental_lift
      .summary_data;
    // A large group, with responders and non-responders: a scaled quarter would be off.
    expect(expected.Method).toBe('holdout');
    expect(expected.Control_Households).toBeGreaterThan(7000);
    expect(expected.Control_Rate).toBeGreaterThan(0.03);
    for (const answer of [rest.body.summary_data, g.data.incremental_lift.summary_data]) {
      expect(answer).toMatchObject({
        Method: 'holdout',
        Approximate: true,
        Control_Households: expected.Control_Households,
      });
      expect(answer.Sample_Rate).toBeLessThan(1);
      expect(answer.Control_Rate).toBe(expected.Control_Rate);
    }
  },
  120_000,
);
