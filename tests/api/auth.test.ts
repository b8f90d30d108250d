import jwt from 'jsonwebtoken';
import { signAccessToken } from '../../gateway/src/modules/auth/access-token';
import { makeUser } from '../support/actors';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';

let t: TestGateway;
let broadcasterId: number;
const PASSWORD = 'Sign-in-password-1';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) {
    access_token refresh_token role entity_id entity_type country_code name email country_list
  }
}`;
const ME = '{ me { email name role entity_id entity_type country_code country_list } }';

const login = (email: string, password: string) => call(t.url, 'POST', '/api/login', { body: { email, password } });
const withoutTokens = ({ access_token: _a, refresh_token: _r, ...rest }: Record<string, unknown>) => rest;

beforeAll(async () => {
  t = await startTestGateway();
  const ds = t.gateway.app.ds;
  const b: { insertId: number } = await ds.query(
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('Test Broadcaster', 'NZ')",
  );
  broadcasterId = b.insertId;
  await ds.query(
    "INSERT INTO operational_country (owner_type, owner_id, country_code) VALUES ('broadcaster', ?, 'NZ'), ('broadcaster', ?, 'AU')",
    [broadcasterId, broadcasterId],
  );
});
afterAll(() => t.close());

describe('login', () => {
  test('REST and GraphQL answer the same user, with the organisation countries, and the token works', async () => {
    const u = await makeUser(t, {
      entityType: 'BROADCASTER',
      entityId: broadcasterId,
      admin: true,
      password: PASSWORD,
    });
    const rest = await login(u.email.toUpperCase(), PASSWORD);
    expect(rest.status).toBe(200);
    expect(withoutTokens(rest.body)).toEqual({
      role: 'ROLE_BROADCASTER_ADMIN',
      entity_id: broadcasterId,
      entity_type: 'BROADCASTER',
      country_code: 'NZ',
      country_list: ['NZ', 'AU'],
      name: u.actor.name,
      email: u.email,
    });
    expect(typeof rest.body.access_token).toBe('string');
    expect(typeof rest.body.refresh_token).toBe('string');

    const graph = await gql(t.url, LOGIN, { email: u.email, password: PASSWORD });
    expect(graph.errors).toBeUndefined();
    expect(Object.keys(graph.data.login).sort()).toEqual(Object.keys(rest.body).sort());
    expect(withoutTokens(graph.data.login)).toEqual(withoutTokens(rest.body));

    const me = await call(t.url, 'GET', '/api/me', { token: rest.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(withoutTokens(rest.body));
    expect((await gql(t.url, ME, {}, graph.data.login.access_token)).data.me).toEqual(me.body);

    const [row]: { last_login_at: Date | null }[] = await t.gateway.app.ds.query(
      'SELECT last_login_at FROM user WHERE id = ?',
      [u.actor.userId],
    );
    expect(row.last_login_at).not.toBeNull();
  });

  test('the super admin gets NZ plus every country an organisation uses', async () => {
    const r = await login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    expect(r.status).toBe(200);
    expect(r.body.role).toBe('ROLE_ADMIN');
    expect(r.body.entity_type).toBe('SYSTEM');
    expect(r.body.country_code).toBe('NZ');
    expect(r.body.country_list).toEqual(['NZ', 'AU']);
  });

  test('wrong password and unknown email get the very same 401', async () => {
    const u = await makeUser(t, {
      entityType: 'BROADCASTER',
      entityId: broadcasterId,
      admin: false,
      password: PASSWORD,
    });
    const wrong = await login(u.email, 'Not-the-password-1');
    const unknown = await login('nobody@test.infinitum', PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Login failed. Please check your credentials.');
    const graph = await gql(t.url, LOGIN, { email: u.email, password: 'Not-the-password-1' });
    expect(graph.errors?.[0].message).toBe('Login failed. Please check your credentials.');
    expect(graph.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  test('an inactive (invited) user cannot sign in even with the right password', async () => {
    const u = await makeUser(t, {
      entityType: 'BROADCASTER',
      entityId: broadcasterId,
      admin: false,
      password: PASSWORD,
    });
    await t.gateway.app.ds.query('UPDATE user SET active = 0 WHERE id = ?', [u.actor.userId]);
    const r = await login(u.email, PASSWORD);
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Login failed. Please check your credentials.');
  });

  test('malformed JSON is a 400, an oversized body a 413', async () => {
    const bad = await call(t.url, 'POST', '/api/login', { rawBody: '{"email": "a@b.co", ' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Malformed JSON in request body.');
    const big = await call(t.url, 'POST', '/api/login', { body: { email: 'x', password: 'y'.repeat(1_100_000) } });
    expect(big.status).toBe(413);
  });

  test('missing or invalid fields are a 400 naming each field', async () => {
    const empty = await call(t.url, 'POST', '/api/login', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ email: 'Email is required', password: 'Password is required' });
    const badEmail = await call(t.url, 'POST', '/api/login', { body: { email: 'not-an-email', password: '   ' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    const notObject = await call(t.url, 'POST', '/api/login', { body: ['x'] });
    expect(notObject.status).toBe(400);
  });
});

describe('access tokens', () => {
  let good: string;
  let userId: number;
  const secret = () => t.config.JWT_SECRET;
  const claims = () => ({ sub: String(userId), typ: 'access', role: 'ROLE_BROADCASTER_USER', eid: broadcasterId });
  const sign = (payload: object, key: string, options: jwt.SignOptions) =>
    jwt.sign(payload, key, { algorithm: 'HS256', expiresIn: 600, ...options });

  beforeAll(async () => {
    const u = await makeUser(t, {
      entityType: 'BROADCASTER',
      entityId: broadcasterId,
      admin: false,
      password: PASSWORD,
    });
    userId = u.actor.userId;
    good = (await login(u.email, PASSWORD)).body.access_token;
  });

  test('a valid token is accepted and no token is a 401', async () => {
    expect((await call(t.url, 'GET', '/api/me', { token: good })).status).toBe(200);
    expect((await call(t.url, 'GET', '/api/me')).status).toBe(401);
    expect((await gql(t.url, ME)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  test.each([
    ['tampered', () => good.replace(/\.([^.]+)\./, (_m, p: string) => `.${flipRole(p)}.`)],
    [
      'expired',
      () =>
        signAccessToken(
          secret(),
          {
            userId,
            name: 'x',
            email: 'x@y.co',
            role: 'ROLE_BROADCASTER_USER',
            entityType: 'BROADCASTER',
            entityId: broadcasterId,
            admin: false,
          },
          Math.floor(Date.now() / 1000) - 3600,
        ),
    ],
    [
      'signed with alg none',
      () => unsigned({ ...claims(), iss: 'infinitum', aud: 'infinitum-api', exp: nowPlus(600) }),
    ],
    [
      'signed with another secret',
      () =>
        sign(claims(), 'another-secret-that-is-long-enough-123456', { issuer: 'infinitum', audience: 'infinitum-api' }),
    ],
    [
      'of another typ',
      () => sign({ ...claims(), typ: 'refresh' }, secret(), { issuer: 'infinitum', audience: 'infinitum-api' }),
    ],
    ['for another audience', () => sign(claims(), secret(), { issuer: 'infinitum', audience: 'some-other-api' })],
    ['from another issuer', () => sign(claims(), secret(), { issuer: 'someone-else', audience: 'infinitum-api' })],
  ])('a token %s is a 401', async (_name, make) => {
    const token = make();
    const rest = await call(t.url, 'GET', '/api/me', { token });
    expect(rest.status).toBe(401);
    const graph = await call(t.url, 'POST', '/graphql', { token, body: { query: ME } });
    expect(graph.status).toBe(401);
    expect(graph.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('refresh tokens', () => {
  let email: string;
  beforeAll(async () => {
    email = (
      await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false, password: PASSWORD })
    ).email;
  });
  const refresh = (token: string) => call(t.url, 'POST', '/api/refresh-token', { body: { token } });

  test('each use rotates: a new access token that works, and a new refresh token', async () => {
    const first = (await login(email, PASSWORD)).body.refresh_token as string;
    const r = await refresh(first);
    expect(r.status).toBe(200);
    expect(r.body.refresh_token).not.toBe(first);
    expect((await call(t.url, 'GET', '/api/me', { token: r.body.new_token })).body.email).toBe(email);
    const again = await refresh(r.body.refresh_token);
    expect(again.status).toBe(200);
    const graph = await gql(t.url, 'mutation ($t: String!) { refreshToken(token: $t) { new_token refresh_token } }', {
      t: again.body.refresh_token,
    });
    expect(graph.errors).toBeUndefined();
    expect(graph.data.refreshToken.refresh_token).not.toBe(again.body.refresh_token);
  });

  test('reusing a spent token revokes its whole family, and only that family', async () => {
    const other = (await login(email, PASSWORD)).body.refresh_token as string;
    const first = (await login(email, PASSWORD)).body.refresh_token as string;
    const second = (await refresh(first)).body.refresh_token as string;
    // Past the grace window of racing refreshes (tests/security/sessions.test.ts covers the race).
    await t.gateway.app.ds.query(
      'UPDATE refresh_token SET used_at = used_at - INTERVAL 1 MINUTE WHERE token_hash = SHA2(?, 256)',
      [first],
    );
    const reuse = await refresh(first);
    expect(reuse.status).toBe(401);
    // The newest token of the stolen family stops working too.
    expect((await refresh(second)).status).toBe(401);
    // Another session of the same user is untouched.
    expect((await refresh(other)).status).toBe(200);
  });

  test('unknown, empty and expired refresh tokens are refused', async () => {
    expect((await refresh('not-a-token')).status).toBe(401);
    const empty = await refresh('');
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty('token');
    const token = (await login(email, PASSWORD)).body.refresh_token as string;
    await t.gateway.app.ds.query('UPDATE refresh_token SET expires_at = ? WHERE token_hash = SHA2(?, 256)', [
      new Date(Date.now() - 24 * 3600 * 1000),
      token,
    ]);
    expect((await refresh(token)).status).toBe(401);
  });

  test('signing in and refreshing work while the client still sends an expired access token', async () => {
    const signedIn = (await login(email, PASSWORD)).body;
    const stale = signAccessToken(
      t.config.JWT_SECRET,
      {
        userId: 1,
        name: 'x',
        email,
        role: 'ROLE_BROADCASTER_USER',
        entityType: 'BROADCASTER',
        entityId: broadcasterId,
        admin: false,
      },
      Math.floor(Date.now() / 1000) - 3600,
    );
    const rest = await call(t.url, 'POST', '/api/refresh-token', {
      token: stale,
      body: { token: signedIn.refresh_token },
    });
    expect(rest.status).toBe(200);
    const restLogin = await call(t.url, 'POST', '/api/login', { token: stale, body: { email, password: PASSWORD } });
    expect(restLogin.status).toBe(200);
    const graph = await call(t.url, 'POST', '/graphql', {
      token: stale,
      body: {
        query: 'mutation ($t: String!) { refreshToken(token: $t) { new_token refresh_token } }',
        variables: { t: rest.body.refresh_token },
      },
    });
    expect(graph.status).toBe(200);
    expect(graph.body.data.refreshToken.new_token).toEqual(expect.any(String));
    const graphLogin = await call(t.url, 'POST', '/graphql', {
      token: stale,
      body: { query: LOGIN, variables: { email, password: PASSWORD } },
    });
    expect(graphLogin.body.data.login.email).toBe(email);
    // A protected field in the same operation still needs a valid token.
    const mixed = await call(t.url, 'POST', '/graphql', {
      token: stale,
      body: {
        query: 'mutation { login(email: "a@b.co", password: "x") { email } } query Q { me { email } }',
        operationName: 'Q',
      },
    });
    expect(mixed.status).toBe(401);
  });

  test('a refresh token is never accepted as an access token', async () => {
    const token = (await login(email, PASSWORD)).body.refresh_token as string;
    expect((await call(t.url, 'GET', '/api/me', { token })).status).toBe(401);
    const graph = await call(t.url, 'POST', '/graphql', { token, body: { query: ME } });
    expect(graph.status).toBe(401);
    expect(graph.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('failed-login throttle', () => {
  test('after 10 failures the email is blocked from this address for 15 minutes; other emails are not', async () => {
    const u = await makeUser(t, {
      entityType: 'BROADCASTER',
      entityId: broadcasterId,
      admin: false,
      password: PASSWORD,
    });
    for (let i = 0; i < 10; i++) expect((await login(u.email, `Wrong-${i}`)).status).toBe(401);
    const blocked = await login(u.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    const graph = await gql(t.url, LOGIN, { email: u.email, password: PASSWORD });
    expect(graph.errors?.[0].extensions?.code).toBe('TOO_MANY_REQUESTS');

    const other = await makeUser(t, {
      entityType: 'BROADCASTER',
      entityId: broadcasterId,
      admin: false,
      password: PASSWORD,
    });
    expect((await login(other.email, PASSWORD)).status).toBe(200);
  });

  test('a successful sign-in resets the count', async () => {
    const u = await makeUser(t, {
      entityType: 'BROADCASTER',
      entityId: broadcasterId,
      admin: false,
      password: PASSWORD,
    });
    for (let i = 0; i < 9; i++) expect((await login(u.email, `Wrong-${i}`)).status).toBe(401);
    expect((await login(u.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(u.email, `Wrong-${i}`)).status).toBe(401);
    expect((await login(u.email, PASSWORD)).status).toBe(200);
  });
});

test('every auth path is in the OpenAPI document', async () => {
  const doc = (await call(t.url, 'GET', '/api/openapi.json')).body;
  for (const [method, path] of [
    ['post', '/api/login'],
    ['post', '/api/refresh-token'],
    ['post', '/api/password-reset'],
    ['get', '/api/verify-reset-token'],
    ['post', '/api/reset-password'],
    ['post', '/api/accept-invitation'],
    ['get', '/api/me'],
  ]) {
    expect(doc.paths[path]?.[method]).toBeDefined();
  }
});

const nowPlus = (s: number) => Math.floor(Date.now() / 1000) + s;
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const unsigned = (payload: object) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
function flipRole(payloadPart: string): string {
  const payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  return b64({ ...payload, role: 'ROLE_ADMIN' });
}
