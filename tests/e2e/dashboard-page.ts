import { join } from 'node:path';
import { format, parseISO, subDays } from 'date-fns';
import type { Page } from 'playwright-core';
import { SCREENSHOTS } from '../support/browser';

/**
 * What the dashboard suites share: the spec 9 formats written out as the oracle the screen is read against, and
 * how a person waits for, scrolls through and filters the dashboard.
 */
const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
export const one = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const two = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const fmt = {
  formatCount: (n: number) => counts.format(n),
  formatCompact: (n: number) =>
    Math.abs(n) >= 1e6 ? `${one.format(n / 1e6)}M` : Math.abs(n) >= 1e3 ? `${one.format(n / 1e3)}K` : counts.format(n),
  formatMoney: (n: number) =>
    Math.abs(n) >= 1e6
      ? `$${one.format(n / 1e6)}M`
      : Math.abs(n) >= 1e3
        ? `$${one.format(n / 1e3)}K`
        : `$${two.format(n)}`,
  formatDollars: (n: number) => `$${two.format(n)}`,
  formatPercent: (f: number) => `${one.format(f * 100)}%`,
  formatDay: (iso: string) => format(parseISO(iso), 'dd MMM yyyy'),
  truncateLabel: (s: string) => (s.length > 20 ? `${s.slice(0, 17)}...` : s),
};

/** The filter payload of an unfiltered refresh of the default range (spec 7, spec 9: 'All' is id 0). */
export const defaultFilter = (clientId: number) => ({
  client_id: clientId,
  startdate: format(subDays(new Date(), 29), 'yyyy-MM-dd'),
  enddate: format(new Date(), 'yyyy-MM-dd'),
  region: [0] as (number | string)[],
  campaign: [0],
  booking: [0],
  creative: [0],
  channel: [0],
  weekday: [0],
  time_slots: [0],
  sites: [0],
});

/** Every panel has left 'loading' and no call is in flight (polled from here: nothing is sent into the page). */
export async function settled(page: Page, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  const content = page.getByTestId('dashboard-content');
  for (;;) {
    const busy = await content.getAttribute('data-busy').catch((e: Error) => e.message);
    const spinner = await content.getByTestId('dashboard-loading').count();
    // Panels whose code is still on its way (lazy views and charts) count as loading too.
    const loading = await content
      .locator('[data-loading-state="loading"], [data-testid="panel-loading"], [data-chart-loading]')
      .count();
    const rendered = await content.getAttribute('data-query').catch(() => null);
    const current = new URL(page.url()).search;
    if (busy === 'false' && spinner === 0 && loading === 0 && rendered === current) return;
    if (Date.now() > deadline) {
      await page.screenshot({ path: join(SCREENSHOTS, 'dashboard-unsettled.png'), fullPage: true });
      const states = await page
        .locator('[data-loading-state]')
        .evaluateAll((els) =>
          els.map((e) => `${e.getAttribute('data-testid')}=${e.getAttribute('data-loading-state')}`),
        );
      const text = (await content.innerText().catch(() => '')).slice(0, 200);
      throw new Error(
        `the dashboard did not settle: busy=${busy} (${await content.getAttribute('data-pending')}) spinner=${spinner} loading=${loading} ${states.join(' ')} ${text}`,
      );
    }
    await page.waitForTimeout(100);
  }
}

/**
 * Full-page pictures from the top, so the sticky header and bar sit where a reader expects them. The rows
 * below the first screen are drawn as they come near it: the page is scrolled through once first, so the
 * picture holds them all.
 */
export async function top(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 600; y < height; y += 600) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await page.waitForTimeout(50);
  }
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
}

/** A summary row below the first screen is drawn when it comes near the screen: scrolled to, as a reader does. */
export async function scrollToRow(page: Page, row: string) {
  const el = page.locator(`[data-row="${row}"]`);
  await el.scrollIntoViewIfNeeded();
  await el.locator(':scope > [data-deferred]').waitFor({ state: 'detached' });
  await settled(page);
}

export async function openDashboard(page: Page) {
  await page.getByRole('link', { name: 'Advanced analytics' }).click();
  await page.getByRole('heading', { name: 'Advanced analytics' }).waitFor();
}

/** Ticks one option of a multi-select filter and applies it. */
export async function applyFilter(page: Page, title: string, option: string) {
  const before = page.url();
  const menu = page.getByTestId(`filter-menu-${title}`);
  const ticked = menu.getByRole('checkbox', { name: option, exact: true, checked: true });
  // The box must be ticked before Apply commits the draft. On a loaded machine a click can land while the
  // menu is still being positioned and close it instead: open it again and tick once more (3 tries).
  for (let attempt = 1; ; attempt++) {
    if (!(await menu.isVisible())) await page.getByTestId(`filter-${title}`).click();
    if (!(await ticked.count())) await menu.getByText(option, { exact: true }).click();
    try {
      await ticked.waitFor({ state: 'attached', timeout: 5_000 });
      break;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
  await menu.getByRole('button', { name: 'Apply' }).click();
  await menu.waitFor({ state: 'detached' });
  // The navigation renders in a transition: wait for the new query before waiting for the panels.
  await page.waitForURL((url) => url.href !== before);
}

/** The six summary tiles as a reader sees them: 'Title: value'. */
export async function tileTexts(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const title of TILE_TITLES) {
    out.push(`${title}: ${(await page.getByTestId(`card-${title}`).getByTestId('card-value').innerText()).trim()}`);
  }
  return out;
}

export const TILE_TITLES = [
  'Ad Spend',
  'Actual Impressions',
  'Total Visits',
  'CPM Actual',
  'Response Rate',
  'Cost Per Visit',
] as const;

/** The tiles the API's impression summary should show, in the spec 9 formats. */
export function expectedTiles(s: {
  Ad_Spend: number;
  Actual_Impressions: number;
  Total_Responses: number;
  CPM_Actual: number;
  Response_Rate: number;
  Current_CPR: number;
}): string[] {
  return [
    `Ad Spend: ${fmt.formatMoney(s.Ad_Spend)}`,
    `Actual Impressions: ${fmt.formatCompact(s.Actual_Impressions)}`,
    `Total Visits: ${fmt.formatCompact(s.Total_Responses)}`,
    `CPM Actual: ${fmt.formatMoney(s.CPM_Actual)}`,
    `Response Rate: ${fmt.formatPercent(s.Response_Rate)}`,
    `Cost Per Visit: ${fmt.formatMoney(s.Current_CPR)}`,
  ];
}
