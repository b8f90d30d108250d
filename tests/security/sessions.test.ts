import jwt from 'jsonwebtoken';
import { createOneTimeToken } from '../../gateway/src/modules/auth/one-time-tokens';
import { REFRESH_GRACE_SECONDS } from '../../gateway/src/modules/auth/refresh-tokens';
import { purgeExpiredTokens } from '../../gateway/src/modules/auth/token-purge';
import { backgroundTasks } from '../../gateway/src/modules';
import { startTokenPurge } from '../../gateway/src/modules/auth/token-purge';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/** Sessions (item 5): sign out, password reset ends every session, refresh races, token shape, purge. */
let t: TestGateway;
let broadcasterId: number;
const PASSWORD = 'Session-password-5';

beforeAll(async () => {
  t = await startTestGateway();
  const b: { insertId: number } = await t.gateway.app.ds.query(
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('Session Broadcaster', 'NZ')",
  );
  broadcasterId = b.insertId;
});
afterAll(() => t.close());

const user = () =>
  makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false, password: PASSWORD });
const signIn = async (email: string, password = PASSWORD) => {
  const r = await call(t.url, 'POST', '/api/login', { body: { email, password } });
  expect(r.status).toBe(200);
  return { access: r.body.access_token as string, refresh: r.body.refresh_token as string };
};
const me = (token: string) => call(t.url, 'GET', '/api/me', { token }).then((r) => r.status);
const refresh = (token: string) => call(t.url, 'POST', '/api/refresh-token', { body: { token } });
const ageRefreshUse = (token: string, seconds: number) =>
  t.gateway.app.ds.query(
    `UPDATE refresh_token SET used_at = used_at - INTERVAL ${seconds} SECOND WHERE token_hash = SHA2(?, 256)`,
    [token],
  );

describe('sign out', () => {
  test('POST /api/logout ends the session: its refresh token and its access token stop working, other sessions stay', async () => {
    const u = await user();
    const a = await signIn(u.email);
    const b = await signIn(u.email);
    const out = await call(t.url, 'POST', '/api/logout', { body: { token: a.refresh } });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Signed out.');
    expect(out.headers.get('cache-control')).toContain('no-store');
    expect((await refresh(a.refresh)).status).toBe(401);
    expect(await me(a.access)).toBe(401);
    // The other device is still signed in.
    expect(await me(b.access)).toBe(200);
    expect((await refresh(b.refresh)).status).toBe(200);
  });

  test('access tokens refreshed within the session end with it too', async () => {
    const u = await user();
    const a = await signIn(u.email);
    const r = await refresh(a.refresh);
    expect(await me(r.body.new_token)).toBe(200);
    await call(t.url, 'POST', '/api/logout', { body: { token: r.body.refresh_token } });
    expect(await me(r.body.new_token)).toBe(401);
    expect(await me(a.access)).toBe(401);
  });

  test('the logout mutation works with a stale access token, and unknown tokens answer alike', async () => {
    const u = await user();
    const a = await signIn(u.email);
    const r = await call(t.url, 'POST', '/graphql', {
      token: 'stale.garbage.token',
      body: { query: 'mutation ($t: String) { logout(token: $t) { message } }', variables: { t: a.refresh } },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.logout.message).toBe('Signed out.');
    expect(await me(a.access)).toBe(401);
    const unknown = await call(t.url, 'POST', '/api/logout', { body: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(200);
    const notText = await call(t.url, 'POST', '/api/logout', { body: { token: { $ne: '' } } });
    expect(notText.status).toBe(400);
    expect(notText.body.fields).toHaveProperty('token');
  });
});

describe('password reset ends every session', () => {
  test('access tokens issued before the reset are refused; the new password signs in', async () => {
    const u = await user();
    const a = await signIn(u.email);
    const b = await signIn(u.email);
    expect(await me(a.access)).toBe(200);
    // The change is at least one whole second after the tokens were issued (iat has one-second grain).
    await new Promise((r) => setTimeout(r, 1100));
    const token = await createOneTimeToken(t.gateway.app.ds.manager, u.actor.userId, 'reset');
    const reset = await call(t.url, 'POST', '/api/reset-password', {
      body: { token, new_password: 'Brand-new-passphrase-9' },
    });
    expect(reset.status).toBe(200);
    expect(await me(a.access)).toBe(401);
    expect(await me(b.access)).toBe(401);
    const graph = await call(t.url, 'POST', '/graphql', { token: b.access, body: { query: '{ me { email } }' } });
    expect(graph.status).toBe(401);
    expect((await refresh(a.refresh)).status).toBe(401);
    const fresh = await signIn(u.email, 'Brand-new-passphrase-9');
    expect(await me(fresh.access)).toBe(200);
  });
});

describe('refresh races and reuse', () => {
  test('two refreshes racing with one token both succeed with the same successor', async () => {
    const u = await user();
    const a = await signIn(u.email);
    const [x, y] = await Promise.all([refresh(a.refresh), refresh(a.refresh)]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect(y.body.refresh_token).toBe(x.body.refresh_token);
    expect(await me(x.body.new_token)).toBe(200);
    expect(await me(y.body.new_token)).toBe(200);
    // The session goes on from the shared successor.
    const next = await refresh(x.body.refresh_token);
    expect(next.status).toBe(200);
    expect(await me(next.body.new_token)).toBe(200);
  });

  test('many racing pairs, several at once: every request keeps the user signed in', async () => {
    // Under REPEATABLE READ one pair in ~30 deadlocked (a 500) and one in ~70 revoked its own session (a
    // request that read the clock before waiting for the row lock saw a use "in the future").
    const pair = async () => {
      const a = await signIn((await user()).email);
      const [x, y] = await Promise.all([refresh(a.refresh), refresh(a.refresh)]);
      return [x.status, y.status, x.body.refresh_token === y.body.refresh_token];
    };
    const outcomes = [];
    for (let round = 0; round < 8; round++) outcomes.push(...(await Promise.all(Array.from({ length: 5 }, pair))));
    expect(outcomes.filter(([x, y, same]) => x !== 200 || y !== 200 || !same)).toEqual([]);
  });

  test('a page that lost its refresh response and boots again 20 s later stays signed in', async () => {
    // The browser navigated away before the rotated cookie arrived: the next page presents the spent token.
    const u = await user();
    const a = await signIn(u.email);
    const lost = await refresh(a.refresh);
    expect(lost.status).toBe(200);
    await ageRefreshUse(a.refresh, 20);
    const again = await refresh(a.refresh);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(lost.body.refresh_token);
    expect(await me(again.body.new_token)).toBe(200);
    const next = await refresh(again.body.refresh_token);
    expect(next.status).toBe(200);
  });

  test(`a reuse after the ${REFRESH_GRACE_SECONDS}s window revokes the whole family, access tokens included`, async () => {
    const u = await user();
    const a = await signIn(u.email);
    const r = await refresh(a.refresh);
    expect(r.status).toBe(200);
    await ageRefreshUse(a.refresh, REFRESH_GRACE_SECONDS + 1);
    expect((await refresh(a.refresh)).status).toBe(401);
    expect((await refresh(r.body.refresh_token)).status).toBe(401);
    expect(await me(r.body.new_token)).toBe(401);
  });

  test('within the window, a reuse after the successor was itself spent still revokes the family', async () => {
    const u = await user();
    const a = await signIn(u.email);
    const r1 = await refresh(a.refresh);
    const r2 = await refresh(r1.body.refresh_token);
    expect(r2.status).toBe(200);
    expect((await refresh(a.refresh)).status).toBe(401);
    expect((await refresh(r2.body.refresh_token)).status).toBe(401);
  });
});

describe('access token shape', () => {
  const claims = (userId: number) => ({
    sub: String(userId),
    typ: 'access',
    role: 'ROLE_BROADCASTER_USER',
    eid: broadcasterId,
    name: 'x',
    email: 'x@test.infinitum',
  });
  const opts = { algorithm: 'HS256' as const, issuer: 'infinitum', audience: 'infinitum-api' };

  test('a token without exp is refused', async () => {
    const u = await user();
    const token = jwt.sign(claims(u.actor.userId), t.config.JWT_SECRET, opts);
    expect(await me(token)).toBe(401);
  });

  test('a token without iat is refused', async () => {
    const u = await user();
    const token = jwt.sign(
      { ...claims(u.actor.userId), exp: Math.floor(Date.now() / 1000) + 600 },
      t.config.JWT_SECRET,
      {
        ...opts,
        noTimestamp: true,
      },
    );
    expect(await me(token)).toBe(401);
  });

  test('a token living longer than 15 minutes is refused', async () => {
    const u = await user();
    const now = Math.floor(Date.now() / 1000);
    const token = jwt.sign(
      { ...claims(u.actor.userId), iat: now, exp: now + 30 * 24 * 3600 },
      t.config.JWT_SECRET,
      opts,
    );
    expect(await me(token)).toBe(401);
  });

  test('a well-formed token is accepted (the refusals above are about the shape)', async () => {
    const u = await user();
    const now = Math.floor(Date.now() / 1000);
    const token = jwt.sign({ ...claims(u.actor.userId), iat: now, exp: now + 600 }, t.config.JWT_SECRET, opts);
    expect(await me(token)).toBe(200);
  });
});

describe('purge of expired tokens', () => {
  test('expired refresh tokens and expired or long-spent one-time tokens are deleted; live ones stay', async () => {
    const ds = t.gateway.app.ds;
    const u = await user();
    const live = await signIn(u.email);
    const old = await signIn(u.email);
    await ds.query('UPDATE refresh_token SET expires_at = ? WHERE token_hash = SHA2(?, 256)', [
      new Date(Date.now() - 1000),
      old.refresh,
    ]);
    const liveLink = await createOneTimeToken(ds.manager, u.actor.userId, 'invitation');
    const expiredLink = await createOneTimeToken(
      ds.manager,
      u.actor.userId,
      'reset',
      new Date(Date.now() - 2 * 3600e3),
    );
    const spentLink = await createOneTimeToken(ds.manager, u.actor.userId, 'invitation');
    await ds.query('UPDATE one_time_token SET used_at = ? WHERE token_hash = SHA2(?, 256)', [
      new Date(Date.now() - 8 * 24 * 3600e3),
      spentLink,
    ]);
    const count = async (table: string, token: string) =>
      Number((await ds.query(`SELECT COUNT(*) AS n FROM ${table} WHERE token_hash = SHA2(?, 256)`, [token]))[0].n);

    const purged = await purgeExpiredTokens(t.gateway.app);
    expect(purged.refresh).toBeGreaterThanOrEqual(1);
    expect(purged.oneTime).toBeGreaterThanOrEqual(2);
    expect(await count('refresh_token', old.refresh)).toBe(0);
    expect(await count('refresh_token', live.refresh)).toBe(1);
    expect(await count('one_time_token', expiredLink)).toBe(0);
    expect(await count('one_time_token', spentLink)).toBe(0);
    expect(await count('one_time_token', liveLink)).toBe(1);
    expect((await refresh(live.refresh)).status).toBe(200);
  });

  test('the purge is one of the worker background tasks and runs at its start', async () => {
    expect(backgroundTasks).toContain(startTokenPurge);
    const ds = t.gateway.app.ds;
    const u = await user();
    const old = await signIn(u.email);
    await ds.query('UPDATE refresh_token SET expires_at = ? WHERE token_hash = SHA2(?, 256)', [
      new Date(Date.now() - 1000),
      old.refresh,
    ]);
    const stop = await startTokenPurge(t.gateway.app);
    await stop();
    const left = await ds.query('SELECT COUNT(*) AS n FROM refresh_token WHERE token_hash = SHA2(?, 256)', [
      old.refresh,
    ]);
    expect(Number(left[0].n)).toBe(0);
  });
});
