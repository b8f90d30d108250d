import { ASSOCIATE_NEEDS_ADMIN, SEARCH_TOO_SHORT } from '../../gateway/src/modules/relationships/association-policy';
import { REQUEST_NOT_FOUND } from '../../gateway/src/modules/relationships/association-request.service';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildMatrixWorld, type MatrixWorld } from '../support/matrix-fixtures';
import { insert } from '../support/records-fixtures';

/**
 * Associating an existing client or agency is a request that the target's own admin
 * (or the super admin) accepts; only then does the relationship exist. Existing records are found only
 * through the name search (2 characters, at most 10 names), and every refusal answers alike whether or
 * not the record exists. Both transports.
 */
let t: TestGateway;
let w: MatrixWorld;
beforeAll(async () => {
  t = await startTestGateway();
  w = await buildMatrixWorld(t);
}, 60_000);
afterAll(() => t.close());

const nameOf = async (table: 'customer' | 'agency', id: number): Promise<string> => {
  const column = table === 'customer' ? 'cust_name' : 'agency_name';
  const [row]: Record<string, string>[] = await t.gateway.app.ds.query(
    `SELECT ${column} AS n FROM ${table} WHERE id = ?`,
    [id],
  );
  return row.n;
};
const related = async (customerId: number, column: string, id: number): Promise<number> => {
  const [row]: { n: number }[] = await t.gateway.app.ds.query(
    `SELECT COUNT(*) AS n FROM relationship WHERE customer_id = ? AND ${column} = ?`,
    [customerId, id],
  );
  return Number(row.n);
};

const REQUEST_FIELDS = 'id status requester_type requester_id target_type target_id target_name';
const ASSOCIATE_CLIENT = `mutation($id: Int!, $name: String) { associateCustomer(id: $id, input: { cust_name: $name }) { ${REQUEST_FIELDS} } }`;
const LIST = `{ associationRequests { incoming { ${REQUEST_FIELDS} } outgoing { ${REQUEST_FIELDS} } } }`;
const decide = (d: 'accept' | 'decline' | 'withdraw') =>
  `mutation($id: Int!) { ${d}AssociationRequest(id: $id) { ${REQUEST_FIELDS} } }`;

describe('the association search', () => {
  test('answers from 2 characters, at most 10 names, and nothing but the name of other tenants’ clients', async () => {
    const token = w.a.users.broadcaster.admin.token;
    for (let i = 0; i < 12; i++) {
      await insert(
        t,
        "INSERT INTO customer (cust_name, domain, admin_email, country_code, time_zone) VALUES (?, 'secret.example', 'boss@secret.example', 'NZ', 'Pacific/Auckland')",
        [`Zebrafish Foods ${String(i).padStart(2, '0')}`],
      );
    }
    const short = await call(t.url, 'GET', '/api/customers?associated=false&q=z', { token });
    expect({ status: short.status, message: short.body.message }).toEqual({ status: 400, message: SEARCH_TOO_SHORT });
    const none = await call(t.url, 'GET', '/api/customers?associated=false', { token });
    expect(none.status).toBe(400);
    const gShort = await gql(t.url, '{ customers(associated: false, q: " z ") { id } }', {}, token);
    expect(gShort.errors?.[0]).toMatchObject({ message: SEARCH_TOO_SHORT, extensions: { status: 400 } });

    const found = await call(t.url, 'GET', '/api/customers?associated=false&q=BRAFISH', { token });
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(10);
    expect(found.body.map((c: { cust_name: string }) => c.cust_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Zebrafish Foods ${String(i).padStart(2, '0')}`),
    );
    for (const c of found.body) expect(c).toMatchObject({ domain: null, admin_email: null, display_name: null });
    const g = await gql(
      t.url,
      '{ customers(associated: false, q: "brafish") { cust_name domain admin_email } }',
      {},
      token,
    );
    expect(g.data.customers).toEqual(
      found.body.map((c: { cust_name: string }) => ({ cust_name: c.cust_name, domain: null, admin_email: null })),
    );
    // Wildcards are literal: "%%" matches no name rather than every name.
    expect((await call(t.url, 'GET', '/api/customers?associated=false&q=%25%25', { token })).body).toEqual([]);
    // Clients already related to the asker are not offered.
    const own = await nameOf('customer', w.a.customerId);
    const mine = await call(t.url, 'GET', `/api/customers?associated=false&q=${encodeURIComponent(own)}`, { token });
    expect(mine.body.map((c: { id: number }) => c.id)).not.toContain(w.a.customerId);
    // Ordinary users are offered nothing.
    const user = await call(t.url, 'GET', '/api/customers?associated=false&q=brafish', {
      token: w.a.users.broadcaster.user.token,
    });
    expect(user.body).toEqual([]);
  });

  test('agencies: the same search, names only', async () => {
    const token = w.a.users.customer.admin.token;
    const name = await nameOf('agency', w.b.agencyId);
    const r = await call(t.url, 'GET', `/api/agencies?associated=false&q=${encodeURIComponent(name)}`, { token });
    expect(r.body).toEqual([
      { id: w.b.agencyId, agency_name: name, domain: null, admin_email: null, country_code: null, created_by: null },
    ]);
    const g = await gql(t.url, '{ agencies(associated: false, q: "a") { id } }', {}, token);
    expect(g.errors?.[0]).toMatchObject({ message: SEARCH_TOO_SHORT });
  });
});

describe('asking to associate', () => {
  test('a client with data becomes a pending request; nothing of it is visible until its admin accepts', async () => {
    const token = w.a.users.broadcaster.admin.token;
    const target = w.b.customerId;
    const name = await nameOf('customer', target);
    const asked = await call(t.url, 'POST', `/api/customers/${target}/associate`, { token, body: { cust_name: name } });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      status: 'pending',
      requester_type: 'broadcaster',
      requester_id: w.a.broadcasterId,
      target_type: 'client',
      target_id: target,
      target_name: name,
    });
    expect(await related(target, 'broadcaster_id', w.a.broadcasterId)).toBe(0);
    for (const tk of [token, w.a.users.broadcaster.user.token]) {
      expect((await call(t.url, 'GET', `/api/customers/${target}`, { token: tk })).status).toBe(404);
      expect((await call(t.url, 'GET', `/api/campaigns/customer/${target}`, { token: tk })).status).toBe(404);
      const g = await gql(t.url, 'query($id: Int!) { customer(id: $id) { id } }', { id: target }, tk);
      expect(g.errors?.[0].extensions?.status).toBe(404);
    }
    // Asking again while pending: 409.
    const again = await gql(t.url, ASSOCIATE_CLIENT, { id: target, name }, token);
    expect(again.errors?.[0].extensions?.status).toBe(409);

    // The asker sees it as sent; the client's admin as incoming; others not at all.
    const mine = await gql(t.url, LIST, {}, token);
    expect(mine.data.associationRequests.outgoing.map((r: { id: number }) => r.id)).toContain(asked.body.id);
    const theirs = await call(t.url, 'GET', '/api/association-requests', { token: w.b.users.customer.admin.token });
    expect(theirs.body.incoming.map((r: { id: number }) => r.id)).toContain(asked.body.id);
    const stranger = await call(t.url, 'GET', '/api/association-requests', { token: w.b.users.agency.admin.token });
    expect([...stranger.body.incoming, ...stranger.body.outgoing]).toEqual([]);
    const ordinary = await call(t.url, 'GET', '/api/association-requests', { token: w.b.users.customer.user.token });
    expect(ordinary.status).toBe(403);

    // The asker cannot accept its own request; the client's ordinary user cannot either.
    const self = await call(t.url, 'POST', `/api/association-requests/${asked.body.id}/accept`, { token });
    expect({ status: self.status, message: self.body.message }).toEqual({ status: 404, message: REQUEST_NOT_FOUND });
    const user = await gql(t.url, decide('accept'), { id: asked.body.id }, w.b.users.customer.user.token);
    expect(user.errors?.[0]).toMatchObject({ message: ASSOCIATE_NEEDS_ADMIN, extensions: { status: 403 } });
    expect(await related(target, 'broadcaster_id', w.a.broadcasterId)).toBe(0);

    // The client's own admin accepts (GraphQL): now the relationship exists and the data is shared.
    const ok = await gql(t.url, decide('accept'), { id: asked.body.id }, w.b.users.customer.admin.token);
    expect(ok.data.acceptAssociationRequest).toMatchObject({ id: asked.body.id, status: 'accepted' });
    expect(await related(target, 'broadcaster_id', w.a.broadcasterId)).toBe(1);
    const campaigns = await call(t.url, 'GET', `/api/campaigns/customer/${target}`, {
      token: w.a.users.broadcaster.user.token,
    });
    expect(campaigns.status).toBe(200);
    expect(campaigns.body.length).toBeGreaterThan(0);
    // Decided once: deciding again is a 409; the pending lists no longer hold it.
    const twice = await call(t.url, 'POST', `/api/association-requests/${asked.body.id}/decline`, {
      token: w.b.users.customer.admin.token,
    });
    expect(twice.status).toBe(409);
    const after = await call(t.url, 'GET', '/api/association-requests', { token: w.b.users.customer.admin.token });
    expect(after.body.incoming.map((r: { id: number }) => r.id)).not.toContain(asked.body.id);
  });

  test('declined and withdrawn requests relate nothing; only the requester withdraws', async () => {
    const client = await w.fresh.loneCustomer();
    const name = await nameOf('customer', client);
    const token = w.a.users.agency.admin.token;
    const first = await call(t.url, 'POST', `/api/customers/${client}/associate`, { token, body: { cust_name: name } });
    expect(first.body.status).toBe('pending');
    // The target (here the super admin, for a client without an admin) declines over REST.
    const declined = await call(t.url, 'POST', `/api/association-requests/${first.body.id}/decline`, {
      token: w.superAdmin.token,
    });
    expect(declined.body).toMatchObject({ status: 'declined' });
    expect(await related(client, 'agency_id', w.a.agencyId)).toBe(0);

    const second = await gql(t.url, ASSOCIATE_CLIENT, { id: client, name }, token);
    const id = second.data.associateCustomer.id;
    // The super admin cannot withdraw someone else's request; the requester's admin can.
    const notTheirs = await gql(t.url, decide('withdraw'), { id }, w.superAdmin.token);
    expect(notTheirs.errors?.[0]).toMatchObject({ message: REQUEST_NOT_FOUND, extensions: { status: 404 } });
    const withdrawn = await gql(t.url, decide('withdraw'), { id }, token);
    expect(withdrawn.data.withdrawAssociationRequest.status).toBe('withdrawn');
    const late = await call(t.url, 'POST', `/api/association-requests/${id}/accept`, { token: w.superAdmin.token });
    expect(late.status).toBe(409);
    expect(await related(client, 'agency_id', w.a.agencyId)).toBe(0);
  });

  test('a client admin asks for an agency; the super admin accepts; the agency then sees the client', async () => {
    const agency = await w.fresh.loneAgency();
    const name = await nameOf('agency', agency);
    const asked = await gql(
      t.url,
      `mutation($id: Int!, $name: String) { associateAgency(id: $id, input: { agency_name: $name }) { ${REQUEST_FIELDS} } }`,
      { id: agency, name: name.toUpperCase() },
      w.a.users.customer.admin.token,
    );
    expect(asked.data.associateAgency).toMatchObject({ status: 'pending', target_type: 'agency', target_id: agency });
    expect(await related(w.a.customerId, 'agency_id', agency)).toBe(0);
    const all = await call(t.url, 'GET', '/api/association-requests', { token: w.superAdmin.token });
    expect(all.body.incoming.map((r: { id: number }) => r.id)).toContain(asked.data.associateAgency.id);
    const ok = await call(t.url, 'POST', `/api/association-requests/${asked.data.associateAgency.id}/accept`, {
      token: w.superAdmin.token,
    });
    expect(ok.body.status).toBe('accepted');
    expect(await related(w.a.customerId, 'agency_id', agency)).toBe(1);
  });
});

describe('every refusal answers alike whether or not the record exists', () => {
  test('associate: an unknown id and an existing client under another name give the same answer', async () => {
    const token = w.a.users.broadcaster.admin.token;
    const existing = await w.fresh.loneCustomer();
    const rest = await Promise.all([
      call(t.url, 'POST', '/api/customers/999999/associate', { token, body: { cust_name: 'Guess' } }),
      call(t.url, 'POST', `/api/customers/${existing}/associate`, { token, body: { cust_name: 'Guess' } }),
    ]);
    expect(rest.map((r) => ({ status: r.status, body: r.body }))).toEqual([
      { status: 404, body: { message: 'Customer not found.', detail: 'Customer not found.' } },
      { status: 404, body: { message: 'Customer not found.', detail: 'Customer not found.' } },
    ]);
    const graph = await Promise.all(
      [999999, existing].map((id) => gql(t.url, ASSOCIATE_CLIENT, { id, name: 'Guess' }, token)),
    );
    expect(graph[0].errors).toEqual(graph[1].errors);
    expect(graph[0].errors?.[0]).toMatchObject({ message: 'Customer not found.', extensions: { status: 404 } });
    // An ordinary user is refused before any lookup: the same 403 for both.
    const user = w.a.users.broadcaster.user.token;
    const denied = await Promise.all(
      [999999, existing].map((id) =>
        call(t.url, 'POST', `/api/customers/${id}/associate`, { token: user, body: { cust_name: 'Guess' } }),
      ),
    );
    expect(denied.map((r) => [r.status, r.body.message])).toEqual([
      [403, ASSOCIATE_NEEDS_ADMIN],
      [403, ASSOCIATE_NEEDS_ADMIN],
    ]);
    expect(await related(existing, 'broadcaster_id', w.a.broadcasterId)).toBe(0);
  });

  test('accept, decline, withdraw: another organisation’s request and an unknown one give the same answer', async () => {
    const client = await w.fresh.loneCustomer();
    const asked = await call(t.url, 'POST', `/api/customers/${client}/associate`, {
      token: w.a.users.adtech.admin.token,
      body: { cust_name: await nameOf('customer', client) },
    });
    const outsider = w.b.users.customer.admin.token;
    for (const d of ['accept', 'decline', 'withdraw'] as const) {
      const rest = await Promise.all(
        [asked.body.id, 999999].map((id) =>
          call(t.url, 'POST', `/api/association-requests/${id}/${d}`, { token: outsider }),
        ),
      );
      expect(rest.map((r) => [r.status, r.body.message])).toEqual([
        [404, REQUEST_NOT_FOUND],
        [404, REQUEST_NOT_FOUND],
      ]);
      const graph = await Promise.all([asked.body.id, 999999].map((id) => gql(t.url, decide(d), { id }, outsider)));
      expect(graph[0].errors).toEqual(graph[1].errors);
      expect(graph[0].errors?.[0]).toMatchObject({ message: REQUEST_NOT_FOUND, extensions: { status: 404 } });
    }
    expect(await related(client, 'adtech_id', w.a.adtechId)).toBe(0);
  });
});
