import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { gqlCall, restCall } from './compare';
import { makeBroadcasterWorld, makeCustomer, relate, type WorldCustomer } from './world';

/** Who may run the dashboard for which client, filter lists, and bad filters (400 naming the field). */
let t: TestGateway;
let mine: WorldCustomer;
let theirs: WorldCustomer;
let orgs: Awaited<ReturnType<typeof makeBroadcasterWorld>>;
let admin: string;

const payload = (c: WorldCustomer, extra: Record<string, unknown> = {}) => ({
  client_id: c.id,
  startdate: '2026-03-01',
  enddate: '2026-03-31',
  ...extra,
});

beforeAll(async () => {
  t = await startTestGateway();
  orgs = await makeBroadcasterWorld(t);
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  const bookings = [
    { campaign: 0, channel: 0, cpm: 10, start: '2026-03-01', end: '2026-03-31' },
    { campaign: 1, channel: 1, cpm: 10, start: '2026-03-01', end: '2026-03-31' },
  ];
  mine = await makeCustomer(t, orgs.broadcasterId, { name: 'Mine Ltd', bookings });
  theirs = await makeCustomer(t, orgs.broadcasterId, { name: 'Theirs Ltd', bookings });
  await relate(t, mine.id, { broadcaster_id: orgs.broadcasterId });
  await relate(t, mine.id, { agency_id: orgs.agencyId });
  await relate(t, mine.id, { adtech_id: orgs.adtechId });
});
afterAll(() => t.close());

test('filter lists start with All, cascade bookings to campaigns, and use region codes as ids', async () => {
  const r = await call(t.url, 'GET', `/api/dashboard/filters/${mine.id}`, { token: admin });
  expect(r.status).toBe(200);
  for (const list of ['regions', 'creatives', 'campaigns', 'bookings', 'channels', 'sites']) {
    expect(r.body[list][0]).toMatchObject({ id: 0, display_name: 'All' });
  }
  expect(r.body.regions).toContainEqual({ id: 'AUK', display_name: 'Auckland' });
  expect(
    r.body.creatives
      .slice(1)
      .map((o: any) => o.id)
      .sort(),
  ).toEqual(mine.creatives.map((c) => c.id).sort());
  expect(r.body.bookings.slice(1)).toEqual(
    mine.bookings.map((b) => ({ id: b.id, display_name: b.name, campaign_id: b.campaignId })),
  );
  expect(
    r.body.channels
      .slice(1)
      .map((o: any) => o.display_name)
      .sort(),
  ).toEqual(mine.channels.map((c) => c.name).sort());
  expect(r.body.sites.slice(1).map((o: any) => o.display_name)).toEqual(mine.siteTags.map((s) => s.description).sort());
  const g = await gql(
    t.url,
    `query($id: Int!) { dashboardFilters(client_id: $id) {
      regions { id display_name } creatives { id display_name } campaigns { id display_name }
      bookings { id display_name campaign_id } channels { id display_name } sites { id display_name } } }`,
    { id: mine.id },
    admin,
  );
  expect(g.data.dashboardFilters).toEqual(r.body);
});

test.each([
  ['customer user of the client', 'CUSTOMER'],
  ['related broadcaster', 'BROADCASTER'],
  ['related agency', 'AGENCY'],
  ['related adtech', 'ADTECH'],
])('a %s may run the dashboard; another client answers like an unknown one', async (_label, type) => {
  const entityId =
    type === 'CUSTOMER'
      ? mine.id
      : type === 'BROADCASTER'
        ? orgs.broadcasterId
        : type === 'AGENCY'
          ? orgs.agencyId
          : orgs.adtechId;
  const { token } = await makeUser(t, { entityType: type as 'CUSTOMER', entityId, admin: false });
  const ok = await restCall(t, token, 'impression_summary', payload(mine));
  expect(ok.status).toBe(200);
  expect(ok.body.summary_data.Actual_Impressions).toBe(0);
  // The broadcaster owns the other client's channels but is not related to it: still no access.
  const other = await restCall(t, token, 'impression_summary', payload(theirs));
  const unknown = await restCall(t, token, 'impression_summary', { ...payload(theirs), client_id: 999999 });
  expect(other.status).toBe(404);
  expect(other.body).toEqual(unknown.body);
  expect((await call(t.url, 'GET', `/api/dashboard/filters/${theirs.id}`, { token })).status).toBe(404);
  const g = await gqlCall(t, token, 'responses_by_site', payload(theirs));
  expect(g.errors?.[0].extensions?.code).toBe('NOT_FOUND');
});

test('without a token the dashboard answers 401', async () => {
  expect((await call(t.url, 'POST', '/api/dashboard/impression_summary', { body: payload(mine) })).status).toBe(401);
});

test.each([
  ['startdate', { startdate: '2026-13-01' }],
  ['enddate', { enddate: 'yesterday' }],
  ['enddate', { startdate: '2026-03-10', enddate: '2026-03-09' }],
  ['enddate', { startdate: '2025-01-01', enddate: '2026-03-01' }],
  ['client_id', { client_id: 'abc' }],
  ['campaign', { campaign: ['x'] }],
  ['time_slots', { time_slots: [9] }],
  ['weekday', { weekday: [8] }],
  ['region', { region: ['ZZZ'] }],
])('a bad %s is a 400 naming it', async (field, extra) => {
  const r = await restCall(t, admin, 'responses_over_time', payload(mine, extra));
  expect(r.status).toBe(400);
  expect(Object.keys(r.body.fields)).toEqual([field]);
});

test.each(['campaign', 'booking', 'creative', 'channel', 'sites'])(
  "an id of another client's %s is a 400 naming the field (REST and GraphQL)",
  async (field) => {
    const foreign: Record<string, number> = {
      campaign: theirs.campaigns[0].id,
      booking: theirs.bookings[0].id,
      creative: theirs.creatives[0].id,
      channel: theirs.channels[0].id,
      sites: theirs.siteTags[0].id,
    };
    const r = await restCall(t, admin, 'impression_heatmap', payload(mine, { [field]: [foreign[field]] }));
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields)).toEqual([field]);
    const g = await gqlCall(t, admin, 'impression_heatmap', payload(mine, { [field]: [foreign[field]] }));
    expect(Object.keys(g.errors?.[0].extensions?.fields ?? {})).toEqual([field]);
  },
);

test('a list holding 0 means All (like an omitted list); the heatmap has 8 dayparts in order', async () => {
  const own = { region: ['AUK', 0], weekday: [0, 3] };
  const a = await restCall(t, admin, 'impression_heatmap', payload(mine, own));
  const b = await restCall(t, admin, 'impression_heatmap', payload(mine));
  expect(a.status).toBe(200);
  expect(a.body).toEqual(b.body);
  expect(a.body.table_data.impressions.map((r: any) => r.time)).toEqual([
    'Night',
    'Breakfast',
    'Morning',
    'Lunch',
    'Afternoon',
    'Access',
    'Peak',
    'Off-Peak',
  ]);
});
