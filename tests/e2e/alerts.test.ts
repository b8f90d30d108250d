import { evaluateAlerts } from '../../gateway/src/modules/alerts/evaluate';
import { makeUser } from '../support/actors';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { buildRecordsWorld, type RecordsWorld } from '../support/records-fixtures';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { signIn } from './flows';

// The bell in Chromium: a silent site tag's alert appears in the header, and its link opens the dashboard
// filtered to that tag (docs/operations.md#alerts). What the screen shows is compared with the API.
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
let mail: SmtpSink;
let w: RecordsWorld;
let user: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  ensureClientBuilt();
  mail = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: mail.url });
  w = await buildRecordsWorld(t);
  user = await makeUser(t, { entityType: 'CUSTOMER', entityId: w.a.customerId, admin: false });
  await t.gateway.app.ds.query('UPDATE site_tag SET created_at = ?', [new Date(Date.now() - 10 * 3_600_000)]);
  await evaluateAlerts(t.gateway.app);
  b = await openBrowser(t.url, { width: 1400, height: 900 });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
  await mail?.close();
});

test("an alert appears in the bell with the API's title and count, and its link opens the dashboard of the problem", async () => {
  const api = await call(t.url, 'GET', '/api/alerts', { token: user.token });
  const site = api.body.alerts.find((a: any) => a.kind === 'site_tag_silent');
  expect(site.customer_id).toBe(w.a.customerId);
  const { page } = b;
  await signIn(page, user.email, user.password);
  const bell = page.getByTestId('alert-bell');
  await page.getByTestId('alert-unread').waitFor();
  expect((await page.getByTestId('alert-unread').innerText()).trim()).toBe(String(api.body.unread));
  expect(await bell.getAttribute('aria-label')).toBe(`Alerts, ${api.body.unread} unread`);
  await b.screenshot('alerts-bell-1400');
  await bell.click();
  const item = page.getByTestId('alert-item').filter({ hasText: site.title });
  await item.waitFor();
  expect(await page.getByTestId('alert-item').count()).toBe(api.body.alerts.length);
  await page.waitForTimeout(500); // the popover's opening animation
  await page.screenshot({ path: 'test-artifacts/screenshots/alerts-list-1400.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'test-artifacts/screenshots/alerts-list-390.png' });
  await item.click();
  await page.waitForURL(`**/dashboard?customer=${w.a.customerId}&site=${w.a.siteTagId}*`);
  await page.getByRole('heading', { name: 'Advanced analytics' }).waitFor();
  await page.getByTestId('alert-list').waitFor({ state: 'hidden' });
  // Opened: read for this user, and the count falls on the server and on the screen.
  let unread = -1;
  for (let i = 0; i < 50 && unread !== api.body.unread - 1; i++) {
    unread = (await call(t.url, 'GET', '/api/alerts', { token: user.token })).body.unread;
    if (unread !== api.body.unread - 1) await page.waitForTimeout(100);
  }
  expect(unread).toBe(api.body.unread - 1);
  await page.waitForFunction(
    (n) => (document.querySelector('[data-testid="alert-unread"]')?.textContent?.trim() ?? '0') === String(n),
    unread,
  );
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.waitForTimeout(500);
  await b.screenshot('alerts-opened-dashboard-1400');
});
