import { signAccessToken, verifyAccessToken } from '../../gateway/src/modules/auth/access-token';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/**
 * Sessions, hardened (docs/security.md#sessions): signing out with only the access token ends its session;
 * a token issued in the future is refused; the password-reset answer does not wait on anything about the
 * address (registered and unknown addresses take the same path to the answer).
 */
let t: TestGateway;
let broadcasterId: number;
const PASSWORD = 'Hardening-password-7';

beforeAll(async () => {
  t = await startTestGateway();
  const b: { insertId: number } = await t.gateway.app.ds.query(
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('Hardening Broadcaster', 'NZ')",
  );
  broadcasterId = b.insertId;
});
afterAll(() => t.close());

const user = () =>
  makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false, password: PASSWORD });
const signIn = async (email: string) => {
  const r = await call(t.url, 'POST', '/api/login', { body: { email, password: PASSWORD } });
  expect(r.status).toBe(200);
  return { access: r.body.access_token as string, refresh: r.body.refresh_token as string };
};
const me = (token: string) => call(t.url, 'GET', '/api/me', { token }).then((r) => r.status);
const refresh = (token: string) => call(t.url, 'POST', '/api/refresh-token', { body: { token } }).then((r) => r.status);

describe('signing out with only the access token', () => {
  test('REST: the session its sid names ends (access and refresh token dead after)', async () => {
    const u = await user();
    const s = await signIn(u.email);
    const other = await signIn(u.email);
    const out = await call(t.url, 'POST', '/api/logout', { token: s.access, body: {} });
    expect({ status: out.status, body: out.body }).toEqual({ status: 200, body: { message: 'Signed out.' } });
    expect({ me: await me(s.access), refresh: await refresh(s.refresh) }).toEqual({ me: 401, refresh: 401 });
    // Another session of the same user stays.
    expect({ me: await me(other.access), refresh: await refresh(other.refresh) }).toEqual({ me: 200, refresh: 200 });
  });

  test('GraphQL: the logout mutation without a refresh token ends the session too', async () => {
    const u = await user();
    const s = await signIn(u.email);
    const out = await call(t.url, 'POST', '/graphql', {
      token: s.access,
      body: { query: 'mutation { logout { message } }' },
    });
    expect(out.body.data.logout.message).toBe('Signed out.');
    expect({ me: await me(s.access), refresh: await refresh(s.refresh) }).toEqual({ me: 401, refresh: 401 });
  });

  test('an access token naming no session, without a refresh token, is a clear 400', async () => {
    const u = await user();
    const s = await signIn(u.email);
    const noSid = signAccessToken(
      t.gateway.app.config.JWT_SECRET,
      verifyAccessToken(t.gateway.app.config.JWT_SECRET, s.access),
    );
    const out = await call(t.url, 'POST', '/api/logout', { token: noSid, body: {} });
    expect({ status: out.status, message: out.body.message }).toEqual({
      status: 400,
      message: 'This access token names no session: send the refresh token to sign out.',
    });
  });
});

describe('an access token whose iat lies in the future', () => {
  test('beyond 60 s of skew it is refused; within, accepted', async () => {
    const u = await user();
    const s = await signIn(u.email);
    const secret = t.gateway.app.config.JWT_SECRET;
    const actor = verifyAccessToken(secret, s.access);
    const sid = JSON.parse(Buffer.from(s.access.split('.')[1], 'base64url').toString()).sid as string;
    const now = Math.floor(Date.now() / 1000);
    const future = signAccessToken(secret, actor, now + 3600, sid);
    const slightlyAhead = signAccessToken(secret, actor, now + 20, sid);
    expect({ future: await me(future), slightlyAhead: await me(slightlyAhead) }).toEqual({
      future: 401,
      slightlyAhead: 200,
    });
    const gql = await call(t.url, 'POST', '/graphql', { token: future, body: { query: '{ me { id } }' } });
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('password reset answers before anything about the address is looked up or written', () => {
  test('a registered address answers at once even while reset tokens cannot be written; the email follows', async () => {
    const u = await user();
    const runner = t.gateway.app.ds.createQueryRunner();
    await runner.connect();
    await runner.query('LOCK TABLES one_time_token WRITE');
    // The table stays locked for 4 s: an answer that waited on the token write would take that long.
    const release = new Promise((r) => setTimeout(r, 4000))
      .then(() => runner.query('UNLOCK TABLES'))
      .finally(() => runner.release());
    const started = Date.now();
    const [registered, unknown] = await Promise.all([
      call(t.url, 'POST', '/api/password-reset', { body: { email: u.email } }),
      call(t.url, 'POST', '/api/password-reset', { body: { email: `nobody-${Date.now()}@test.infinitum` } }),
    ]);
    const waited = Date.now() - started;
    await release;
    expect({ registered: registered.body, unknown: unknown.body }).toEqual({
      registered: { message: 'Password reset link has been sent to your email.' },
      unknown: { message: 'Password reset link has been sent to your email.' },
    });
    expect(waited).toBeLessThan(3000);
    // The work follows the answer: the reset token is written once the table is free.
    let tokens = 0;
    for (let i = 0; i < 50 && tokens === 0; i++) {
      const rows: { n: number }[] = await t.gateway.app.ds.query(
        "SELECT COUNT(*) AS n FROM one_time_token WHERE user_id = ? AND kind = 'reset'",
        [u.actor.userId],
      );
      tokens = Number(rows[0].n);
      if (tokens === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(tokens).toBe(1);
  }, 30_000);
});
