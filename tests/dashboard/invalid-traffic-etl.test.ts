import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { referenceAnswers } from '../reference/metrics';
import { referenceInvalidTraffic, referenceRepeatNat, type RefInvalid } from '../reference/invalid-traffic';
import type { RefHit, RefImpression } from '../reference/types';
import { makeUser } from '../support/actors';
import type { TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import {
  hitLine,
  impressionLine,
  type IngestLine,
  ingestAndSettle,
  ingestStatus,
  startPipelineGateway,
  superAdminToken,
} from '../support/pipeline';
import { answerMismatches, closeTo, gqlCall, restCall, SECTION_4_CALLS } from './compare';
import { generateEvents, tagImpression } from './generate';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from './world';

/**
 * docs/invalid-traffic.md#rules-6-and-7: repeats (same household and impression tag within 1 s) and NAT households
 * (more than H impressions of one customer in one UTC hour; H = 5 here) sent through bulk ingest in two rounds, the
 * second with late hits that change the class of impressions stored in the first (both ways) and a redelivery of the
 * whole first round. After each round every section 4 number equals the reference computed on what the reference's
 * own reading of rules 6-7 counts, and the invalid_traffic call's repeat and nat rows equal the reference's.
 */
jest.setTimeout(240_000);

const H = 5;
const START = '2026-09-20';
const END = '2026-10-04';

let t: TestGateway;
let token: string;
let c: WorldCustomer;
let hits: RefHit[];
/** Impressions of the first round, and the late ones of the second. */
let early: RefImpression[];
let late: RefImpression[];
let lineOf: (e: RefImpression | RefHit) => IngestLine;

const at = (iso: string, ms = 0) => Date.parse(iso) + ms;
const ref = (impressions: RefImpression[]) => referenceRepeatNat(impressions, () => H);

beforeAll(async () => {
  t = await startPipelineGateway();
  token = await superAdminToken(t);
  const orgs = await makeBroadcasterWorld(t);
  c = await makeCustomer(t, orgs.broadcasterId, {
    name: 'Repeats Ltd',
    creatives: 3,
    siteTags: 3,
    bookings: [
      { campaign: 0, channel: 0, cpm: 12, start: '2026-09-01', end: '2026-10-31' },
      { campaign: 1, channel: 1, cpm: 30, start: '2026-09-01', end: '2026-10-31' },
    ],
  });
  // H is per customer, set by the super admin on the customer's update: low here, so six impressions of a household
  // in an hour are a NAT.
  const put = await call(t.url, 'PUT', `/api/customers/${c.id}`, {
    token,
    body: { cust_name: c.name, nat_hourly_limit: H },
  });
  expect([put.status, put.body.nat_hourly_limit]).toEqual([200, H]);
  const events = generateEvents(c, {
    seed: 35,
    fromMs: Date.parse('2026-09-18T00:00:00Z'),
    toMs: Date.parse('2026-10-05T00:00:00Z'),
    impressions: 400,
  });
  const tags = [...c.impressionTags.values()];
  const imp = (id: string, household: string, ts: number, tag = 0): RefImpression =>
    tagImpression(c, tags[tag % tags.length], { id, household, ts, region: 'AUK' });
  const visit = (id: string, household: string, ts: number): RefHit => ({
    id,
    customerId: c.id,
    household,
    ts,
    siteTagId: c.siteTags[0].id,
    region: 'AUK',
  });
  // A at 0, B at 900, C at 1,800 ms: B and C arrive first (B counts), then A (B becomes a repeat).
  const abc = at('2026-09-25T09:00:10Z');
  // Five impressions in one hour count (H = 5); a sixth arriving late makes all six NAT.
  const natOut = at('2026-09-26T14:00:00Z');
  // Six in one hour are NAT; a late repeat makes one of them a repeat too, so the other five count again.
  const natIn = at('2026-09-28T20:00:05Z');
  // An hour's first impression made a repeat by a late one in the last second of the hour before.
  const edge = at('2026-09-30T11:00:00.200Z');
  early = [
    ...events.impressions,
    imp('abc-b', '8880001', abc + 900),
    imp('abc-c', '8880001', abc + 1800),
    ...[1, 2, 3, 4, 5].map((m) => imp(`nat-out-${m}`, '8880002', natOut + m * 60_000, m)),
    imp('nat-in-0', '8880003', natIn),
    imp('nat-in-1', '8880003', natIn + 1500),
    ...[2, 3, 4, 5].map((m) => imp(`nat-in-${m}`, '8880003', natIn + m * 600_000, m)),
    imp('edge-y', '8880004', edge, 1),
    // The same household, tag and instant twice: the event id sorting first counts.
    imp('tie-b', '8880005', abc + 5000, 2),
    imp('tie-a', '8880005', abc + 5000, 2),
  ];
  late = [
    imp('abc-a', '8880001', abc),
    imp('nat-out-6', '8880002', natOut + 40 * 60_000, 2),
    imp('nat-in-late', '8880003', natIn + 800),
    imp('edge-x', '8880004', edge - 700, 1),
  ];
  // Visits after each crafted household's impressions: their touches must follow the impressions' class.
  hits = [
    ...events.hits,
    visit('v-abc', '8880001', abc + 3_600_000),
    visit('v-nat-out', '8880002', natOut + 2 * 3_600_000),
    visit('v-nat-in', '8880003', natIn + 2 * 3_600_000),
    visit('v-edge', '8880004', edge + 3_600_000),
  ];
  const impKey = new Map(tags.map((x) => [`${x.bookingId}:${x.creativeId}`, x.key]));
  const siteKey = new Map(c.siteTags.map((s) => [s.id, s.key]));
  lineOf = (e) =>
    'bookingId' in e
      ? impressionLine(e, (x) => impKey.get(`${x.bookingId}:${x.creativeId}`)!)
      : hitLine(e, (x) => siteKey.get(x.siteTagId)!);
  const lines = [...early, ...hits].map(lineOf).sort((a, b) => (a.ts < b.ts ? -1 : 1));
  const answer = await ingestAndSettle(t, token, lines, 700);
  expect(answer.rejected).toBe(0);
}, 200_000);
afterAll(() => t.close());

/** Every section 4 call (REST and GraphQL) of the filter cases against the reference on `counted`. */
async function sectionFourProblems(counted: RefImpression[], cases: ReturnType<typeof filterCases>) {
  const problems: string[] = [];
  for (const { name, filter } of cases) {
    const expected = referenceAnswers(refCustomer(c), counted, hits, filter) as any;
    for (const callName of SECTION_4_CALLS) {
      const rest = await restCall(t, token, callName, payloadOf(filter));
      problems.push(...answerMismatches(callName, rest.body, expected[callName]).map((p) => `${name} REST ${p}`));
      const g = await gqlCall(t, token, callName, payloadOf(filter));
      if (g.errors) problems.push(`${name} GQL ${callName} ${JSON.stringify(g.errors)}`);
      else
        problems.push(
          ...answerMismatches(callName, g.data[callName], expected[callName]).map((p) => `${name} GQL ${p}`),
        );
    }
  }
  return problems;
}

/** The stored class of the crafted impressions: null (counted), or the reason they are stored apart with. */
async function classes(prefix: string): Promise<Record<string, string | null>> {
  const q = (sql: string) => t.gateway.app.ds.query(sql, [c.id, `${prefix}%`]);
  const counted: { event_id: string }[] = await q(
    'SELECT event_id FROM impression_event WHERE customer_id = ? AND event_id LIKE ?',
  );
  const apart: { event_id: string; reason: string }[] = await q(
    'SELECT event_id, reason FROM invalid_event WHERE customer_id = ? AND event_id LIKE ?',
  );
  return Object.fromEntries(
    [...counted.map((r) => [r.event_id, null]), ...apart.map((r) => [r.event_id, r.reason])].sort(),
  );
}

const expectedClasses = (impressions: RefImpression[], prefix: string) => {
  const { invalid } = ref(impressions);
  const reasonOf = new Map(invalid.map((x) => [x.event.id, x.reason]));
  return Object.fromEntries(
    impressions
      .filter((i) => i.id.startsWith(prefix))
      .map((i) => [i.id, reasonOf.get(i.id) ?? null])
      .sort(),
  );
};

test('first round: B counts and C is a repeat; five in an hour count, six are NAT; numbers equal the reference', async () => {
  expect(await classes('abc-')).toEqual({ 'abc-b': null, 'abc-c': 'repeat' });
  expect(Object.values(await classes('nat-out-'))).toEqual([null, null, null, null, null]);
  expect(await classes('nat-in-')).toEqual(expectedClasses(early, 'nat-in-'));
  expect(Object.values(await classes('nat-in-')).every((r) => r === 'nat' || r === 'repeat')).toBe(true);
  expect(await classes('tie-')).toEqual({ 'tie-a': null, 'tie-b': 'repeat' });
  // Built now, so the second round must make them stale to be right.
  const problems = await sectionFourProblems(ref(early).counted, filterCases(c, START, END).slice(0, 1));
  expect(problems.slice(0, 20)).toEqual([]);
});

test('second round: late hits move stored impressions both ways; a redelivery changes nothing', async () => {
  // The late ones, and the whole first round again (a redelivery: idempotent by event id).
  const lines = [...late, ...early, ...hits].map(lineOf);
  const answer = await ingestAndSettle(t, token, lines, 700);
  expect(answer.rejected).toBe(0);
  // The first round's answers are kept 3 s for the calls of one refresh: the next reads are a new refresh.
  dashboardFlights.clear();
  const all = [...early, ...late];
  // A arrived last, yet A counts and B, C are repeats: the rule reads time, not arrival.
  expect(await classes('abc-')).toEqual({ 'abc-a': null, 'abc-b': 'repeat', 'abc-c': 'repeat' });
  expect(await classes('nat-out-')).toEqual(expectedClasses(all, 'nat-out-'));
  expect(Object.values(await classes('nat-out-'))).toEqual(Array(6).fill('nat'));
  expect(await classes('nat-in-')).toEqual({
    'nat-in-0': null,
    'nat-in-1': 'repeat',
    'nat-in-2': null,
    'nat-in-3': null,
    'nat-in-4': null,
    'nat-in-5': null,
    'nat-in-late': 'repeat',
  });
  expect(await classes('edge-')).toEqual({ 'edge-x': null, 'edge-y': 'repeat' });
  // Nothing is in both tables, and every impression is in one of them once.
  const [{ in_both: both }]: { in_both: string }[] = await t.gateway.app.ds.query(
    `SELECT COUNT(*) AS in_both FROM impression_event e JOIN invalid_event x USING (customer_id, event_id)
      WHERE e.customer_id = ?`,
    [c.id],
  );
  expect(Number(both)).toBe(0);
  const [{ n }]: { n: string }[] = await t.gateway.app.ds.query(
    `SELECT (SELECT COUNT(*) FROM impression_event WHERE customer_id = ?)
          + (SELECT COUNT(*) FROM invalid_event WHERE customer_id = ?) AS n`,
    [c.id, c.id],
  );
  expect(Number(n)).toBe(new Set(all.map((i) => i.id)).size);
  // The ingest status counts what is stored apart now, per reason (moves included).
  const perReason: Record<string, number> = {};
  for (const x of ref(all).invalid) perReason[x.reason] = (perReason[x.reason] ?? 0) + 1;
  const status = (await ingestStatus(t, token)).invalid_by_reason as Record<string, number>;
  expect(Object.fromEntries(Object.entries(status).filter(([, v]) => v !== 0))).toEqual(perReason);
});

test('after the second round every section 4 number equals the reference on what rules 6-7 leave', async () => {
  const problems = await sectionFourProblems(ref([...early, ...late]).counted, filterCases(c, START, END));
  expect(problems.slice(0, 20)).toEqual([]);
});

test('invalid_traffic (REST and GraphQL): its repeat and nat rows equal the reference for every filter', async () => {
  const all = [...early, ...late];
  const { counted, invalid } = ref(all);
  const problems: string[] = [];
  for (const { name, filter } of filterCases(c, START, END)) {
    const expected = referenceInvalidTraffic(refCustomer(c), counted, hits, invalid as RefInvalid[], filter);
    const rest = await restCall(t, token, 'invalid_traffic', payloadOf(filter));
    const g = await gqlCall(t, token, 'invalid_traffic', payloadOf(filter));
    if (g.errors) problems.push(`${name} GQL ${JSON.stringify(g.errors)}`);
    for (const [via, answer] of [
      ['REST', rest.body],
      ['GQL', g.data?.invalid_traffic],
    ] as const) {
      const rows = (answer?.table_data ?? []).map(({ Label: _, ...r }: { Label: string }) => r);
      problems.push(...closeTo({ ...answer, table_data: rows }, expected).map((p) => `${name} ${via} ${p}`));
    }
  }
  expect(problems.slice(0, 20)).toEqual([]);
  const unfiltered = referenceInvalidTraffic(refCustomer(c), counted, hits, invalid, {
    customerId: c.id,
    start: START,
    end: END,
  });
  const row = (reason: string) => unfiltered.table_data.find((r) => r.Reason === reason)!;
  expect(row('repeat').Invalid_Impressions).toBeGreaterThan(4);
  expect(row('nat').Invalid_Impressions).toBe(6);
  expect(row('nat').Invalid_Spend).toBeGreaterThan(0);
});

test("H is the customer's nat_hourly_limit: the super admin sets it (1 to 10,000) over REST and GraphQL; others cannot", async () => {
  for (const bad of [0, 10_001, 2.5]) {
    const r = await call(t.url, 'PUT', `/api/customers/${c.id}`, {
      token,
      body: { cust_name: c.name, nat_hourly_limit: bad },
    });
    expect([bad, r.status, r.body.fields?.nat_hourly_limit]).toEqual([
      bad,
      400,
      'The hourly impression limit must be a whole number from 1 to 10000',
    ]);
  }
  const g = await gql(
    t.url,
    'mutation($id: Int!, $name: String) { updateCustomer(id: $id, input: { cust_name: $name, nat_hourly_limit: 7 }) { nat_hourly_limit } }',
    { id: c.id, name: c.name },
    token,
  );
  expect(g.errors).toBeUndefined();
  expect(g.data.updateCustomer.nat_hourly_limit).toBe(7);
  // The customer's own admin edits the customer, but its H stays: filtering rules are not the measured party's.
  const owner = await makeUser(t, { entityType: 'CUSTOMER', entityId: c.id, admin: true });
  const r = await call(t.url, 'PUT', `/api/customers/${c.id}`, {
    token: owner.token,
    body: { cust_name: c.name, nat_hourly_limit: 10_000 },
  });
  expect([r.status, r.body.nat_hourly_limit]).toEqual([200, 7]);
  const [row]: { n: number }[] = await t.gateway.app.ds.query(
    'SELECT nat_hourly_limit AS n FROM customer WHERE id = ?',
    [c.id],
  );
  expect(Number(row.n)).toBe(7);
});
