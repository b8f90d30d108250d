import { makeUser } from '../support/actors';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { makeBroadcasterWorld, makeCustomer, relate, type WorldCustomer } from './world';

/** Overview rows and the dashboard customer list, per role, on REST and GraphQL. */
let t: TestGateway;
let acme: WorldCustomer;
let other: WorldCustomer;
let orgs: Awaited<ReturnType<typeof makeBroadcasterWorld>>;
let admin: string;
let creatorId: number;

const OVERVIEW_FIELDS = `booking_id customer_id customer_name campaign_name booking_name channel_name start_date end_date
  impressions cpm spend ping_count tag_issue entity_name entity_type created_by_name created_at`;

async function rollup(c: WorldCustomer, bookingIdx: number, date: string, impressions: number, creativeIdx = 0) {
  const b = c.bookings[bookingIdx];
  await t.gateway.app.ds.query(
    `INSERT INTO impression_rollup (customer_id, local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart, impressions)
     VALUES (?, ?, ?, ?, ?, ?, 'AUK', 1, 3, ?)`,
    [c.id, date, b.id, b.campaignId, c.creatives[creativeIdx].id, b.channelId, impressions],
  );
}

beforeAll(async () => {
  t = await startTestGateway();
  orgs = await makeBroadcasterWorld(t);
  const creator = await makeUser(t, { entityType: 'AGENCY', entityId: orgs.agencyId, admin: true, name: 'Ann Agent' });
  creatorId = creator.actor.userId;
  acme = await makeCustomer(t, orgs.broadcasterId, {
    name: 'Acme Ltd',
    displayName: 'Acme',
    bookings: [
      { campaign: 0, channel: 0, cpm: 12.5, start: '2026-03-01', end: '2026-03-31', createdBy: creatorId },
      { campaign: 1, channel: 1, cpm: 20, start: '2026-04-10', end: '2026-04-20' },
      { campaign: 0, channel: 1, cpm: 8, start: '2026-01-01', end: '2026-01-31' },
    ],
  });
  other = await makeCustomer(t, orgs.broadcasterId, {
    name: 'Other Co',
    bookings: [{ campaign: 0, channel: 0, cpm: 5, start: '2026-03-05', end: '2026-03-06' }],
  });
  await rollup(acme, 0, '2026-03-10', 1000);
  await rollup(acme, 0, '2026-03-11', 500, 1);
  await rollup(acme, 0, '2026-02-28', 777); // before the range: not counted
  await rollup(acme, 1, '2026-04-12', 300);
  await rollup(other, 0, '2026-03-05', 40);
  await relate(t, acme.id, { broadcaster_id: orgs.broadcasterId });
  await relate(t, other.id, { agency_id: orgs.agencyId });
  const login = await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN });
  admin = login.body?.access_token ?? (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
});
afterAll(() => t.close());

test('overview lists bookings overlapping the range with impressions, spend and tag pings', async () => {
  const r = await call(t.url, 'GET', '/api/dashboard/summary?start_date=2026-03-01&end_date=2026-04-15', {
    token: admin,
  });
  expect(r.status).toBe(200);
  const byId = new Map(r.body.map((row: any) => [row.booking_id, row]));
  expect([...byId.keys()].sort()).toEqual([acme.bookings[0].id, acme.bookings[1].id, other.bookings[0].id].sort());
  const first: any = byId.get(acme.bookings[0].id);
  expect(first).toMatchObject({
    customer_id: acme.id,
    customer_name: 'Acme',
    campaign_name: 'Acme Ltd Campaign 1',
    booking_name: 'Acme Ltd Booking 1',
    channel_name: 'Acme Ltd Channel 1',
    start_date: '2026-03-01',
    end_date: '2026-03-31',
    impressions: 1500,
    cpm: 12.5,
    spend: (1500 * 12.5) / 1000,
    ping_count: 30,
    // Fewer than 100 pings: the server flags the tag issue (spec 4, 9).
    tag_issue: true,
    entity_type: 'AGENCY',
    entity_name: 'Media Agency',
    created_by_name: 'Ann Agent',
  });
  expect(new Date(first.created_at).toISOString()).toBe(first.created_at);
  const second: any = byId.get(acme.bookings[1].id);
  expect(second).toMatchObject({ impressions: 300, spend: 6, entity_type: 'OTHER', created_by_name: null });
});

test('the server flags a tag issue below 100 site tag pings, none from 100 on (spec 4, 9)', async () => {
  const row = async () =>
    (
      await call(t.url, 'GET', '/api/dashboard/summary?start_date=2026-03-01&end_date=2026-04-15', { token: admin })
    ).body.find((r: any) => r.booking_id === other.bookings[0].id);
  const pings = (n: number) =>
    t.gateway.app.ds.query('UPDATE site_tag SET ping_count = ? WHERE customer_id = ? AND main_site_tag = 1', [
      n - other.siteTags.slice(1).reduce((a, s) => a + s.pingCount, 0),
      other.id,
    ]);
  const before = other.siteTags[0].pingCount;
  await pings(99);
  expect(await row()).toMatchObject({ ping_count: 99, tag_issue: true });
  await pings(100);
  expect(await row()).toMatchObject({ ping_count: 100, tag_issue: false });
  await t.gateway.app.ds.query('UPDATE site_tag SET ping_count = ? WHERE customer_id = ? AND main_site_tag = 1', [
    before,
    other.id,
  ]);
});

test('GraphQL dashboardSummary answers the same rows as REST', async () => {
  const q = `query($s: String!, $e: String!) { dashboardSummary(start_date: $s, end_date: $e) { ${OVERVIEW_FIELDS} } }`;
  const g = await gql(t.url, q, { s: '2026-03-01', e: '2026-04-15' }, admin);
  const r = await call(t.url, 'GET', '/api/dashboard/summary?start_date=2026-03-01&end_date=2026-04-15', {
    token: admin,
  });
  expect(g.errors).toBeUndefined();
  expect(g.data.dashboardSummary).toEqual(r.body);
});

/** Who is listed (the retention fields each row also has are tests/e2e/dashboard-retention.test.ts's). */
const idAndName = ({ id, name }: { id: number; name: string }) => ({ id, name });

test('a customer user sees only its own bookings and customer', async () => {
  const { token } = await makeUser(t, { entityType: 'CUSTOMER', entityId: other.id, admin: false });
  const r = await call(t.url, 'GET', '/api/dashboard/summary?start_date=2026-01-01&end_date=2026-12-31', { token });
  expect(r.body.map((row: any) => row.customer_id)).toEqual([other.id]);
  const customers = await call(t.url, 'GET', '/api/dashboard/customers', { token });
  expect(customers.body.map(idAndName)).toEqual([{ id: other.id, name: 'Other Co' }]);
});

test('broadcaster, agency and adtech users see only related customers', async () => {
  const b = await makeUser(t, { entityType: 'BROADCASTER', entityId: orgs.broadcasterId, admin: false });
  const a = await makeUser(t, { entityType: 'AGENCY', entityId: orgs.agencyId, admin: false });
  const x = await makeUser(t, { entityType: 'ADTECH', entityId: orgs.adtechId, admin: true });
  expect((await call(t.url, 'GET', '/api/dashboard/customers', { token: b.token })).body.map(idAndName)).toEqual([
    { id: acme.id, name: 'Acme' },
  ]);
  const g = await gql(t.url, '{ dashboardCustomers { id name } }', {}, a.token);
  expect(g.data.dashboardCustomers).toEqual([{ id: other.id, name: 'Other Co' }]);
  expect((await call(t.url, 'GET', '/api/dashboard/customers', { token: x.token })).body).toEqual([]);
  const rows = await call(t.url, 'GET', '/api/dashboard/summary?start_date=2026-01-01&end_date=2026-12-31', {
    token: b.token,
  });
  expect(new Set(rows.body.map((row: any) => row.customer_id))).toEqual(new Set([acme.id]));
  expect(rows.body).toHaveLength(3);
});

test('bad dates are a 400 naming the field; no token is a 401', async () => {
  const bad = await call(t.url, 'GET', '/api/dashboard/summary?start_date=2026-02-30&end_date=2026-03-01', {
    token: admin,
  });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fields)).toEqual(['start_date']);
  const reversed = await call(t.url, 'GET', '/api/dashboard/summary?start_date=2026-03-02&end_date=2026-03-01', {
    token: admin,
  });
  expect(reversed.status).toBe(400);
  expect(reversed.body.fields.end_date).toBeDefined();
  expect((await call(t.url, 'GET', '/api/dashboard/customers')).status).toBe(401);
  const g = await gql(t.url, '{ dashboardSummary(start_date: "x", end_date: "2026-01-01") { booking_id } }', {}, admin);
  expect(g.errors?.[0].extensions?.fields?.start_date).toBeDefined();
});
