import { makeUser } from '../support/actors';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { alertRound } from '../../gateway/src/modules/alerts/alert.task';
import { SUPER_ADMIN, startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { buildRecordsWorld, type RecordsWorld } from '../support/records-fixtures';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { signIn, signOut } from './flows';

// The Alerts & Reports tab of Campaign management in Chromium (docs/operations.md#alerts,
// docs/operations.md#scheduled-reports): a customer admin changes a threshold, adds a report schedule and sends it
// now; the API and the mail catcher show what the screen did.
jest.setTimeout(300_000);

let t: TestGateway;
let b: TestBrowser;
let mail: SmtpSink;
let w: RecordsWorld;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  ensureClientBuilt();
  mail = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: mail.url });
  w = await buildRecordsWorld(t);
  admin = await makeUser(t, { entityType: 'CUSTOMER', entityId: w.a.customerId, admin: true });
  b = await openBrowser(t.url, { width: 1400, height: 900 });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
  await mail?.close();
});

const rulesOf = async () =>
  (await call(t.url, 'GET', `/api/alerts/rules/customer/${w.a.customerId}`, { token: admin.token })).body;
const schedulesOf = async () =>
  (await call(t.url, 'GET', `/api/reports/schedules/customer/${w.a.customerId}`, { token: admin.token })).body;

test('change a threshold, add a schedule, Send now: the rule and schedule are stored and the preview arrives', async () => {
  const { page } = b;
  await signIn(page, admin.email, admin.password);
  await page.goto('/campaigns');
  await page.getByRole('tab', { name: 'Alerts & Reports' }).click();
  const site = page.getByTestId('alert-rule-site_tag_silent');
  await site.waitFor();
  // The screen shows the server's rules and values.
  const before = await rulesOf();
  expect(await page.locator('[data-testid^="alert-rule-"]').count()).toBe(before.length);
  expect(await site.locator('input[name="threshold"]').inputValue()).toBe(
    String(before.find((r: any) => r.kind === 'site_tag_silent').threshold),
  );

  await site.locator('input[name="threshold"]').fill('12');
  await site.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Alert rule updated successfully').waitFor();
  expect((await rulesOf()).find((r: any) => r.kind === 'site_tag_silent').threshold).toBe(12);

  // A threshold out of range: the server's message, nothing stored.
  await site.locator('input[name="threshold"]').fill('0');
  await site.getByRole('button', { name: 'Save' }).click();
  await page.getByText('threshold must be a whole number from 1 to 720.').waitFor();
  expect((await rulesOf()).find((r: any) => r.kind === 'site_tag_silent').threshold).toBe(12);

  expect(await schedulesOf()).toEqual([]);
  await page.getByRole('button', { name: 'Add schedule' }).click();
  await page.getByText('Report schedule created successfully').waitFor();
  const [schedule] = await schedulesOf();
  expect(schedule).toMatchObject({ frequency: 'weekly', day: 1, hour: 8, enabled: true });
  const card = page.getByTestId(`report-schedule-${schedule.id}`);
  await card.waitFor();
  await card.locator('select[name="frequency"]').selectOption('monthly');
  await card.locator('input[name="day"]').fill('15');
  await card.locator('input[name="hour"]').fill('7');
  await card.locator('input[name="time_zone"]').fill('Pacific/Auckland');
  await card.getByRole('checkbox', { name: new RegExp(admin.email) }).check({ force: true });
  await card.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Report schedule updated successfully').waitFor();
  expect((await schedulesOf())[0]).toMatchObject({
    frequency: 'monthly',
    day: 15,
    hour: 7,
    time_zone: 'Pacific/Auckland',
    recipient_ids: [admin.actor.userId],
  });

  await card.getByRole('button', { name: 'Send now' }).click();
  await page.getByText(`A preview was sent to ${admin.email}.`).waitFor();
  const m = await mail.waitFor((x) => x.to.includes(admin.email) && x.subject.startsWith('[Preview]'));
  expect(m.subject).toContain('monthly report for Alpha Customer');
  await b.screenshot('alerts-manage-1400');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  // Phone layout: nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await b.screenshot('alerts-manage-390');
});

test('Monitoring: the super admin sees the alert evaluation and its mails in System Health, as the API records them', async () => {
  const { page } = b;
  await page.setViewportSize({ width: 1400, height: 900 });
  // Silent past the 12 hours set above.
  await t.gateway.app.ds.query('UPDATE site_tag SET created_at = ?', [new Date(Date.now() - 20 * 3_600_000)]);
  expect(await alertRound(t.gateway.app, 'gateway-e2e', 60_000)).toBe(true);
  await mail.waitFor((x) => x.to.includes(admin.email) && x.subject.includes('Site tag'));
  await signOut(page);
  await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await page.goto('/system-admin');
  await page.getByRole('tab', { name: 'System Health', exact: true }).click();
  const card = page.getByTestId('alert-activity');
  const runs = card.getByTestId('alert-runs');
  await runs.waitFor();
  const run = runs.locator('tbody tr').first();
  expect((await run.innerText()).replace(/\s+/g, ' ')).toContain('gateway-e2e');
  const sent = card.getByTestId('alert-sends').locator('tbody tr').filter({ hasText: admin.email });
  await sent.first().waitFor();
  expect((await sent.first().innerText()).replace(/\s+/g, ' ')).toMatch(/alert Alpha Customer .* sent$/);
  await card.scrollIntoViewIfNeeded();
  await b.screenshot('alerts-monitoring-1400');
});
