import { householdOfIp } from '../../gateway/src/stream/hit';
import { referenceAnswers } from '../reference/metrics';
import type { RefHit, RefImpression } from '../reference/types';
import type { TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { makeUser } from '../support/actors';
import {
  hitLine,
  impressionLine,
  type IngestLine,
  ingestAndSettle,
  startPipelineGateway,
  superAdminToken,
} from '../support/pipeline';
import { answerMismatches, restCall, SECTION_4_CALLS } from './compare';
import { generateEvents } from './generate';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from './world';

/**
 * Erasure (docs/security.md#erasure, shared DESIGN.md section 3b): the super admin erases a household given by id,
 * and another given by an IP address (hashed as the collector hashes it), across every customer. Afterwards no row
 * of either is left, every section 4 number of every customer (REST, every filter case, summaries built before the
 * erasure) equals the reference computed without them, and each erasure has its audit entry, without the address.
 */
jest.setTimeout(240_000);

const IP = '192.0.2.150';
let t: TestGateway;
let token: string;
let customers: WorldCustomer[];
const events = new Map<number, { impressions: RefImpression[]; hits: RefHit[] }>();
let erased: string;
let erasedByIp: string;

beforeAll(async () => {
  t = await startPipelineGateway();
  token = await superAdminToken(t);
  const orgs = await makeBroadcasterWorld(t);
  const plan = (name: string) => ({
    name,
    creatives: 3,
    siteTags: 3,
    bookings: [
      { campaign: 0, channel: 0, cpm: 15, start: '2026-09-01', end: '2026-10-31' },
      { campaign: 1, channel: 1, cpm: 25, start: '2026-09-01', end: '2026-10-31' },
    ],
  });
  customers = [
    await makeCustomer(t, orgs.broadcasterId, plan('Erase A')),
    await makeCustomer(t, orgs.broadcasterId, plan('Erase B')),
  ];
  erasedByIp = householdOfIp(t.gateway.app.config.HOUSEHOLD_SALT, IP);
  const lines: IngestLine[] = [];
  for (const [n, c] of customers.entries()) {
    // The same seed: the same households at both customers.
    const e = generateEvents(c, {
      seed: 36,
      prefix: `c${n}`,
      fromMs: Date.parse('2026-09-18T00:00:00Z'),
      toMs: Date.parse('2026-10-05T00:00:00Z'),
      impressions: 400,
      households: 40,
    });
    const impKey = new Map([...c.impressionTags.values()].map((x) => [`${x.bookingId}:${x.creativeId}`, x.key]));
    const siteKey = new Map(c.siteTags.map((s) => [s.id, s.key]));
    // One household of the mix is known by its address only: its lines carry `ip`, no household.
    const byIp = e.impressions[0].household;
    const ipOf = (line: IngestLine, household: string) => {
      if (household !== byIp) return line;
      const { household: _, ...rest } = line;
      return { ...rest, ip: IP };
    };
    for (const i of e.impressions)
      lines.push(
        ipOf(
          impressionLine(i, (x) => impKey.get(`${x.bookingId}:${x.creativeId}`)!),
          i.household,
        ),
      );
    for (const h of e.hits)
      lines.push(
        ipOf(
          hitLine(h, (x) => siteKey.get(x.siteTagId)!),
          h.household,
        ),
      );
    const swap = <T extends { household: string }>(x: T): T =>
      x.household === byIp ? { ...x, household: erasedByIp } : x;
    events.set(c.id, { impressions: e.impressions.map(swap), hits: e.hits.map(swap) });
  }
  const answer = await ingestAndSettle(t, token, lines);
  expect(answer.errors.slice(0, 3)).toEqual([]);
  // The household with the most impressions at A, which has some at B too.
  const counts = new Map<string, number>();
  for (const i of events.get(customers[0].id)!.impressions) counts.set(i.household, (counts.get(i.household) ?? 0) + 1);
  erased = [...counts]
    .filter(([h]) => h !== erasedByIp && events.get(customers[1].id)!.impressions.some((i) => i.household === h))
    .sort((a, b) => b[1] - a[1])[0][0];
}, 200_000);
afterAll(() => t.close());

async function mismatches(without: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const c of customers) {
    const e = events.get(c.id)!;
    const impressions = e.impressions.filter((i) => !without.includes(i.household));
    const hits = e.hits.filter((h) => !without.includes(h.household));
    for (const { name, filter } of filterCases(c, '2026-09-20', '2026-10-04')) {
      const expected = referenceAnswers(refCustomer(c), impressions, hits, filter);
      for (const callName of SECTION_4_CALLS) {
        const rest = await restCall(t, token, callName, payloadOf(filter));
        problems.push(
          ...answerMismatches(callName, rest.body, (expected as any)[callName]).map((p) => `${c.id} ${name} ${p}`),
        );
      }
    }
  }
  return problems;
}

const rowsOf = async (household: string): Promise<Record<string, number>> => {
  const out: Record<string, number> = {};
  for (const table of ['impression_event', 'site_hit', 'visit', 'invalid_event', 'reach_holdout', 'reach_exposure']) {
    const [r]: { n: string }[] = await t.gateway.app.ds.query(
      `SELECT COUNT(*) AS n FROM ${table} WHERE household_id = ?`,
      [household],
    );
    if (Number(r.n)) out[table] = Number(r.n);
  }
  return out;
};

test('before: the numbers are the reference on every household (and the summaries are built)', async () => {
  expect(await rowsOf(erased)).toMatchObject({ impression_event: expect.any(Number), visit: expect.any(Number) });
  expect((await rowsOf(erasedByIp)).impression_event).toBeGreaterThan(0);
  expect((await mismatches([])).slice(0, 10)).toEqual([]);
});

test('erasing by household id (REST) and by IP (GraphQL) leaves every number equal to the reference without them', async () => {
  const impressions = [...events.values()].flatMap((e) => e.impressions).filter((i) => i.household === erased).length;
  const rest = await call(t.url, 'POST', '/api/admin/erasure', { token, body: { household_id: erased } });
  expect(rest.status).toBe(200);
  expect(rest.body).toMatchObject({ household_id: erased, given_as: 'household', customers: 2 });
  expect(rest.body.removed.impression_event).toBe(impressions);
  expect(rest.body.removed.visit).toBeGreaterThan(0);
  expect(rest.body.days).toBeGreaterThan(0);

  const g = await gql(
    t.url,
    'mutation($ip: String) { eraseHousehold(ip: $ip) { id household_id given_as customers removed total_rows } }',
    { ip: IP },
    token,
  );
  expect(g.errors).toBeUndefined();
  expect(g.data.eraseHousehold).toMatchObject({ household_id: erasedByIp, given_as: 'ip' });
  expect(g.data.eraseHousehold.total_rows).toBeGreaterThan(0);

  expect(await rowsOf(erased)).toEqual({});
  expect(await rowsOf(erasedByIp)).toEqual({});
  expect((await mismatches([erased, erasedByIp])).slice(0, 10)).toEqual([]);

  const audit: { household_id: string; given_as: string; total_rows: number; removed: string }[] =
    await t.gateway.app.ds.query(
      'SELECT CAST(household_id AS CHAR) AS household_id, given_as, total_rows, removed FROM erasure_audit ORDER BY id',
    );
  expect(audit.map((a) => [a.household_id, a.given_as, Number(a.total_rows)])).toEqual([
    [erased, 'household', rest.body.total_rows],
    [erasedByIp, 'ip', g.data.eraseHousehold.total_rows],
  ]);
  expect(JSON.stringify(audit)).not.toContain(IP);
});

test('bad input is a 400 naming the field; only the super admin may erase', async () => {
  const bad = await call(t.url, 'POST', '/api/admin/erasure', { token, body: { ip: 'not-an-address' } });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toHaveProperty('ip');
  const both = await call(t.url, 'POST', '/api/admin/erasure', { token, body: { household_id: '12', ip: IP } });
  expect(both.status).toBe(400);
  const none = await call(t.url, 'POST', '/api/admin/erasure', { token, body: {} });
  expect(none.status).toBe(400);
  const admin = await makeUser(t, { entityType: 'CUSTOMER', entityId: customers[0].id, admin: true });
  const denied = await call(t.url, 'POST', '/api/admin/erasure', {
    token: admin.token,
    body: { household_id: erased },
  });
  expect(denied.status).toBe(403);
});
