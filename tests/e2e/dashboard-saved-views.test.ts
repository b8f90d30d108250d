import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { startPipelineGateway } from '../support/pipeline';
import { applyFilter, openDashboard, settled, top } from './dashboard-page';
import { seedDashboardTraffic } from './dashboard-traffic';
import { signIn } from './flows';

/**
 * Saved views and Copy link (docs/api.md#saved-views): a buyer names the selection on screen, finds it in the
 * Saved views menu from another selection, renames and deletes it, each step stored as the API lists it; Copy
 * link copies the full address and says that the link shares the view.
 */
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
let customerId: number;
let token: string;
const customer = DEMO_USERS.find((u) => u.org === 'customer' && !u.admin)!;

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  ({ customerId } = await seedDashboardTraffic(t));
  const login = await call(t.url, 'POST', '/api/login', { body: { email: customer.email, password: DEMO_PASSWORD } });
  token = login.body.access_token;
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
  b.page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  await signIn(b.page, customer.email, DEMO_PASSWORD);
  await openDashboard(b.page);
  await settled(b.page);
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();
const stored = async () =>
  (await call(t.url, 'GET', '/api/saved-views', { token })).body as { name: string; query: string }[];
const search = (page: Page) => new URL(page.url()).search.replace(/^\?/, '');
const sorted = (q: string) => [...new URLSearchParams(q)].map(([k, v]) => `${k}=${v}`).sort();

const menuButton = (page: Page, name: string) =>
  page.getByTestId('saved-views-menu').getByRole('button', { name, exact: true });

async function openMenu(page: Page) {
  await page.getByTestId('saved-views').click();
  await page.getByTestId('saved-views-menu').waitFor();
}

describe('saved views', () => {
  it('names the selection on screen and stores exactly its address', async () => {
    const { page } = b;
    const filters = (await call(t.url, 'GET', `/api/dashboard/filters/${customerId}`, { token })).body;
    const campaign = filters.campaigns.find((c: { id: number }) => c.id === 1);
    await applyFilter(page, 'Campaign', campaign.display_name);
    await settled(page);
    const address = search(page);
    expect(address).toMatch(/(^|&)campaign=1(&|$)/);

    await openMenu(page);
    await page.getByTestId('saved-views-menu').getByText('No saved views yet').waitFor();
    await menuButton(page, 'Save this view...').click();
    const dialog = page.getByTestId('save-view-dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('  Campaign one  ');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await toast(page, 'View saved').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const views = await stored();
    expect(views).toHaveLength(1);
    expect(views[0].name).toBe('Campaign one');
    expect(sorted(views[0].query)).toEqual(sorted(address));

    // The same name again is refused in the dialog, with the API's words.
    await openMenu(page);
    await menuButton(page, 'Save this view...').click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Campaign one');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.getByText('You already have a view with this name').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('brings a saved view back from another selection', async () => {
    const { page } = b;
    await applyFilter(page, 'Campaign', 'All Campaigns');
    await settled(page);
    expect(search(page)).not.toMatch(/campaign=/);
    await openMenu(page);
    await menuButton(page, 'Campaign one').click();
    await settled(page);
    const [view] = await stored();
    expect(sorted(search(page))).toEqual(sorted(view.query));
    const filters = (await call(t.url, 'GET', `/api/dashboard/filters/${customerId}`, { token })).body;
    const campaign = filters.campaigns.find((c: { id: number }) => c.id === 1);
    await expect(page.getByTestId('filter-Campaign').getAttribute('aria-label')).resolves.toBe(
      `Campaign: ${campaign.display_name}. Select campaigns (affects booking options)`,
    );
    await top(page);
    await b.screenshot('dashboard-saved-view-1400');
  });

  it('renames and deletes a view', async () => {
    const { page } = b;
    await openMenu(page);
    await menuButton(page, 'Rename or delete...').click();
    const dialog = page.getByTestId('manage-views-dialog');
    const row = dialog.getByTestId('saved-view-row').first();
    await row.getByRole('textbox').fill('Campaign one, 30 days');
    await row.getByRole('button', { name: 'Rename' }).click();
    await toast(page, 'View renamed').waitFor();
    await expect(stored()).resolves.toEqual([expect.objectContaining({ name: 'Campaign one, 30 days' })]);
    await dialog.getByRole('button', { name: 'Delete Campaign one, 30 days' }).click();
    await toast(page, 'View deleted').waitFor();
    await expect(stored()).resolves.toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await openMenu(page);
    await page.getByTestId('saved-views-menu').getByText('No saved views yet').waitFor();
    await page.keyboard.press('Escape');
  });
});

describe('Copy link', () => {
  it('copies the full address and says the link shares the view', async () => {
    const { page } = b;
    const button = page.getByTestId('copy-link');
    // It says what it does in words, and both buttons are on the screen at 1400 px, nothing scrolling sideways.
    await expect(button.innerText()).resolves.toBe('Copy link');
    await expect(page.getByTestId('saved-views').innerText()).resolves.toBe('Saved views');
    for (const id of ['saved-views', 'copy-link']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1400);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expect(button.getAttribute('title')).resolves.toMatch(/the link shares this view/);
    await button.click();
    const shown = toast(page, 'Link copied');
    await shown.waitFor();
    await expect(shown.innerText()).resolves.toMatch(/The link shares this view/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(page.url());
    expect(copied).toMatch(/^http:\/\/.+\/dashboard\?.*customer=/);
  });

  it('keeps both buttons on a phone screen, with nothing scrolling sideways', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('filter-Region').waitFor({ state: 'hidden', timeout: 10_000 });
    await settled(page);
    for (const id of ['saved-views', 'copy-link']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await top(page);
    await b.screenshot('dashboard-view-tools-390');
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
