import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { referenceAnswers } from '../reference/metrics';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { answerMismatches, gqlCall, restCall, SECTION_4_CALLS } from './compare';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * Every numeric dashboard call, on REST and GraphQL, against the reference calculator, for
 * generated data (two seeds) written straight into the event tables as the ETL must write them.
 */
let t: TestGateway;
let token: string;
const customers: { c: WorldCustomer; events: ReturnType<typeof generateEvents> }[] = [];
const NUMERIC_CALLS = SECTION_4_CALLS;

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  for (const seed of [7, 11]) {
    const c = await makeCustomer(t, orgs.broadcasterId, referencePlan(`Seed ${seed} Ltd`));
    const events = generateEvents(c, {
      seed,
      fromMs: Date.parse('2026-09-17T00:00:00Z'),
      toMs: Date.parse('2026-10-06T00:00:00Z'),
      impressions: 1200,
    });
    await fillTables(t, c, events.impressions, events.hits);
    customers.push({ c, events });
  }
});
afterAll(() => t.close());

describe.each([0, 1])('customer of seed #%i', (idx) => {
  const cases = () => filterCases(customers[idx].c, '2026-09-20', '2026-10-04');
  test.each(Array.from({ length: 16 }, (_, i) => i))(
    'filter case %i matches the reference on REST and GraphQL',
    async (i) => {
      const { c, events } = customers[idx];
      const { name, filter } = cases()[i];
      const expected = referenceAnswers(refCustomer(c), events.impressions, events.hits, filter);
      const payload = payloadOf(filter);
      const problems: string[] = [];
      await Promise.all(
        NUMERIC_CALLS.map(async (call) => {
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

test('the generated data exercises every case the metrics distinguish', () => {
  const { c, events } = customers[0];
  const r = referenceAnswers(refCustomer(c), events.impressions, events.hits, {
    customerId: c.id,
    start: '2026-09-20',
    end: '2026-10-04',
  });
  const s = r.visit_response_timing.summary_data;
  expect(s.Hour_1 > 0 && s.Day_1 > 0 && s.Week_1 > 0).toBe(true);
  expect(r.impressions_before_visit.table_data.length).toBeGreaterThan(2);
  expect(r.responses_by_region.table_data.some((row) => row.Region === 'Unknown')).toBe(true);
});

test('unfiltered ranges read the attribution summary, and it follows new touches on the same days', async () => {
  const { c, events } = customers[0];
  const [{ n }] = await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM visit_attribution WHERE customer_id = ?', [
    c.id,
  ]);
  expect(Number(n)).toBeGreaterThan(0);
  const filter = { customerId: c.id, start: '2026-09-21', end: '2026-10-03' };
  const before = await restCall(t, token, 'impression_summary', payloadOf(filter));
  // More traffic on the same days (other households): the writer marks the days, they rebuild.
  const more = generateEvents(c, {
    seed: 99,
    fromMs: Date.parse('2026-09-22T00:00:00Z'),
    toMs: Date.parse('2026-09-30T00:00:00Z'),
    impressions: 300,
  });
  await fillTables(t, c, more.impressions, more.hits);
  dashboardFlights.clear();
  const all = { impressions: [...events.impressions, ...more.impressions], hits: [...events.hits, ...more.hits] };
  const expected = referenceAnswers(refCustomer(c), all.impressions, all.hits, filter);
  const problems: string[] = [];
  for (const call of NUMERIC_CALLS) {
    const rest = await restCall(t, token, call, payloadOf(filter));
    problems.push(...answerMismatches(call, rest.body, expected[call]).map((p) => `after more: ${call} ${p}`));
  }
  expect(problems.slice(0, 10)).toEqual([]);
  const after = await restCall(t, token, 'impression_summary', payloadOf(filter));
  expect(after.body.summary_data.Total_Responses).toBeGreaterThan(before.body.summary_data.Total_Responses);
  events.impressions.push(...more.impressions);
  events.hits.push(...more.hits);
});
