import { ASSOCIATE_NEEDS_ADMIN } from '../../gateway/src/modules/relationships/association-policy';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildMatrixWorld, type MatrixWorld } from '../support/matrix-fixtures';
import { insert, isoDay } from '../support/records-fixtures';

/**
 * Associating an existing client hands the acting organisation that client's campaign data. Rule
 * (association-policy.ts): only an admin of the acting organisation asks, the ask is a pending
 * request, and only the client's own admin (or the super admin) accepts it; the super admin may also
 * relate organisations directly under Manage Relationships. (The consent flow itself, on both
 * transports, is tests/security/association-consent.test.ts.)
 */
let t: TestGateway;
let w: MatrixWorld;
beforeAll(async () => {
  t = await startTestGateway();
  w = await buildMatrixWorld(t);
}, 60_000);
afterAll(() => t.close());

const ASSOCIATE =
  'mutation($id: Int!, $name: String) { associateCustomer(id: $id, input: { cust_name: $name }) { id status } }';

const nameOf = async (table: 'customer' | 'agency', id: number): Promise<string> => {
  const column = table === 'customer' ? 'cust_name' : 'agency_name';
  const [row]: Record<string, string>[] = await t.gateway.app.ds.query(
    `SELECT ${column} AS n FROM ${table} WHERE id = ?`,
    [id],
  );
  return row.n;
};

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
  const name = await nameOf('customer', lone);
  const rest = await call(t.url, 'POST', `/api/customers/${lone}/associate`, { token, body: { cust_name: name } });
  expect({ status: rest.status, message: rest.body.message }).toEqual({ status: 403, message: ASSOCIATE_NEEDS_ADMIN });
  const graph = await gql(t.url, ASSOCIATE, { id: lone, name }, token);
  expect(graph.errors?.[0]).toMatchObject({ message: ASSOCIATE_NEEDS_ADMIN, extensions: { status: 403 } });
  const q = encodeURIComponent(name);
  expect((await call(t.url, 'GET', `/api/customers?associated=false&q=${q}`, { token })).body).toEqual([]);
  // Nothing was related or requested: the client stays invisible to them.
  expect((await call(t.url, 'GET', `/api/customers/${lone}`, { token })).status).toBe(404);
  const [pending]: { n: number }[] = await t.gateway.app.ds.query(
    "SELECT COUNT(*) AS n FROM association_request WHERE target_type = 'CUSTOMER' AND target_id = ?",
    [lone],
  );
  expect(Number(pending.n)).toBe(0);
});

test('an admin finds a client by name and asks; it sees the client only once the request is accepted', async () => {
  const token = w.a.users.broadcaster.admin.token;
  const lone = await w.fresh.loneCustomer();
  const name = await nameOf('customer', lone);
  const offered = (await call(t.url, 'GET', `/api/customers?associated=false&q=${encodeURIComponent(name)}`, { token }))
    .body as { id: number }[];
  expect(offered.map((c) => c.id)).toEqual([lone]);
  const r = await call(t.url, 'POST', `/api/customers/${lone}/associate`, { token, body: { cust_name: name } });
  expect({ status: r.status, target_id: r.body.target_id, state: r.body.status }).toEqual({
    status: 200,
    target_id: lone,
    state: 'pending',
  });
  expect((await call(t.url, 'GET', `/api/customers/${lone}`, { token })).status).toBe(404);
  // A client without users of its own: the super admin accepts on its behalf.
  const ok = await call(t.url, 'POST', `/api/association-requests/${r.body.id}/accept`, { token: w.superAdmin.token });
  expect(ok.body.status).toBe('accepted');
  expect((await call(t.url, 'GET', `/api/customers/${lone}`, { token })).status).toBe(200);
});

test('asking for a client that has campaign data keeps its campaigns hidden until its admin accepts', async () => {
  const token = w.a.users.agency.admin.token;
  for (const id of [await loneClientWithCampaign(), clientWithData()]) {
    const name = await nameOf('customer', id);
    const graph = await gql(t.url, ASSOCIATE, { id, name }, token);
    expect(graph.data.associateCustomer.status).toBe('pending');
    const campaigns = await call(t.url, 'GET', `/api/campaigns/customer/${id}`, { token });
    expect(campaigns.status).toBe(404);
  }
  const [request] = (await call(t.url, 'GET', '/api/association-requests', { token: w.b.users.customer.admin.token }))
    .body.incoming as { id: number; requester_id: number }[];
  expect(request.requester_id).toBe(w.a.agencyId);
  // The client's admin declines: still nothing visible.
  await call(t.url, 'POST', `/api/association-requests/${request.id}/decline`, {
    token: w.b.users.customer.admin.token,
  });
  expect((await call(t.url, 'GET', `/api/campaigns/customer/${clientWithData()}`, { token })).status).toBe(404);
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
  const name = await nameOf('agency', agency);
  const user = await call(t.url, 'POST', `/api/agencies/${agency}/associate`, {
    token: w.a.users.customer.user.token,
    body: { agency_name: name },
  });
  expect({ status: user.status, message: user.body.message }).toEqual({ status: 403, message: ASSOCIATE_NEEDS_ADMIN });
  expect(
    (
      await call(t.url, 'GET', `/api/agencies?associated=false&q=${encodeURIComponent(name)}`, {
        token: w.a.users.customer.user.token,
      })
    ).body,
  ).toEqual([]);
  const admin = await call(t.url, 'POST', `/api/agencies/${agency}/associate`, {
    token: w.a.users.customer.admin.token,
    body: { agency_name: name },
  });
  expect({ status: admin.status, state: admin.body.status }).toEqual({ status: 200, state: 'pending' });
});
