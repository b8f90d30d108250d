import { makeUser } from '../support/actors';
import { call, gql } from '../support/http';
import { type OrgWorld, startOrgWorld } from '../support/org-world';

/** Agencies and the reference lists on both transports (spec 3, 5, 6, 7). */
let t: OrgWorld['t'];
let admin: string;
let world: OrgWorld['world'];
let tokens: OrgWorld['tokens'];
let db: OrgWorld['db'];

beforeAll(async () => {
  ({ t, admin, world, tokens, db } = await startOrgWorld());
});
afterAll(() => t.close());

describe('reference lists', () => {
  test('countries and taxonomies answer the same on REST and GraphQL', async () => {
    const countries = await call(t.url, 'GET', '/api/countries/', { token: tokens.agencyUser });
    expect(countries.status).toBe(200);
    expect(countries.body).toContainEqual({ country_code: 'NZ', country_name: 'New Zealand' });
    const taxonomies = await call(t.url, 'GET', '/api/taxonomies/', { token: tokens.agencyUser });
    expect(taxonomies.body.map((x: any) => x.taxonomy_desc)).toContain('Retail');
    const g = await gql(
      t.url,
      '{ countries { country_code country_name } taxonomies { id taxonomy_desc } }',
      {},
      tokens.agencyUser,
    );
    expect(g.data.countries).toEqual(countries.body);
    expect(g.data.taxonomies).toEqual(taxonomies.body);
  });

  test('need a signed-in user on both transports', async () => {
    expect((await call(t.url, 'GET', '/api/countries/')).status).toBe(401);
    expect((await gql(t.url, '{ taxonomies { id } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

const AGENCY_FIELDS = 'id agency_name domain admin_email country_code created_by';

describe('agencies', () => {
  test('a broadcaster user creates an agency that becomes associated with their broadcaster', async () => {
    const r = await call(t.url, 'POST', '/api/agencies/', {
      token: tokens.broadcasterUser,
      body: {
        agency_name: '  Blue Fin Media ',
        domain: 'https://bluefin.example.com/about',
        admin_email: 'Ops@BlueFin.example.com',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      agency_name: 'Blue Fin Media',
      domain: 'bluefin.example.com',
      admin_email: 'ops@bluefin.example.com',
    });
    // Country and created_by are ROLE_ADMIN fields: hidden from everyone else.
    expect(r.body.country_code).toBeNull();
    expect(r.body.created_by).toBeNull();
    const mine = await call(t.url, 'GET', '/api/agencies/?associated=true', { token: tokens.broadcasterAdmin });
    expect(mine.body.map((a: any) => a.agency_name)).toEqual(['Blue Fin Media']);
    const others = await call(t.url, 'GET', '/api/agencies/?associated=false&q=media', {
      token: tokens.broadcasterAdmin,
    });
    expect(others.body.map((a: any) => a.agency_name)).toEqual(['Media House']);
    // The association search shows another organisation's name, never its contact email or domain.
    expect(others.body[0]).toMatchObject({ admin_email: null, domain: null });
    // The agency got the creator's own country, which only the super admin sees.
    const asAdmin = await call(t.url, 'GET', `/api/agencies/${r.body.id}`, { token: admin });
    expect(asAdmin.body.country_code).toBe('NZ');
    expect(typeof asAdmin.body.created_by).toBe('number');
  });

  test('REST and GraphQL list the same agencies', async () => {
    for (const token of [admin, tokens.broadcasterAdmin]) {
      const rest = await call(t.url, 'GET', '/api/agencies/', { token });
      const g = await gql(t.url, `{ agencies { ${AGENCY_FIELDS} } }`, {}, token);
      expect(g.data.agencies).toEqual(rest.body);
    }
  });

  test('validation: name at least 4 characters, domain and email checked, per field', async () => {
    const r = await call(t.url, 'POST', '/api/agencies/', {
      token: tokens.broadcasterUser,
      body: { agency_name: ' ab ', domain: 'https://bluefin/about', admin_email: 'nope' },
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({
      agency_name: 'Agency name must be at least 4 characters',
      domain: 'Please enter a valid domain (e.g., bluefin.com)',
      admin_email: 'Please enter a valid email address',
    });
    const g = await gql(
      t.url,
      `mutation { createAgency(input: { agency_name: "   " }) { id } }`,
      {},
      tokens.broadcasterUser,
    );
    expect(g.errors?.[0].extensions?.fields).toEqual({ agency_name: 'Agency name is required' });
    expect(g.errors?.[0].extensions?.status).toBe(400);
  });

  test('permission: agency users do not manage agencies', async () => {
    const r = await call(t.url, 'POST', '/api/agencies/', {
      token: tokens.agencyAdmin,
      body: { agency_name: 'Sneaky Agency' },
    });
    expect(r.status).toBe(403);
    const g = await gql(
      t.url,
      `mutation { createAgency(input: { agency_name: "Sneaky Agency" }) { id } }`,
      {},
      tokens.agencyAdmin,
    );
    expect(g.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await db("SELECT id FROM agency WHERE agency_name = 'Sneaky Agency'")).toHaveLength(0);
  });

  test('associate: asking for an existing agency is a request its admin accepts; twice is a 409; blank name is a 400', async () => {
    const blank = await call(t.url, 'POST', `/api/agencies/${world.agency}/associate`, {
      token: tokens.adtechAdmin,
      body: { agency_name: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.fields.agency_name).toBe('Agency name is required');
    // Another name than the agency's own is refused like an unknown agency (ids cannot be walked for names).
    const guess = await call(t.url, 'POST', `/api/agencies/${world.agency}/associate`, {
      token: tokens.adtechAdmin,
      body: { agency_name: 'M' },
    });
    expect({ status: guess.status, message: guess.body.message }).toEqual({
      status: 404,
      message: 'Agency not found.',
    });
    const ok = await gql(
      t.url,
      `mutation($id: Int!) { associateAgency(id: $id, input: { agency_name: "media house" }) { id status target_id target_name } }`,
      { id: world.agency },
      tokens.adtechAdmin,
    );
    expect(ok.data.associateAgency).toMatchObject({
      status: 'pending',
      target_id: world.agency,
      target_name: 'Media House',
    });
    // Pending: nothing related yet, and asking twice is a 409.
    expect((await call(t.url, 'GET', '/api/agencies/', { token: tokens.adtechUser })).body).toEqual([]);
    const again = await call(t.url, 'POST', `/api/agencies/${world.agency}/associate`, {
      token: tokens.adtechAdmin,
      body: { agency_name: 'Media House' },
    });
    expect(again.status).toBe(409);
    const accepted = await call(t.url, 'POST', `/api/association-requests/${ok.data.associateAgency.id}/accept`, {
      token: tokens.agencyAdmin,
    });
    expect(accepted.body.status).toBe('accepted');
    const list = await call(t.url, 'GET', '/api/agencies/', { token: tokens.adtechUser });
    expect(list.body.map((a: any) => a.id)).toEqual([world.agency]);
    const related = await call(t.url, 'POST', `/api/agencies/${world.agency}/associate`, {
      token: tokens.adtechAdmin,
      body: { agency_name: 'Media House' },
    });
    expect({ status: related.status, message: related.body.message }).toEqual({
      status: 409,
      message: 'Already associated.',
    });
    const denied = await call(t.url, 'POST', `/api/agencies/${world.agency}/associate`, {
      token: tokens.agencyUser,
      body: {},
    });
    expect(denied.status).toBe(403);
  });

  test('update: the agency’s own admin may edit it, a related broadcaster may not; country changes are ignored', async () => {
    const r = await call(t.url, 'PUT', `/api/agencies/${world.agency}`, {
      token: tokens.agencyAdmin,
      body: { agency_name: 'Media House Ltd', country_code: 'US', created_by: 999 },
    });
    expect(r.status).toBe(200);
    expect(r.body.agency_name).toBe('Media House Ltd');
    const [row] = await db('SELECT country_code, created_by FROM agency WHERE id = ?', [world.agency]);
    expect(row.country_code).toBeNull();
    expect(row.created_by).not.toBe(999);
    const g = await gql(
      t.url,
      `mutation($id: Int!) { updateAgency(id: $id, input: { agency_name: "Hijacked" }) { id } }`,
      { id: world.agency },
      tokens.adtechUser,
    );
    expect(g.errors?.[0].extensions?.status).toBe(403);
    const bad = await gql(
      t.url,
      `mutation($id: Int!) { updateAgency(id: $id, input: { agency_name: "abc" }) { id } }`,
      { id: world.agency },
      tokens.agencyAdmin,
    );
    expect(bad.errors?.[0].extensions?.fields).toEqual({ agency_name: 'Agency name must be at least 4 characters' });
    expect((await db('SELECT agency_name FROM agency WHERE id = ?', [world.agency]))[0].agency_name).toBe(
      'Media House Ltd',
    );
    // The super admin sets the country.
    const byAdmin = await call(t.url, 'PUT', `/api/agencies/${world.agency}`, {
      token: admin,
      body: { agency_name: 'Media House Ltd', country_code: 'AU' },
    });
    expect(byAdmin.body.country_code).toBe('AU');
  });

  test('delete: a user of the agency may not, the super admin may (REST and GraphQL)', async () => {
    const doomed = (await call(t.url, 'POST', '/api/agencies', { token: admin, body: { agency_name: 'Short Lived' } }))
      .body.id;
    const other = (
      await call(t.url, 'POST', '/api/agencies', { token: admin, body: { agency_name: 'Short Lived Two' } })
    ).body.id;
    const user = await makeUser(t, { entityType: 'AGENCY', entityId: doomed, admin: false });
    expect((await call(t.url, 'DELETE', `/api/agencies/${doomed}`, { token: user.token })).status).toBe(403);
    expect((await call(t.url, 'DELETE', '/api/agencies/abc', { token: admin })).status).toBe(400);
    const r = await call(t.url, 'DELETE', `/api/agencies/${doomed}`, { token: admin });
    expect(r.body).toEqual({ message: 'Agency removed successfully' });
    expect(await db('SELECT id FROM agency WHERE id = ?', [doomed])).toHaveLength(0);
    // Its users go with it.
    expect(await db('SELECT id FROM user WHERE id = ?', [user.actor.userId])).toHaveLength(0);
    const g = await gql(t.url, `mutation($id: Int!) { deleteAgency(id: $id) { message } }`, { id: other }, admin);
    expect(g.data.deleteAgency.message).toBe('Agency removed successfully');
    const gone = await gql(t.url, `mutation($id: Int!) { deleteAgency(id: $id) { message } }`, { id: other }, admin);
    expect(gone.errors?.[0].message).toBe('Agency not found.');
  });
});
