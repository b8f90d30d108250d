import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { referenceAnswers } from '../reference/metrics';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { answerMismatches, gqlCall, restCall, SECTION_4_CALLS } from './compare';
import { fillTables } from './fill-tables';
import { lateHits } from './late-hits';
import { generateEvents } from './generate';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * docs/design.md#attribution-settings: every section-4 call, on REST and GraphQL, against the reference calculator
 * at three settings of the customer's windows (the defaults, a short W = 24 h / S = 6 h and a long W = 720 h /
 * S = 48 h), on every filter case. The touch table holds touches at the widest W used (the customer's stored
 * width), as the ETL writes them once a customer has had that window: the answers must follow the W in force.
 */
const HOUR = 3600 * 1000;
const SETTINGS = [
  { w: 168, s: 24 },
  { w: 24, s: 6 },
  { w: 720, s: 48 },
];
const WIDEST = 720;

let t: TestGateway;
let token: string;
let c: WorldCustomer;
let events: ReturnType<typeof generateEvents>;

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  c = await makeCustomer(t, orgs.broadcasterId, referencePlan('Windows Ltd'));
  // Impressions from well before the range: a 30-day window reaches back past the range start.
  events = generateEvents(c, {
    seed: 13,
    fromMs: Date.parse('2026-08-25T00:00:00Z'),
    toMs: Date.parse('2026-10-06T00:00:00Z'),
    impressions: 1500,
  });
  events.hits.push(...lateHits(c, events.impressions, 'w13'));
  await fillTables(t, c, events.impressions, events.hits, WIDEST * HOUR);
  await t.gateway.app.ds.query('UPDATE customer SET touch_table_hours = ? WHERE id = ?', [WIDEST, c.id]);
});
afterAll(() => t.close());

const setWindows = async (w: number, s: number) => {
  await t.gateway.app.ds.query('UPDATE customer SET touch_window_hours = ?, same_day_window_hours = ? WHERE id = ?', [
    w,
    s,
    c.id,
  ]);
};

describe.each(SETTINGS)('windows W = $w h, S = $s h', ({ w, s }) => {
  beforeAll(() => setWindows(w, s));
  const cases = () => filterCases(c, '2026-09-20', '2026-10-04');
  test.each(Array.from({ length: 16 }, (_, i) => i))(
    'filter case %i matches the reference on REST and GraphQL',
    async (i) => {
      const { name, filter } = cases()[i];
      const expected = referenceAnswers(refCustomer(c), events.impressions, events.hits, filter, {
        touchMs: w * HOUR,
        sameDayMs: s * HOUR,
      });
      const payload = payloadOf(filter);
      const problems: string[] = [];
      await Promise.all(
        SECTION_4_CALLS.map(async (call) => {
          const rest = await restCall(t, token, call, payload);
          if (rest.status !== 200) problems.push(`${name} ${call} REST ${rest.status} ${JSON.stringify(rest.body)}`);
          else
            problems.push(...answerMismatches(call, rest.body, expected[call]).map((p) => `${name} REST ${call} ${p}`));
          const g = await gqlCall(t, token, call, payload);
          if (g.errors) problems.push(`${name} ${call} GraphQL ${JSON.stringify(g.errors)}`);
          else
            problems.push(
              ...answerMismatches(call, g.data[call], expected[call]).map((p) => `${name} GQL ${call} ${p}`),
            );
        }),
      );
      expect(problems.slice(0, 20)).toEqual([]);
    },
  );
});

test('the settings give different answers: each window changes what a user sees', () => {
  const f = { customerId: c.id, start: '2026-09-20', end: '2026-10-04' };
  const at = (w: number, s: number) =>
    referenceAnswers(refCustomer(c), events.impressions, events.hits, f, { touchMs: w * HOUR, sameDayMs: s * HOUR });
  const [def, short, long] = SETTINGS.map(({ w, s }) => at(w, s));
  const total = (a: typeof def) => a.impression_summary.summary_data.Total_Responses;
  expect(total(short)).toBeLessThan(total(def));
  expect(total(long)).toBeGreaterThan(total(def));
  expect(long.visit_response_timing.summary_data.Beyond_Week).toBeGreaterThan(0);
  expect(short.visit_response_timing.summary_data.Week_1).toBe(0);
});

test('the analysis names only the timing buckets the window leaves room for', async () => {
  const payload = payloadOf({ customerId: c.id, start: '2026-09-20', end: '2026-10-04' });
  await setWindows(24, 6);
  dashboardFlights.clear();
  const short = await restCall(t, token, 'analysis', payload);
  expect(short.body.summary_data.response_profile).toContain('within a day');
  expect(short.body.summary_data.response_profile).not.toContain('later in the week');
  await setWindows(720, 48);
  const long = await restCall(t, token, 'analysis', payload);
  expect(long.body.summary_data.response_profile).toContain('more than a week after');
  await setWindows(168, 24);
  const def = await restCall(t, token, 'analysis', payload);
  expect(def.body.summary_data.response_profile).toContain('later in the week');
  expect(def.body.summary_data.response_profile).not.toContain('more than a week after');
});
