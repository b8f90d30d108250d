import { ASSOCIATE_NEEDS_ADMIN, CLIENT_HAS_DATA } from '../../gateway/src/modules/relationships/association-policy';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildMatrixWorld, type MatrixWorld } from '../support/matrix-fixtures';
import { insert, isoDay } from '../support/records-fixtures';

/**
 * Associating an existing client hands the acting organisation that client's campaign data. Rule
 * (association-policy.ts): only an admin of the acting organisation associates, and only a client with
 * no campaign data yet; a client that has data is related by the super admin under Manage Relationships.
 */
let t: TestGateway;
let w: MatrixWorld;
beforeAll(async () => {
  t = await startTestGateway();
  w = await buildMatrixWorld(t);
}, 60_000);
afterAll(() => t.close());

const ASSOCIATE = 'mutation($id: Int!) { associateCustomer(id: $id) { id cust_name } }';

/** Tenant b's client has campaigns: the very data an association must not leak. */
const clientWithData = () => w.b.customerId;

async function loneClientWithCampaign(): Promise<number> {
  const id = await w.fresh.loneCustomer();
  await insert(t, 'INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, ?, ?, ?)', [
    id,
    'Secret launch',
    isoDay(0),
    isoDay(9),
  ]);
  return id;
}

test('an ordinary broadcaster user cannot associate a client, on either transport, and is offered none', async () => {
  const token = w.a.users.broadcaster.user.token;
  const lone = await w.fresh.loneCustomer();
  const rest = await call(t.url, 'POST', `/api/customers/${lone}/associate`, { token, body: {} });
  expect({ status: rest.status, message: rest.body.message }).toEqual({ status: 403, message: ASSOCIATE_NEEDS_ADMIN });
  const graph = await gql(t.url, ASSOCIATE, { id: lone }, token);
  expect(graph.errors?.[0]).toMatchObject({ message: ASSOCIATE_NEEDS_ADMIN, extensions: { status: 403 } });
  expect((await call(t.url, 'GET', '/api/customers?associated=false', { token })).body).toEqual([]);
  // Nothing was related: the client stays invisible to them.
  expect((await call(t.url, 'GET', `/api/customers/${lone}`, { token })).status).toBe(404);
});

test('an admin associates a client without data and then sees it', async () => {
  const token = w.a.users.broadcaster.admin.token;
  const lone = await w.fresh.loneCustomer();
  const offered = (await call(t.url, 'GET', '/api/customers?associated=false', { token })).body as { id: number }[];
  expect(offered.map((c) => c.id)).toContain(lone);
  const r = await call(t.url, 'POST', `/api/customers/${lone}/associate`, { token, body: {} });
  expect({ status: r.status, id: r.body.id }).toEqual({ status: 200, id: lone });
  expect((await call(t.url, 'GET', `/api/customers/${lone}`, { token })).status).toBe(200);
});

test('even an admin cannot associate a client that has campaign data, and its campaigns stay hidden', async () => {
  const token = w.a.users.agency.admin.token;
  const withData = await loneClientWithCampaign();
  const offered = (await call(t.url, 'GET', '/api/customers?associated=false', { token })).body as { id: number }[];
  expect(offered.map((c) => c.id)).not.toContain(withData);
  expect(offered.map((c) => c.id)).not.toContain(clientWithData());
  for (const id of [withData, clientWithData()]) {
    const rest = await call(t.url, 'POST', `/api/customers/${id}/associate`, { token, body: {} });
    expect({ status: rest.status, message: rest.body.message }).toEqual({ status: 403, message: CLIENT_HAS_DATA });
    const graph = await gql(t.url, ASSOCIATE, { id }, token);
    expect(graph.errors?.[0]).toMatchObject({ message: CLIENT_HAS_DATA, extensions: { status: 403 } });
    const campaigns = await call(t.url, 'GET', `/api/campaigns/customer/${id}`, { token });
    expect(campaigns.status).toBe(404);
  }
});

test('the super admin still relates a client that has data, under Manage Relationships', async () => {
  const withData = await loneClientWithCampaign();
  const r = await call(t.url, 'POST', '/api/admin/relationships', {
    token: w.superAdmin.token,
    body: {
      country_code: 'NZ',
      source_type: 'client',
      source_id: withData,
      target_type: 'agency',
      target_id: w.a.agencyId,
    },
  });
  expect(r.status).toBe(200);
  const campaigns = await call(t.url, 'GET', `/api/campaigns/customer/${withData}`, {
    token: w.a.users.agency.user.token,
  });
  expect(campaigns.body.map((c: { campaign_name: string }) => c.campaign_name)).toEqual(['Secret launch']);
});

test('associating an existing agency (which then sees the client’s data) is for a client admin only', async () => {
  const agency = await w.fresh.loneAgency();
  const user = await call(t.url, 'POST', `/api/agencies/${agency}/associate`, {
    token: w.a.users.customer.user.token,
    body: {},
  });
  expect({ status: user.status, message: user.body.message }).toEqual({ status: 403, message: ASSOCIATE_NEEDS_ADMIN });
  expect(
    (await call(t.url, 'GET', '/api/agencies?associated=false', { token: w.a.users.customer.user.token })).body,
  ).toEqual([]);
  const admin = await call(t.url, 'POST', `/api/agencies/${agency}/associate`, {
    token: w.a.users.customer.admin.token,
    body: {},
  });
  expect(admin.status).toBe(200);
});
