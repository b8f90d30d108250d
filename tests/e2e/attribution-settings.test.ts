import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import { ensureClientBuilt, openBrowser, SCREENSHOTS, type TestBrowser } from '../support/browser';
import { recomputeLease } from '../../gateway/src/modules/attribution/recompute';
import { takeLease } from '../../gateway/src/shared/lease';
import { SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { startPipelineGateway } from '../support/pipeline';
import { scrollToRow, settled } from './dashboard-page';
import { seedDashboardTraffic } from './dashboard-traffic';
import { signIn, signOut } from './flows';

/**
 * A client's attribution windows on the dashboard (docs/design.md#attribution-settings): the client's admin opens
 * the what-if, picks 14 days, sees the shared rules' messages before sending, saves, and follows the recompute's
 * progress; when the gateway's recompute task switches them, the panel says the new windows are in force and the
 * panels' texts name them. The test holds the customer's recompute lease while it looks at the waiting and
 * running states (the task would otherwise finish a small world's recompute before they could be seen), then
 * lets the task go. A client's user reads the windows and no Save.
 */
jest.setTimeout(240_000);

const admin = DEMO_USERS.find((u) => u.org === 'customer' && u.admin)!;
const user = DEMO_USERS.find((u) => u.org === 'customer' && !u.admin)!;
const DEFAULT_SUBTITLE =
  'Same Day = visits within 24 hours of an impression; All Responses = visits over the 7 days after';
let t: TestGateway;
let b: TestBrowser;
let customerId: number;

const db = <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => t.gateway.app.ds.query(sql, params);

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  // Traffic on the first customer, whose admin and user the demo world signs in.
  ({ customerId } = await seedDashboardTraffic(t));
  const [{ entity_id }] = await db('SELECT entity_id FROM user WHERE email = ?', [admin.email]);
  expect(Number(entity_id)).toBe(customerId);
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  b.page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

async function openSettings(page: Page) {
  await page.goto(`/dashboard?customer=${customerId}`);
  await settled(page);
  await scrollToRow(page, 'what-if');
  await page.getByTestId('what-if-open').click();
  const panel = page.getByTestId('panel-attribution-settings');
  await panel.getByTestId('attribution-in-force').waitFor();
  return panel;
}

/** The what-if row (the curve and the settings beside it), from a full-page picture. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  const box = await page.locator('[data-row="what-if"]').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, clip: box });
}

/** Response Timing's help, as its button names it (the tooltip's text). */
async function timingHelpLabel(page: Page) {
  await scrollToRow(page, 'timing');
  return page
    .locator('[data-testid="panel-response-timing"] [aria-label^="Visit Response Timing: "]')
    .getAttribute('aria-label');
}

const subtitle = (page: Page) => page.getByTestId('panel-visits-over-time').getByText(/^Same Day = /);

test('the client admin picks 14 days, sees the rules before sending, saves and follows the recompute', async () => {
  const { page } = b;
  await signIn(page, admin.email, DEMO_PASSWORD);
  await page.goto(`/dashboard?customer=${customerId}`);
  await settled(page);
  await expect(subtitle(page).innerText()).resolves.toBe(DEFAULT_SUBTITLE);
  await expect(timingHelpLabel(page)).resolves.toBe(
    "Visit Response Timing: How long after the household's last impression the visit came: within the first hour, hours 2-24, days 2-7.",
  );

  // The test holds the recompute of this customer until it has seen the waiting and running states.
  expect(await takeLease(t.gateway.app.ds, recomputeLease(customerId), 'e2e-test', 600_000)).toBe(true);
  const panel = await openSettings(page);
  await expect(panel.getByTestId('attribution-in-force').innerText()).resolves.toBe(
    'In force: 7 days / same day 24 hours',
  );
  const save = panel.getByTestId('attribution-save');
  await expect(save.isDisabled()).resolves.toBe(true);

  // The shared rules speak before anything is sent: S longer than W, then hours that are not whole.
  await panel.getByTestId('attribution-same-day').fill('200');
  await panel.getByText('Same-day window cannot be longer than the touch window').waitFor();
  await expect(save.isDisabled()).resolves.toBe(true);
  await panel.getByTestId('attribution-touch').fill('36.5');
  await panel.getByText('Touch window must be a whole number of hours').waitFor();
  await panel.getByTestId('attribution-same-day').fill('24');

  // 14 days, picked from the curve's windows; saved from the keyboard (Enter in the form).
  await panel.getByTestId('attribution-pick-336').click();
  await expect(panel.getByTestId('attribution-pick-336').getAttribute('aria-pressed')).resolves.toBe('true');
  await expect(panel.getByTestId('attribution-touch').inputValue()).resolves.toBe('336');
  await expect(save.isDisabled()).resolves.toBe(false);
  await panel.getByTestId('attribution-touch').press('Enter');
  const progress = panel.getByTestId('attribution-progress');
  await progress.getByText('Recomputing history: waiting to start').waitFor();
  await expect(progress.innerText()).resolves.toContain('Asked for 14 days / same day 24 hours by');
  const rows = await db('SELECT status, touch_hours, same_day_hours FROM attribution_change WHERE customer_id = ?', [
    customerId,
  ]);
  expect(rows).toEqual([{ status: 'pending', touch_hours: 336, same_day_hours: 24 }]);
  // Until the switch, every figure keeps the windows in force.
  await expect(panel.getByTestId('attribution-in-force').innerText()).resolves.toBe(
    'In force: 7 days / same day 24 hours',
  );
  await expect(subtitle(page).innerText()).resolves.toBe(DEFAULT_SUBTITLE);

  // The recompute starts: the panel reads its progress (every 2 s).
  await db("UPDATE attribution_change SET status = 'running', days_done = 12, days_total = 30 WHERE customer_id = ?", [
    customerId,
  ]);
  await progress.getByText('Recomputing history: 12 of 30 days').waitFor({ timeout: 10_000 });
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'attribution-settings-progress-1400');
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'attribution-settings-progress-390');
  // Nothing spills sideways at 390 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1400, height: 900 });

  // The task goes: it recomputes the customer's history and switches the windows in one transaction.
  await db("UPDATE attribution_change SET status = 'pending', days_done = 0, days_total = 0 WHERE customer_id = ?", [
    customerId,
  ]);
  await db('DELETE FROM task_lease WHERE name = ?', [recomputeLease(customerId)]);
  await panel.getByText('Now in force: 14 days / same day 24 hours').waitFor({ timeout: 30_000 });
  const [change] = await db('SELECT status, days_done, days_total FROM attribution_change WHERE customer_id = ?', [
    customerId,
  ]);
  expect(change.status).toBe('done');
  const [inForce] = await db('SELECT touch_window_hours AS w, same_day_window_hours AS s FROM customer WHERE id = ?', [
    customerId,
  ]);
  expect([Number(inForce.w), Number(inForce.s)]).toEqual([336, 24]);
  await expect(panel.getByTestId('attribution-progress').count()).resolves.toBe(0);
  await expect(save.isDisabled()).resolves.toBe(true);
  // The panels' texts follow without a reload.
  await page.waitForFunction(
    () =>
      document
        .querySelector('[data-testid="panel-visits-over-time"]')
        ?.textContent?.includes('All Responses = visits over the 14 days after') ?? false,
    undefined,
    { timeout: 10_000 },
  );
  await expect(subtitle(page).innerText()).resolves.toBe(
    'Same Day = visits within 24 hours of an impression; All Responses = visits over the 14 days after',
  );
  await page.getByTestId('what-if-current').getByText('14 days').waitFor();
  // Charts draw once scrolled into view.
  await page.locator('[data-row="what-if"]').scrollIntoViewIfNeeded();
  await page.locator('[data-row="what-if"] svg').first().waitFor();
  await shoot(page, 'attribution-settings-done-1400');

  // And after a reload, from the server's list; the what-if curve marks 14 days as the current window, and
  // Response Timing's help names the days after the first week.
  await openSettings(page);
  await expect(subtitle(page).innerText()).resolves.toBe(
    'Same Day = visits within 24 hours of an impression; All Responses = visits over the 14 days after',
  );
  await page.getByTestId('what-if-table').waitFor();
  await expect(page.getByTestId('what-if-current').innerText()).resolves.toBe(
    'Current window (orange point): 14 days. Left axis: visits; right axis: visit rate.',
  );
  await expect(timingHelpLabel(page)).resolves.toBe(
    "Visit Response Timing: How long after the household's last impression the visit came: within the first hour, hours 2-24, days 2-7, or after the first week up to 14 days.",
  );
});

test("a client's user reads the windows, and why there is no Save", async () => {
  const { page } = b;
  await signOut(page);
  await signIn(page, user.email, DEMO_PASSWORD);
  const panel = await openSettings(page);
  await expect(panel.getByTestId('attribution-in-force').innerText()).resolves.toBe(
    'Now in force: 14 days / same day 24 hours',
  );
  await expect(panel.getByTestId('attribution-no-edit').innerText()).resolves.toBe(
    "No permission to edit: only the client's admins can change its attribution windows.",
  );
  await expect(panel.getByTestId('attribution-save').count()).resolves.toBe(0);
  await expect(panel.getByTestId('attribution-touch').count()).resolves.toBe(0);
  await shoot(page, 'attribution-settings-read-only-1400');
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'attribution-settings-read-only-390');
  await page.setViewportSize({ width: 1400, height: 900 });
});

test("the client's edit dialog in Admin shows the windows, and where to change them", async () => {
  const { page } = b;
  await signOut(page);
  await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const [{ cust_name }] = await db('SELECT cust_name FROM customer WHERE id = ?', [customerId]);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Clients' }).click();
  await page.getByRole('button', { name: `Edit ${cust_name}` }).click();
  const line = page.getByTestId('client-modal').getByTestId('client-attribution-windows');
  await expect(line.innerText()).resolves.toBe(
    'Attribution windows: 14 days / same day 24 hours. Change them beside the what-if on the dashboard',
  );
  await line.getByRole('link').click();
  await page.waitForURL(`**/dashboard?customer=${customerId}*`);
});
