import { makeUser } from '../support/actors';
import { call, gql } from '../support/http';
import { type OrgWorld, startOrgWorld } from '../support/org-world';

/** Clients a.k.a. customers on both transports (spec 3, 5, 6, 7). */
let t: OrgWorld['t'];
let admin: string;
let world: OrgWorld['world'];
let tokens: OrgWorld['tokens'];
let db: OrgWorld['db'];

beforeAll(async () => {
  ({ t, admin, world, tokens, db } = await startOrgWorld());
});
afterAll(() => t.close());

const AGENCY_FIELDS = 'id agency_name domain admin_email country_code created_by';

const CUSTOMER_FIELDS =
  'id cust_name display_name domain admin_email taxonomy_id taxonomy_desc country_code country_list operational_countries { country_code country_name } billing_entity is_multi_country status retention_months nat_hourly_limit time_zone created_by';

describe('clients', () => {
  test('the super admin creates a client with countries, billing entity and a category', async () => {
    const [tax] = await db("SELECT id FROM taxonomy WHERE taxonomy_desc = 'Retail'");
    const r = await call(t.url, 'POST', '/api/customers/', {
      token: admin,
      body: {
        cust_name: 'Harbour Foods',
        display_name: 'Harbour',
        taxonomy_id: tax.id,
        country_code: 'au',
        country_list: ['NZ'],
        billing_entity: 0,
        domain: 'harbour.example.co.nz',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      cust_name: 'Harbour Foods',
      taxonomy_desc: 'Retail',
      country_code: 'AU',
      country_list: ['AU', 'NZ'],
      operational_countries: [
        { country_code: 'AU', country_name: 'Australia' },
        { country_code: 'NZ', country_name: 'New Zealand' },
      ],
      billing_entity: 0,
      is_multi_country: true,
      status: 1,
      time_zone: 'Australia/Sydney',
    });
  });

  test('the super admin must choose a primary country', async () => {
    const r = await call(t.url, 'POST', '/api/customers/', { token: admin, body: { cust_name: 'No Country Ltd' } });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ country_code: 'Primary country is required' });
  });

  test('a single-country agency user gets their own country; billing entity and created_by are ignored', async () => {
    await call(t.url, 'PUT', `/api/agencies/${world.agency}`, {
      token: admin,
      body: { agency_name: 'Media House Ltd', country_code: 'NZ' },
    });
    const r = await call(t.url, 'POST', '/api/customers/', {
      token: tokens.agencyUser,
      body: {
        cust_name: 'Tui Brewing',
        country_code: 'US',
        country_list: ['US', 'GB'],
        billing_entity: 0,
        created_by: 1,
        status: 0,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      country_code: 'NZ',
      country_list: ['NZ'],
      billing_entity: null,
      is_multi_country: false,
      status: 1,
    });
    const [row] = await db('SELECT billing_entity, created_by, time_zone FROM customer WHERE id = ?', [r.body.id]);
    expect(row).toEqual({ billing_entity: 2, created_by: expect.any(Number), time_zone: 'Pacific/Auckland' });
    expect(row.created_by).not.toBe(1);
    // Visible to the creator at once through the automatic relationship.
    const list = await call(t.url, 'GET', '/api/customers/', { token: tokens.agencyUser });
    expect(list.body.map((c: any) => c.cust_name)).toEqual(['Tui Brewing']);
  });

  test('a multi-country broadcaster user must choose among their own countries', async () => {
    const missing = await call(t.url, 'POST', '/api/customers/', {
      token: tokens.broadcasterUser,
      body: { cust_name: 'Kauri Bank' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.country_code).toBe('Primary country is required');
    const outside = await call(t.url, 'POST', '/api/customers/', {
      token: tokens.broadcasterUser,
      body: { cust_name: 'Kauri Bank', country_code: 'US' },
    });
    expect(outside.status).toBe(400);
    const ok = await call(t.url, 'POST', '/api/customers/', {
      token: tokens.broadcasterUser,
      body: { cust_name: 'Kauri Bank', country_code: 'AU' },
    });
    expect(ok.body).toMatchObject({ country_code: 'AU', country_list: ['AU'] });
  });

  test('REST and GraphQL answer the same clients', async () => {
    for (const token of [admin, tokens.agencyUser, tokens.broadcasterUser]) {
      const rest = await call(t.url, 'GET', '/api/customers/', { token });
      const g = await gql(t.url, `{ customers { ${CUSTOMER_FIELDS} } }`, {}, token);
      expect(g.data.customers).toEqual(rest.body);
      expect(rest.body.length).toBeGreaterThan(0);
    }
    const [first] = (await call(t.url, 'GET', '/api/customers/', { token: admin })).body;
    const one = await gql(
      t.url,
      `query($id: Int!) { customer(id: $id) { ${CUSTOMER_FIELDS} } }`,
      { id: first.id },
      admin,
    );
    expect(one.data.customer).toEqual((await call(t.url, 'GET', `/api/customers/${first.id}`, { token: admin })).body);
  });

  test('validation on GraphQL create: name and email per field', async () => {
    const g = await gql(
      t.url,
      `mutation { createCustomer(input: { cust_name: "abc", admin_email: "x@", country_code: "NZ" }) { id } }`,
      {},
      admin,
    );
    expect(g.errors?.[0].extensions?.fields).toEqual({
      cust_name: 'Client name must be at least 4 characters',
      admin_email: 'Please enter a valid email address',
    });
  });

  test('permission: customer users do not manage clients on either transport', async () => {
    const [c] = await db("SELECT id FROM customer WHERE cust_name = 'Harbour Foods'");
    const customerUser = await makeUser(t, { entityType: 'CUSTOMER', entityId: c.id, admin: false });
    expect(
      (await call(t.url, 'POST', '/api/customers/', { token: customerUser.token, body: { cust_name: 'Other Co' } }))
        .status,
    ).toBe(403);
    const g = await gql(
      t.url,
      `mutation { createCustomer(input: { cust_name: "Other Co" }) { id } }`,
      {},
      customerUser.token,
    );
    expect(g.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // They still read their own client.
    const own = await call(t.url, 'GET', '/api/customers/', { token: customerUser.token });
    expect(own.body.map((x: any) => x.id)).toEqual([c.id]);
    // A non-admin user of the client may not edit it.
    const put = await call(t.url, 'PUT', `/api/customers/${c.id}`, {
      token: customerUser.token,
      body: { cust_name: 'Renamed' },
    });
    expect(put.status).toBe(403);
  });

  test('the client’s admin sets its retention: 1 to 25 months, 13 by default, a field error otherwise', async () => {
    const [c] = await db("SELECT id FROM customer WHERE cust_name = 'Harbour Foods'");
    const owner = await makeUser(t, { entityType: 'CUSTOMER', entityId: c.id, admin: true });
    const before = await call(t.url, 'GET', `/api/customers/${c.id}`, { token: owner.token });
    expect(before.body.retention_months).toBe(13);
    for (const bad of [0, 26]) {
      const r = await call(t.url, 'PUT', `/api/customers/${c.id}`, {
        token: owner.token,
        body: { cust_name: 'Harbour Foods', retention_months: bad },
      });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain('Retention must be a whole number of months from 1 to 25');
    }
    const g = await gql(
      t.url,
      `mutation($id: Int!) { updateCustomer(id: $id, input: { cust_name: "Harbour Foods", retention_months: 25 }) { retention_months } }`,
      { id: c.id },
      owner.token,
    );
    expect(g.data.updateCustomer.retention_months).toBe(25);
    // Left out, it stays as it was.
    const kept = await call(t.url, 'PUT', `/api/customers/${c.id}`, {
      token: owner.token,
      body: { cust_name: 'Harbour Foods' },
    });
    expect(kept.body.retention_months).toBe(25);
    expect((await db('SELECT retention_months FROM customer WHERE id = ?', [c.id]))[0].retention_months).toBe(25);
  });

  test('the client’s own admin edits it, including its countries, but not its billing entity', async () => {
    const [c] = await db("SELECT id FROM customer WHERE cust_name = 'Harbour Foods'");
    const owner = await makeUser(t, { entityType: 'CUSTOMER', entityId: c.id, admin: true });
    const r = await call(t.url, 'PUT', `/api/customers/${c.id}`, {
      token: owner.token,
      body: { cust_name: 'Harbour Foods Group', country_code: 'NZ', country_list: ['FJ'], billing_entity: 1 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ cust_name: 'Harbour Foods Group', country_code: 'NZ', country_list: ['NZ', 'FJ'] });
    expect((await db('SELECT billing_entity FROM customer WHERE id = ?', [c.id]))[0].billing_entity).toBe(0);
    const g = await gql(
      t.url,
      `mutation($id: Int!) { updateCustomer(id: $id, input: { cust_name: "" }) { id } }`,
      { id: c.id },
      owner.token,
    );
    expect(g.errors?.[0].extensions?.fields).toEqual({ cust_name: 'Client name is required' });
    const ok = await gql(
      t.url,
      `mutation($id: Int!) { updateCustomer(id: $id, input: { cust_name: "Harbour Foods", billing_entity: 1 }) { cust_name billing_entity } }`,
      { id: c.id },
      admin,
    );
    expect(ok.data.updateCustomer).toEqual({ cust_name: 'Harbour Foods', billing_entity: 1 });
  });

  test('associate (a request the client accepts) and delete clients', async () => {
    const [c] = await db("SELECT id FROM customer WHERE cust_name = 'Harbour Foods'");
    const unassociated = await call(t.url, 'GET', '/api/customers/?associated=false&q=harb', {
      token: tokens.soloBroadcasterAdmin,
    });
    expect(unassociated.body.map((x: any) => x.id)).toContain(c.id);
    const r = await call(t.url, 'POST', `/api/customers/${c.id}/associate`, {
      token: tokens.soloBroadcasterAdmin,
      body: { cust_name: 'Harbour Foods' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'pending', target_type: 'client', target_id: c.id });
    // Not related until the client's admin accepts.
    expect((await call(t.url, 'GET', '/api/customers/', { token: tokens.soloBroadcasterAdmin })).body).toEqual([]);
    const clientAdmin = await makeUser(t, { entityType: 'CUSTOMER', entityId: c.id, admin: true });
    const accepted = await gql(
      t.url,
      `mutation($id: Int!) { acceptAssociationRequest(id: $id) { status } }`,
      { id: r.body.id },
      clientAdmin.token,
    );
    expect(accepted.data.acceptAssociationRequest.status).toBe('accepted');
    expect(
      (await call(t.url, 'GET', '/api/customers/', { token: tokens.soloBroadcasterAdmin })).body.map((x: any) => x.id),
    ).toEqual([c.id]);
    const dup = await gql(
      t.url,
      `mutation($id: Int!) { associateCustomer(id: $id, input: { cust_name: "Harbour Foods" }) { id } }`,
      { id: c.id },
      tokens.soloBroadcasterAdmin,
    );
    expect(dup.errors?.[0].extensions?.status).toBe(409);
    const blank = await call(t.url, 'POST', `/api/customers/${c.id}/associate`, {
      token: tokens.broadcasterAdmin,
      body: { cust_name: '' },
    });
    expect(blank.body.fields).toEqual({ cust_name: 'Client name is required' });
    const agencyAsks = await gql(
      t.url,
      `mutation($id: Int!) { associateCustomer(id: $id, input: { cust_name: "harbour foods" }) { id status } }`,
      { id: c.id },
      tokens.agencyAdmin,
    );
    expect(agencyAsks.data.associateCustomer.status).toBe('pending');
    const denied = await call(t.url, 'POST', `/api/customers/${c.id}/associate`, {
      token: clientAdmin.token,
      body: {},
    });
    expect(denied.status).toBe(403);
    // Delete: a related broadcaster may not, the super admin may.
    const del = await call(t.url, 'DELETE', `/api/customers/${c.id}`, { token: tokens.soloBroadcasterAdmin });
    expect(del.status).toBe(403);
    const gone = await gql(t.url, `mutation($id: Int!) { deleteCustomer(id: $id) { message } }`, { id: c.id }, admin);
    expect(gone.data.deleteCustomer.message).toBe('Agency removed successfully');
    expect(await db('SELECT id FROM relationship WHERE customer_id = ?', [c.id])).toHaveLength(0);
    // Its pending requests go with it.
    expect(
      await db("SELECT id FROM association_request WHERE target_type = 'CUSTOMER' AND target_id = ?", [c.id]),
    ).toHaveLength(0);
    const again = await call(t.url, 'DELETE', `/api/customers/${c.id}`, { token: admin });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Customer not found.');
  });
});

describe('read and associate calls: each transport’s validation and permission failures', () => {
  test('the association search is for those who manage agencies or clients', async () => {
    expect((await call(t.url, 'GET', '/api/agencies/?associated=false', { token: tokens.agencyUser })).status).toBe(
      403,
    );
    const g = await gql(t.url, '{ agencies(associated: false) { id } }', {}, tokens.agencyUser);
    expect(g.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const [c] = await db('SELECT id FROM customer LIMIT 1');
    const customerUser = await makeUser(t, { entityType: 'CUSTOMER', entityId: c.id, admin: false });
    expect((await call(t.url, 'GET', '/api/customers/?associated=false', { token: customerUser.token })).status).toBe(
      403,
    );
    const gc = await gql(t.url, '{ customers(associated: false) { id } }', {}, customerUser.token);
    expect(gc.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // The super admin relates organisations elsewhere: nothing to associate for them.
    expect((await call(t.url, 'GET', '/api/customers/?associated=false', { token: admin })).body).toEqual([]);
  });

  test('ids must be positive integers; one record answers the same on both transports', async () => {
    for (const path of ['/api/agencies/abc', '/api/customers/0', '/api/agencies/-1/associate']) {
      const method = path.endsWith('associate') ? 'POST' : 'GET';
      const r = await call(t.url, method, path, { token: admin, body: method === 'POST' ? {} : undefined });
      expect(r.status).toBe(400);
      expect(r.body.fields.id).toBe('id must be a positive integer.');
    }
    const rest = await call(t.url, 'GET', `/api/agencies/${world.agency}`, { token: admin });
    const g = await gql(
      t.url,
      `query($id: Int!) { agency(id: $id) { ${AGENCY_FIELDS} } }`,
      { id: world.agency },
      admin,
    );
    expect(g.data.agency).toEqual(rest.body);
  });

  test('GraphQL associate: blank names and the wrong organisation types are refused', async () => {
    const blank = await gql(
      t.url,
      `mutation($id: Int!) { associateAgency(id: $id, input: { agency_name: "" }) { id } }`,
      { id: world.agency },
      tokens.soloBroadcasterAdmin,
    );
    expect(blank.errors?.[0].extensions?.fields).toEqual({ agency_name: 'Agency name is required' });
    const denied = await gql(
      t.url,
      `mutation($id: Int!) { associateAgency(id: $id) { id } }`,
      { id: world.agency },
      tokens.agencyAdmin,
    );
    expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const [c] = await db('SELECT id FROM customer LIMIT 1');
    const blankClient = await gql(
      t.url,
      `mutation($id: Int!) { associateCustomer(id: $id, input: { cust_name: " " }) { id } }`,
      { id: c.id },
      tokens.soloBroadcasterAdmin,
    );
    expect(blankClient.errors?.[0].extensions?.fields).toEqual({ cust_name: 'Client name is required' });
    const customerUser = await makeUser(t, { entityType: 'CUSTOMER', entityId: c.id, admin: true });
    const deniedClient = await gql(
      t.url,
      `mutation($id: Int!) { associateCustomer(id: $id) { id } }`,
      { id: c.id },
      customerUser.token,
    );
    expect(deniedClient.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const unknown = await call(t.url, 'POST', '/api/customers/999999/associate', {
      token: tokens.soloBroadcasterAdmin,
      body: { cust_name: 'Anything' },
    });
    expect(unknown.status).toBe(404);
  });
});

test('input of the wrong JSON types is a 400 with fields, never a 500', async () => {
  const r = await call(t.url, 'POST', '/api/customers/', {
    token: admin,
    body: {
      cust_name: { $gt: '' },
      taxonomy_id: 'abc',
      country_code: ['NZ'],
      billing_entity: 'free',
      country_list: 'NZ',
    },
  });
  // A text field takes text only (shared/input.ts): an object is refused, never stored as "[object Object]".
  expect(r.status).toBe(400);
  expect(r.body.fields).toEqual({ cust_name: 'cust_name must be text.' });
  const typedName = await call(t.url, 'POST', '/api/customers/', {
    token: admin,
    body: { cust_name: 'Typed Client', taxonomy_id: 'abc', country_code: ['NZ'], billing_entity: 'free' },
  });
  expect(typedName.status).toBe(400);
  expect(typedName.body.fields).toEqual({
    taxonomy_id: 'Please select a valid category',
    country_code: 'Please select a valid country',
    billing_entity: 'Billing entity must be 0 (No Charge), 1 (Customer) or 2 (Booking Entity)',
  });
  const agency = await call(t.url, 'POST', '/api/agencies/', {
    token: admin,
    body: { agency_name: ['Media'], domain: 42 },
  });
  expect(agency.status).toBe(400);
  // Both fields are wrong-typed; the answer names one of them, never a stored "[object Object]".
  expect(Object.entries(agency.body.fields)).toEqual([
    [expect.stringMatching(/^(agency_name|domain)$/), expect.stringMatching(/^(agency_name|domain) must be text\.$/)],
  ]);
  const missingTaxonomy = await call(t.url, 'POST', '/api/customers/', {
    token: admin,
    body: { cust_name: 'Ghost Category', taxonomy_id: 9999, country_code: 'NZ' },
  });
  expect(missingTaxonomy.body.fields).toEqual({ taxonomy_id: 'Please select a valid category' });
});

test('a client that still owns campaign records cannot be removed', async () => {
  const id = (
    await call(t.url, 'POST', '/api/customers/', {
      token: admin,
      body: { cust_name: 'Busy Client', country_code: 'NZ' },
    })
  ).body.id;
  await db("INSERT INTO creative (customer_id, description, creative_format) VALUES (?, 'Spot', '30s')", [id]);
  const r = await call(t.url, 'DELETE', `/api/entities/client/${id}`, { token: admin });
  expect(r.status).toBe(409);
  expect(r.body.message).toBe('This client still has creatives; remove them first.');
  expect(await db('SELECT id FROM customer WHERE id = ?', [id])).toHaveLength(1);
});
