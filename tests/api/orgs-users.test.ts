import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { makeUser } from '../support/actors';
import { startSmtpSink, type SmtpSink } from '../support/smtp';

/** Users, direct users and relationships (spec 3, 5, 6, 7). */
let t: TestGateway;
let smtp: SmtpSink;
let admin: string;
const ids = { broadcaster: 0, otherBroadcaster: 0, agency: 0, customer: 0, adtech: 0 };
let broadcasterAdmin: Awaited<ReturnType<typeof makeUser>>;
let broadcasterUser: Awaited<ReturnType<typeof makeUser>>;

const db = <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => t.gateway.app.ds.query(sql, params);
const USER_FIELDS = 'id name email admin role entity_type entity_id active';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: smtp.url });
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  const post = async (path: string, body: object) => (await call(t.url, 'POST', path, { token: admin, body })).body.id;
  ids.broadcaster = await post('/api/broadcasters', {
    broadcaster_name: 'Kiwi TV',
    country_code: 'NZ',
    country_list: ['AU'],
  });
  ids.otherBroadcaster = await post('/api/broadcasters', { broadcaster_name: 'Aussie TV', country_code: 'AU' });
  ids.agency = await post('/api/agencies', { agency_name: 'Media House', country_code: 'NZ' });
  ids.customer = await post('/api/customers', { cust_name: 'Tui Brewing', country_code: 'NZ' });
  ids.adtech = await post('/api/adtechs', { adtech_name: 'Ad Stack', country_code: 'AU' });
  broadcasterAdmin = await makeUser(t, {
    entityType: 'BROADCASTER',
    entityId: ids.broadcaster,
    admin: true,
    name: 'Bea Admin',
  });
  broadcasterUser = await makeUser(t, {
    entityType: 'BROADCASTER',
    entityId: ids.broadcaster,
    admin: false,
    name: 'Ben User',
  });
  await makeUser(t, {
    entityType: 'BROADCASTER',
    entityId: ids.otherBroadcaster,
    admin: false,
    name: 'Other Broadcaster User',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('users', () => {
  test('an entity admin lists the users of their own entity only; REST and GraphQL agree', async () => {
    const rest = await call(t.url, 'GET', '/api/users/', { token: broadcasterAdmin.token });
    expect(rest.body.map((u: any) => u.name)).toEqual(['Bea Admin', 'Ben User']);
    expect(rest.body[0]).toMatchObject({
      admin: true,
      role: 'ROLE_BROADCASTER_ADMIN',
      entity_type: 3,
      entity_id: ids.broadcaster,
      active: true,
    });
    const g = await gql(t.url, `{ users { ${USER_FIELDS} } }`, {}, broadcasterAdmin.token);
    expect(g.data.users).toEqual(rest.body);
    const all = await call(t.url, 'GET', '/api/users/', { token: admin });
    expect(all.body.length).toBeGreaterThanOrEqual(4);
  });

  test('creating a user invites them: inactive, no password, an invitation email', async () => {
    const r = await call(t.url, 'POST', '/api/users/', {
      token: broadcasterAdmin.token,
      // entity_type/entity_id from an entity admin are ignored (mass assignment).
      body: {
        name: ' Nina Planner ',
        email: 'Nina@Kiwi.example.com',
        admin: false,
        entity_type: 2,
        entity_id: ids.agency,
        role: 'ROLE_ADMIN',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Nina Planner',
      email: 'nina@kiwi.example.com',
      active: false,
      entity_type: 3,
      entity_id: ids.broadcaster,
      role: 'ROLE_BROADCASTER_USER',
    });
    const [row] = await db('SELECT password_hash, active FROM user WHERE id = ?', [r.body.id]);
    expect(row).toEqual({ password_hash: null, active: 0 });
    const mail = await smtp.waitFor((m) => m.to.includes('nina@kiwi.example.com'));
    expect(mail.text).toMatch(/accept-invitation\//);
  });

  test('validation: spec 5 messages; a used email is a 409 on both transports', async () => {
    const r = await call(t.url, 'POST', '/api/users/', {
      token: broadcasterAdmin.token,
      body: { name: 'Ann', email: 'not-an-email' },
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ name: 'Minimum 4 characters required', email: 'Enter a valid email address' });
    const empty = await gql(
      t.url,
      'mutation { createUser(input: { name: "", email: "" }) { id } }',
      {},
      broadcasterAdmin.token,
    );
    expect(empty.errors?.[0].extensions?.fields).toEqual({
      name: 'Full Name is required',
      email: 'Email Address is required',
    });
    const dup = await call(t.url, 'POST', '/api/users/', {
      token: broadcasterAdmin.token,
      body: { name: 'Nina Again', email: 'NINA@kiwi.example.com' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.fields).toEqual({ email: 'A user with this email already exists' });
    const dupG = await gql(
      t.url,
      `mutation { createUser(input: { name: "Nina Again", email: "${broadcasterUser.email}" }) { id } }`,
      {},
      broadcasterAdmin.token,
    );
    expect(dupG.errors?.[0].extensions?.status).toBe(409);
  });

  test('the super admin names the organisation of a new user', async () => {
    const missing = await call(t.url, 'POST', '/api/users/', {
      token: admin,
      body: { name: 'Orphan User', email: 'orphan@example.com' },
    });
    expect(missing.body.fields).toEqual({ entity_id: 'Please select an organisation' });
    const g = await gql(
      t.url,
      `mutation($id: Int!) { createUser(input: { name: "Agnes Agency", email: "agnes@media.example.com", admin: true, entity_type: 2, entity_id: $id }) { ${USER_FIELDS} } }`,
      { id: ids.agency },
      admin,
    );
    expect(g.data.createUser).toMatchObject({
      role: 'ROLE_AGENCY_ADMIN',
      entity_type: 2,
      entity_id: ids.agency,
      active: false,
    });
  });

  test('permission: a non-admin user may not list, create, update or delete users', async () => {
    const token = broadcasterUser.token;
    expect((await call(t.url, 'GET', '/api/users/', { token })).status).toBe(403);
    expect(
      (await call(t.url, 'POST', '/api/users/', { token, body: { name: 'Sneaky One', email: 'sneaky@example.com' } }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(t.url, 'PUT', `/api/users/${broadcasterAdmin.actor.userId}`, {
          token,
          body: { name: 'Demoted', email: broadcasterAdmin.email, admin: false },
        })
      ).status,
    ).toBe(403);
    expect((await call(t.url, 'DELETE', `/api/users/${broadcasterAdmin.actor.userId}`, { token })).status).toBe(403);
    for (const op of [
      '{ users { id } }',
      'mutation { createUser(input: { name: "Sneaky One", email: "sneaky@example.com" }) { id } }',
      `mutation { updateUser(id: ${broadcasterAdmin.actor.userId}, input: { name: "Demoted", email: "x@example.com" }) { id } }`,
      `mutation { deleteUser(id: ${broadcasterAdmin.actor.userId}) { message } }`,
      `{ user(id: ${broadcasterAdmin.actor.userId}) { id } }`,
    ]) {
      expect((await gql(t.url, op, {}, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const [row] = await db('SELECT name, admin FROM user WHERE id = ?', [broadcasterAdmin.actor.userId]);
    expect(row).toEqual({ name: 'Bea Admin', admin: 1 });
  });

  test('update and delete users of one’s own entity', async () => {
    const u = await makeUser(t, {
      entityType: 'BROADCASTER',
      entityId: ids.broadcaster,
      admin: false,
      name: 'Temp Person',
    });
    const r = await call(t.url, 'PUT', `/api/users/${u.actor.userId}`, {
      token: broadcasterAdmin.token,
      body: { name: 'Temp Person Two', email: u.email, admin: true, entity_id: ids.agency, entity_type: 2 },
    });
    expect(r.body).toMatchObject({ name: 'Temp Person Two', admin: true, entity_type: 3, entity_id: ids.broadcaster });
    const bad = await gql(
      t.url,
      `mutation { updateUser(id: ${u.actor.userId}, input: { name: "Tom", email: "${u.email}" }) { id } }`,
      {},
      broadcasterAdmin.token,
    );
    expect(bad.errors?.[0].extensions?.fields).toEqual({ name: 'Minimum 4 characters required' });
    const g = await gql(t.url, `query { user(id: ${u.actor.userId}) { ${USER_FIELDS} } }`, {}, broadcasterAdmin.token);
    expect(g.data.user).toEqual(
      (await call(t.url, 'GET', `/api/users/${u.actor.userId}`, { token: broadcasterAdmin.token })).body,
    );
    const demoteSelf = await call(t.url, 'PUT', `/api/users/${broadcasterAdmin.actor.userId}`, {
      token: broadcasterAdmin.token,
      body: { name: 'Bea Admin', email: broadcasterAdmin.email, admin: false },
    });
    expect(demoteSelf.body.admin).toBe(true);
    const self = await call(t.url, 'DELETE', `/api/users/${broadcasterAdmin.actor.userId}`, {
      token: broadcasterAdmin.token,
    });
    expect(self.status).toBe(400);
    const del = await gql(
      t.url,
      `mutation { deleteUser(id: ${u.actor.userId}) { message } }`,
      {},
      broadcasterAdmin.token,
    );
    expect(del.data.deleteUser.message).toBe('User removed successfully');
    expect(await db('SELECT id FROM user WHERE id = ?', [u.actor.userId])).toHaveLength(0);
    const again = await call(t.url, 'DELETE', `/api/users/${u.actor.userId}`, { token: broadcasterAdmin.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('User not found.');
  });
});

describe('direct user creation', () => {
  test('the super admin creates an active user who can sign in with the preset password', async () => {
    const r = await call(t.url, 'POST', '/api/admin/users/direct', {
      token: admin,
      body: {
        name: 'Dana Direct',
        email: 'dana@kiwi.example.com',
        password: 'Preset-pass-1',
        broadcaster_id: ids.broadcaster,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      active: true,
      admin: false,
      entity_type: 3,
      entity_id: ids.broadcaster,
      role: 'ROLE_BROADCASTER_USER',
    });
    const [row] = await db('SELECT password_hash FROM user WHERE id = ?', [r.body.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const login = await call(t.url, 'POST', '/api/login', {
      body: { email: 'dana@kiwi.example.com', password: 'Preset-pass-1' },
    });
    expect(login.status).toBe(200);
    const g = await gql(
      t.url,
      `mutation($id: Int!) { createDirectUser(input: { name: "Cleo Client", email: "cleo@tui.example.com", password: "Preset-pass-2", role_id: 1, entity_type: "client", customer_id: $id }) { ${USER_FIELDS} } }`,
      { id: ids.customer },
      admin,
    );
    expect(g.data.createDirectUser).toMatchObject({
      role: 'ROLE_CUSTOMER_ADMIN',
      entity_type: 1,
      entity_id: ids.customer,
      active: true,
    });
  });

  test('validation messages of spec 5', async () => {
    const r = await call(t.url, 'POST', '/api/admin/users/direct', { token: admin, body: { entity_type: 'agency' } });
    expect(r.body.fields).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      agency_id: 'Please select an organisation',
    });
    const g = await gql(
      t.url,
      'mutation { createDirectUser(input: { name: "Ghost Org", email: "ghost@example.com", password: "Ghost-passphrase-1", entity_type: "adtech", adtech_id: 99999 }) { id } }',
      {},
      admin,
    );
    expect(g.errors?.[0].extensions?.fields).toEqual({ adtech_id: 'Please select an organisation' });
    const dup = await call(t.url, 'POST', '/api/admin/users/direct', {
      token: admin,
      body: {
        name: 'Dana Again',
        email: 'DANA@kiwi.example.com',
        password: 'Dana-passphrase-2',
        broadcaster_id: ids.broadcaster,
      },
    });
    expect(dup.status).toBe(409);
  });

  test('permission: super admin only', async () => {
    const r = await call(t.url, 'POST', '/api/admin/users/direct', {
      token: broadcasterAdmin.token,
      body: {
        name: 'Self Made',
        email: 'self@example.com',
        password: 'p',
        role_id: 1,
        broadcaster_id: ids.broadcaster,
      },
    });
    expect(r.status).toBe(403);
    const g = await gql(
      t.url,
      'mutation { createDirectUser(input: { name: "Self Made", email: "self@example.com", password: "p" }) { id } }',
      {},
      broadcasterAdmin.token,
    );
    expect(g.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await db("SELECT id FROM user WHERE email = 'self@example.com'")).toHaveLength(0);
  });
});

describe('relationships', () => {
  test('the super admin relates a client to a broadcaster, who then sees it; a duplicate is a 409', async () => {
    expect((await call(t.url, 'GET', '/api/customers/', { token: broadcasterUser.token })).body).toEqual([]);
    const r = await call(t.url, 'POST', '/api/admin/relationships', {
      token: admin,
      body: {
        source_type: 'client',
        source_id: ids.customer,
        target_type: 'broadcaster',
        target_id: ids.broadcaster,
        country_code: 'NZ',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.any(Number),
      customer_id: ids.customer,
      broadcaster_id: ids.broadcaster,
      agency_id: null,
      adtech_id: null,
    });
    expect(
      (await call(t.url, 'GET', '/api/customers/', { token: broadcasterUser.token })).body.map((c: any) => c.id),
    ).toEqual([ids.customer]);
    // The same pair the other way round is the same relationship.
    const dup = await gql(
      t.url,
      `mutation { createRelationship(input: { source_type: "broadcaster", source_id: ${ids.broadcaster}, target_type: "client", target_id: ${ids.customer} }) { id } }`,
      {},
      admin,
    );
    expect(dup.errors?.[0].extensions?.status).toBe(409);
    const g = await gql(
      t.url,
      `mutation { createRelationship(input: { source_type: "agency", source_id: ${ids.agency}, target_type: "adtech", target_id: ${ids.adtech} }) { id agency_id adtech_id customer_id broadcaster_id } }`,
      {},
      admin,
    );
    expect(g.data.createRelationship).toMatchObject({
      agency_id: ids.agency,
      adtech_id: ids.adtech,
      customer_id: null,
      broadcaster_id: null,
    });
  });

  test('validation: spec 5 messages, pairs of spec 6, country of both sides', async () => {
    const empty = await call(t.url, 'POST', '/api/admin/relationships', { token: admin, body: { country_code: '' } });
    expect(empty.body.fields).toEqual({
      country_code: 'Country selection is required',
      source_id: 'Source entity is required',
      target_id: 'Target entity is required',
    });
    const self = await gql(
      t.url,
      `mutation { createRelationship(input: { source_type: "agency", source_id: ${ids.agency}, target_type: "agency", target_id: ${ids.agency} }) { id } }`,
      {},
      admin,
    );
    expect(self.errors?.[0].message).toBe('Cannot associate entity with itself');
    const pair = await call(t.url, 'POST', '/api/admin/relationships', {
      token: admin,
      body: { source_type: 'broadcaster', source_id: ids.broadcaster, target_type: 'adtech', target_id: ids.adtech },
    });
    expect(pair.status).toBe(400);
    expect(pair.body.fields.target_type).toBeDefined();
    const country = await call(t.url, 'POST', '/api/admin/relationships', {
      token: admin,
      body: {
        source_type: 'client',
        source_id: ids.customer,
        target_type: 'broadcaster',
        target_id: ids.otherBroadcaster,
        country_code: 'NZ',
      },
    });
    expect(country.status).toBe(400);
    expect(country.body.fields.target_id).toBeDefined();
    const unknown = await call(t.url, 'POST', '/api/admin/relationships', {
      token: admin,
      body: { source_type: 'client', source_id: 987654, target_type: 'broadcaster', target_id: ids.broadcaster },
    });
    expect(unknown.status).toBe(404);
  });

  test('permission: super admin only', async () => {
    const body = { source_type: 'client', source_id: ids.customer, target_type: 'agency', target_id: ids.agency };
    expect(
      (await call(t.url, 'POST', '/api/admin/relationships', { token: broadcasterAdmin.token, body })).status,
    ).toBe(403);
    const g = await gql(
      t.url,
      `mutation { createRelationship(input: { source_type: "client", source_id: ${ids.customer}, target_type: "agency", target_id: ${ids.agency} }) { id } }`,
      {},
      broadcasterAdmin.token,
    );
    expect(g.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(
      await db('SELECT id FROM relationship WHERE customer_id = ? AND agency_id = ?', [ids.customer, ids.agency]),
    ).toHaveLength(0);
  });
});
