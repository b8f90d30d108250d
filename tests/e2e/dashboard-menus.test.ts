import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import { join } from 'node:path';
import { ensureClientBuilt, openBrowser, SCREENSHOTS, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { startPipelineGateway } from '../support/pipeline';
import { applyFilter, defaultFilter, expectedTiles, openDashboard, settled, tileTexts, top } from './dashboard-page';
import { seedDashboardTraffic } from './dashboard-traffic';
import { signIn } from './flows';

/**
 * The filter menus name what the API lists. In a fresh database the demo world's first customer has campaign 1,
 * booking 1, creative 1, channel 1 and site tag 1: ids collide across lists, as they do for every real customer.
 */
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
let customerId: number;
let token: string;
const customer = DEMO_USERS.find((u) => u.org === 'customer' && !u.admin)!;

interface Option {
  id: number | string;
  display_name: string;
  campaign_id?: number;
}
type Lists = Record<'regions' | 'campaigns' | 'bookings' | 'creatives' | 'channels' | 'sites', Option[]>;

/** Spec 2/9 and docs/design.md#identity-time-and-geography: the menus the client lists itself (no API list). */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAYPARTS = [
  'Night (00:00-05:59)',
  'Breakfast (06:00-08:59)',
  'Morning (09:00-11:59)',
  'Lunch (12:00-13:59)',
  'Afternoon (14:00-17:59)',
  'Access (18:00-19:29)',
  'Peak (19:30-22:29)',
  'Off-peak (22:30-23:59)',
];

const SUMMARY = `query ($filter: DashboardFilterInput!) {
  impression_summary(filter: $filter) { summary_data { Ad_Spend Actual_Impressions Total_Responses CPM_Actual Response_Rate Current_CPR } }
}`;

let rest: Lists;

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  ({ customerId } = await seedDashboardTraffic(t));
  const login = await call(t.url, 'POST', '/api/login', { body: { email: customer.email, password: DEMO_PASSWORD } });
  token = login.body.access_token;
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  b.page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  await signIn(b.page, customer.email, DEMO_PASSWORD);
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

/** The rows of an open menu as a reader sees them, top to bottom. */
async function menuNames(page: Page, title: string): Promise<string[]> {
  const trigger = page.getByTestId(`filter-${title}`);
  const menu = page.getByTestId(`filter-menu-${title}`);
  if (!(await menu.isVisible())) await trigger.click();
  await menu.waitFor();
  const rows = title === 'Site' ? menu.getByRole('radio') : menu.locator('[data-scope="checkbox"][data-part="label"]');
  return (await rows.allInnerTexts()).map((s) => s.trim());
}

/** What is on the screen now (an open menu is not part of a full-page picture). */
const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

async function closeMenu(page: Page, title: string) {
  await page.keyboard.press('Escape');
  await page.getByTestId(`filter-menu-${title}`).waitFor({ state: 'detached' });
}

/** The API's list as its menu should read: 'All <title>s' first (the id-0 option), then every other name. */
const asMenu = (title: string, list: Option[]) => {
  expect(list[0]).toMatchObject({ id: 0, display_name: 'All' });
  return [`All ${title}s`, ...list.filter((o) => o.id !== 0).map((o) => o.display_name)];
};

describe('the filter menus of a customer whose ids collide across lists', () => {
  it('lists the same options on both transports, with colliding ids', async () => {
    const r = await call(t.url, 'GET', `/api/dashboard/filters/${customerId}`, { token });
    expect(r.status).toBe(200);
    rest = r.body;
    const g = await gql(
      t.url,
      `query ($id: Int!) { dashboardFilters(client_id: $id) {
        regions { id display_name } campaigns { id display_name } bookings { id display_name campaign_id }
        creatives { id display_name } channels { id display_name } sites { id display_name } } }`,
      { id: customerId },
      token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.dashboardFilters).toEqual(rest);
    // The world this suite is about: id 1 names a different thing in every list.
    const named = (list: Option[]) => list.find((o) => o.id === 1)?.display_name;
    const ones = [rest.campaigns, rest.bookings, rest.creatives, rest.channels, rest.sites].map(named);
    expect(ones.every(Boolean)).toBe(true);
    expect(new Set(ones).size).toBe(ones.length);
  });

  it('names in every menu what the API lists for it, with one All row on top', async () => {
    const { page } = b;
    await openDashboard(page);
    await settled(page);
    const expected: Record<string, string[]> = {
      Region: asMenu('Region', rest.regions),
      Campaign: asMenu('Campaign', rest.campaigns),
      Booking: asMenu('Booking', rest.bookings),
      Creative: asMenu('Creative', rest.creatives),
      Channel: asMenu('Channel', rest.channels),
      Weekday: ['All Weekdays', ...WEEKDAYS],
      Daypart: ['All Dayparts', ...DAYPARTS],
      Site: asMenu('Site', rest.sites),
    };
    const shown: Record<string, string[]> = {};
    for (const title of Object.keys(expected)) {
      shown[title] = await menuNames(page, title);
      if (title === 'Campaign') await shot(page, 'dashboard-menu-campaign-1400');
      await closeMenu(page, title);
    }
    expect(shown).toEqual(expected);
  });

  it('filters by the campaign ticked: its bookings in the Booking menu, its numbers on the tiles', async () => {
    const { page } = b;
    const campaign = rest.campaigns.find((c) => c.id === 1)!;
    const sent: Record<string, unknown>[] = [];
    page.on('request', (req) => {
      if (!req.url().endsWith('/graphql')) return;
      const body = req.postDataJSON() as { operationName?: string; variables?: { filter?: Record<string, unknown> } };
      if (body?.operationName === 'ImpressionSummary' && body.variables?.filter) sent.push(body.variables.filter);
    });
    const unfiltered = await tileTexts(page);
    await applyFilter(page, 'Campaign', campaign.display_name);
    await settled(page);
    const filter = { ...defaultFilter(customerId), campaign: [campaign.id] };
    expect(sent.at(-1)).toEqual(filter);
    expect(page.url()).toMatch(/[?&]campaign=1(&|$)/);
    await expect(page.getByTestId('filter-Campaign').getAttribute('aria-label')).resolves.toBe(
      `Campaign: ${campaign.display_name}. Select campaigns (affects booking options)`,
    );
    const r = await gql(t.url, SUMMARY, { filter }, token);
    expect(r.errors).toBeUndefined();
    const shown = await tileTexts(page);
    expect(shown).toEqual(expectedTiles(r.data.impression_summary.summary_data));
    // The campaign is a part of the whole, so its numbers are not the unfiltered ones.
    expect(shown).not.toEqual(unfiltered);
    // The cascade (spec 4): the Booking menu holds this campaign's bookings only.
    expect(await menuNames(page, 'Booking')).toEqual([
      'All Bookings',
      ...rest.bookings.filter((x) => x.campaign_id === campaign.id).map((x) => x.display_name),
    ]);
    await closeMenu(page, 'Booking');
    await top(page);
    await b.screenshot('dashboard-campaign-filtered-1400');
  });

  it('shows the menus in the drawer on a phone with the same names, and nothing scrolls sideways', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('filter-Region').waitFor({ state: 'hidden', timeout: 10_000 });
    await settled(page);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByTestId('filter-drawer').waitFor();
    expect(await menuNames(page, 'Channel')).toEqual(asMenu('Channel', rest.channels));
    await shot(page, 'dashboard-menu-channel-390');
    await closeMenu(page, 'Channel');
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-drawer').waitFor({ state: 'detached' });
    await top(page);
    // The six tiles sit in two columns of three rows.
    const boxes = await page
      .getByTestId('summary-tiles')
      .locator(':scope > [data-testid^="card-"]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y })));
    expect(boxes).toHaveLength(6);
    expect(new Set(boxes.map((r) => Math.round(r.x))).size).toBe(2);
    expect(new Set(boxes.map((r) => Math.round(r.y))).size).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await b.screenshot('dashboard-tiles-390');
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
