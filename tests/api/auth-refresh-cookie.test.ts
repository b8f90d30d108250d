import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/** docs/security.md#refresh-token-cookie: the browser's refresh token is an HttpOnly cookie. */
let t: TestGateway;
let broadcasterId: number;
const PASSWORD = 'Cookie-password-1';
const WEB = { 'x-infinitum-session': 'cookie' };
const JWT_LIKE = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

beforeAll(async () => {
  t = await startTestGateway();
  const b: { insertId: number } = await t.gateway.app.ds.query(
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('Cookie Broadcaster', 'NZ')",
  );
  broadcasterId = b.insertId;
});
afterAll(() => t.close());

const newUser = () =>
  makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false, password: PASSWORD });

/** The refresh cookie's value and attributes from a Set-Cookie header. */
function refreshCookie(headers: Headers) {
  const line = headers.getSetCookie().find((c) => c.startsWith('infinitum_refresh='));
  if (!line) return null;
  const [pair, ...attrs] = line.split(';').map((s) => s.trim());
  return { value: decodeURIComponent(pair.slice('infinitum_refresh='.length)), attrs, line };
}

test('the web sign-in sets an HttpOnly, Secure, SameSite=Strict cookie and keeps the refresh token out of the body', async () => {
  const u = await newUser();
  const r = await call(t.url, 'POST', '/api/login', { body: { email: u.email, password: PASSWORD }, headers: WEB });
  expect(r.status).toBe(200);
  expect(r.body.refresh_token).toBeUndefined();
  expect(r.body.access_token).toMatch(JWT_LIKE);
  const c = refreshCookie(r.headers)!;
  expect(c).not.toBeNull();
  expect(c.value.length).toBeGreaterThanOrEqual(16);
  expect(c.attrs).toEqual(expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api']));
  expect(c.attrs.some((a) => a.startsWith('Max-Age='))).toBe(true);
});

test('refresh works with only the cookie and rotates it; an unknown cookie is refused and cleared', async () => {
  const u = await newUser();
  const signIn = await call(t.url, 'POST', '/api/login', {
    body: { email: u.email, password: PASSWORD },
    headers: WEB,
  });
  const first = refreshCookie(signIn.headers)!.value;

  const r = await call(t.url, 'POST', '/api/refresh-token', {
    body: {},
    headers: { ...WEB, cookie: `infinitum_refresh=${encodeURIComponent(first)}` },
  });
  expect(r.status).toBe(200);
  expect(r.body.refresh_token).toBeUndefined();
  expect(r.body.new_token).toMatch(JWT_LIKE);
  const second = refreshCookie(r.headers)!.value;
  expect(second).not.toBe(first);

  const me = await call(t.url, 'GET', '/api/me', { token: r.body.new_token });
  expect(me.status).toBe(200);
  expect(me.body.email).toBe(u.email);

  // An unknown cookie is refused, and the browser told to drop it.
  const replay = await call(t.url, 'POST', '/api/refresh-token', {
    body: {},
    headers: { ...WEB, cookie: 'infinitum_refresh=not-a-real-refresh-token-at-all' },
  });
  expect(replay.status).toBe(401);
  expect(refreshCookie(replay.headers)!.value).toBe('');
});

test('CSRF: the cookie alone, without the custom header or JSON body, refreshes nothing', async () => {
  const u = await newUser();
  const signIn = await call(t.url, 'POST', '/api/login', {
    body: { email: u.email, password: PASSWORD },
    headers: WEB,
  });
  const cookie = `infinitum_refresh=${encodeURIComponent(refreshCookie(signIn.headers)!.value)}`;
  const noHeader = await call(t.url, 'POST', '/api/refresh-token', { body: {}, headers: { cookie } });
  expect(noHeader.status).toBe(400);
  const form = await call(t.url, 'POST', '/api/refresh-token', {
    rawBody: '',
    headers: { ...WEB, cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(form.status).toBeGreaterThanOrEqual(400);
  expect(form.status).toBeLessThan(500);
  expect(form.body?.new_token).toBeUndefined();
  // Still unspent: the real web client can use it.
  const ok = await call(t.url, 'POST', '/api/refresh-token', { body: {}, headers: { ...WEB, cookie } });
  expect(ok.status).toBe(200);
});

test('no cookie: a clear 401, never a 500', async () => {
  const r = await call(t.url, 'POST', '/api/refresh-token', { body: {}, headers: WEB });
  expect(r.status).toBe(401);
});

test('logout clears the cookie and ends the session', async () => {
  const u = await newUser();
  const signIn = await call(t.url, 'POST', '/api/login', {
    body: { email: u.email, password: PASSWORD },
    headers: WEB,
  });
  const cookie = `infinitum_refresh=${encodeURIComponent(refreshCookie(signIn.headers)!.value)}`;
  const out = await call(t.url, 'POST', '/api/logout', { body: {}, headers: { ...WEB, cookie } });
  expect(out.status).toBe(200);
  const cleared = refreshCookie(out.headers)!;
  expect(cleared.value).toBe('');
  expect(cleared.attrs).toEqual(expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api']));
  expect(cleared.line).toMatch(/Expires=Thu, 01 Jan 1970/);
  const again = await call(t.url, 'POST', '/api/refresh-token', { body: {}, headers: { ...WEB, cookie } });
  expect(again.status).toBe(401);
});

test('partners: the spec 7 body form is unchanged and sets no cookie', async () => {
  const u = await newUser();
  const signIn = await call(t.url, 'POST', '/api/login', { body: { email: u.email, password: PASSWORD } });
  expect(signIn.status).toBe(200);
  expect(typeof signIn.body.refresh_token).toBe('string');
  expect(refreshCookie(signIn.headers)).toBeNull();
  const r = await call(t.url, 'POST', '/api/refresh-token', { body: { token: signIn.body.refresh_token } });
  expect(r.status).toBe(200);
  expect(Object.keys(r.body).sort()).toEqual(['new_token', 'refresh_token']);
  expect(refreshCookie(r.headers)).toBeNull();
  const out = await call(t.url, 'POST', '/api/logout', { body: { token: r.body.refresh_token } });
  expect(out.status).toBe(200);
  expect(refreshCookie(out.headers)).toBeNull();
});
