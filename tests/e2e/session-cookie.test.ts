import { makeUser } from '../support/actors';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { overviewLoaded, signIn, signOut } from './flows';

/**
 * docs/security.md#refresh-token-cookie: whatever script runs in the page (an injected one included) finds no
 * token to steal. The refresh token lives in an HttpOnly cookie the page cannot read, the access token in
 * memory only; a reload signs the user in again from the cookie, and signing out ends the cookie's session.
 */
jest.setTimeout(120_000);

let t: TestGateway;
let b: TestBrowser;
let user: { email: string; password: string };

beforeAll(async () => {
  ensureClientBuilt();
  t = await startTestGateway();
  b = await openBrowser(t.url);
  user = await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true, name: 'Cookie Keeper' });
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/** Everything page script can read of the session: both storages and document.cookie. */
const readableByScript = () =>
  b.page.evaluate(() => {
    const dump = (s: Storage) => Object.fromEntries(Object.keys(s).map((k) => [k, s.getItem(k)]));
    return JSON.stringify({ local: dump(localStorage), session: dump(sessionStorage), cookie: document.cookie });
  });

async function refreshRows(): Promise<number> {
  const [r] = await t.gateway.app.ds.query(
    'SELECT COUNT(*) AS n FROM refresh_token r JOIN user u ON u.id = r.user_id WHERE u.email = ? AND r.revoked_at IS NULL AND r.used_at IS NULL',
    [user.email],
  );
  return Number(r.n);
}

test('after signing in, no token is readable by page script, and the refresh cookie is HttpOnly', async () => {
  await signIn(b.page, user.email, user.password);
  const readable = await readableByScript();
  expect(readable).toContain('Cookie Keeper'); // the user's name is kept, to draw the header at once
  expect(readable).not.toMatch(JWT);
  expect(readable).not.toMatch(/refresh/i);
  const cookies = await b.context.cookies(`${t.url}/api/refresh-token`);
  const refresh = cookies.find((c) => c.name === 'infinitum_refresh');
  expect(refresh).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api' });
});

test('a reload keeps the user signed in from the cookie alone; another reload too (the token rotated)', async () => {
  await b.page.reload();
  await overviewLoaded(b.page);
  await b.page.reload();
  await overviewLoaded(b.page);
  expect(await readableByScript()).not.toMatch(JWT);
  await b.screenshot('session-cookie-reloaded');
});

test('two tabs reloading at once both stay signed in (their refreshes never reuse one token)', async () => {
  const second = await b.context.newPage();
  try {
    await Promise.all([b.page.reload(), second.goto(`${t.url}/overview`)]);
    await Promise.all([overviewLoaded(b.page), overviewLoaded(second)]);
    expect(second.url()).toContain('/overview');
  } finally {
    await second.close();
  }
});

test('signing out ends the session on the server and clears the cookie: a reload shows the sign-in page', async () => {
  expect(await refreshRows()).toBeGreaterThan(0);
  await signOut(b.page);
  for (let i = 0; i < 50 && (await refreshRows()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await refreshRows()).toBe(0);
  expect(
    (await b.context.cookies(`${t.url}/api/refresh-token`)).find((c) => c.name === 'infinitum_refresh'),
  ).toBeUndefined();
  await b.page.goto('/overview');
  await b.page.waitForURL('**/login');
});
