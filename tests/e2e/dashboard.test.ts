import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import { ensureClientBuilt, openBrowser, SCREENSHOTS, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { startPipelineGateway } from '../support/pipeline';
import { seedDashboardTraffic, TRAFFIC_REGIONS } from './dashboard-traffic';
import {
  applyFilter,
  defaultFilter,
  expectedTiles,
  fmt,
  one,
  openDashboard,
  scrollToRow,
  settled,
  tileTexts,
  top,
} from './dashboard-page';
import { signIn, signOut } from './flows';

jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
let customerIds: number[];
const SHEETS = [
  'Impressions Summary',
  'Impressions Before Visit',
  'Responses By Region',
  'Responses By Site',
  'Responses Over Time',
  'Visit Response Timing',
  'Creative Performance',
  'Creative Summary',
  'Creative Cost',
  'Heatmap - Impressions',
  'Heatmap - Visits',
  'Heatmap Response Rate',
  'Reach Frequency',
  'Incremental Lift',
  'Invalid Traffic',
  'Annotations',
];

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  ({ customerIds } = await seedDashboardTraffic(t));
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  b.page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

const user = (org: string, admin = false) => DEMO_USERS.find((u) => u.org === org && u.admin === admin)!;

async function tokenOf(email: string): Promise<string> {
  const r = await call(t.url, 'POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
  expect(r.status).toBe(200);
  return r.body.access_token;
}

const API = `query ($filter: DashboardFilterInput!) {
  impression_summary(filter: $filter) { summary_data { Ad_Spend Actual_Impressions Total_Responses CPM_Actual Response_Rate Current_CPR } }
  responses_over_time(filter: $filter) { table_data { Date Total_Impressions Same_Day Total_Responses } }
  creative_performance_summary(filter: $filter) { table_data { Creative Duration Total_Impressions Ad_Spend Total_Responses Response_Rate_Percent Current_CPR } }
  reach_frequency(filter: $filter) { table_data { Frequency Households Responding Response_Rate } summary_data { Reach Avg_Frequency Optimal_Frequency } }
  incremental_lift(filter: $filter) { summary_data { Method Control_Rate Incremental_Responses Lift Lift_Low Lift_High } }
}`;

async function apiNumbers(token: string, filter: object) {
  const r = await gql(t.url, API, { filter }, token);
  expect(r.errors).toBeUndefined();
  return r.data;
}

/** The tiles, the over-time table and the details table on screen equal the API's numbers. */
async function expectScreenMatchesApi(page: Page, token: string, filter: Record<string, unknown>, shot: string) {
  const api = await apiNumbers(token, filter);
  const s = api.impression_summary.summary_data;
  expect(s.Actual_Impressions).toBeGreaterThan(0);
  expect(await tileTexts(page)).toEqual(expectedTiles(s));

  // The Reach & Lift row (docs/design.md#reach-frequency-and-lift): reach, frequency, incremental visitors, lift with its range and method.
  const reach = api.reach_frequency.summary_data;
  const lift = api.incremental_lift.summary_data;
  await scrollToRow(page, 'reach-and-lift');
  const method =
    lift.Method === 'holdout'
      ? 'compared with a holdout group that saw no ad'
      : 'compared with the same households in the week before their first impression';
  const reachCards: [string, string][] = [
    ['card-reach', fmt.formatCount(reach.Reach)],
    ['card-avg-frequency', one.format(reach.Avg_Frequency)],
    ['card-incremental', fmt.formatCount(Math.round(lift.Incremental_Responses))],
    ['card-lift', lift.Control_Rate === 0 ? '-' : fmt.formatPercent(lift.Lift)],
  ];
  for (const [id, value] of reachCards) {
    expect(`${id}: ${(await page.getByTestId(id).getByTestId('card-value').innerText()).trim()}`).toBe(
      `${id}: ${value}`,
    );
  }
  expect(await page.getByTestId('card-lift').innerText()).toContain(
    lift.Control_Rate === 0
      ? `Not measurable yet: no baseline visits (${method}).`
      : `95% range ${fmt.formatPercent(lift.Lift_Low)} to ${fmt.formatPercent(lift.Lift_High)}, ${method}.`,
  );
  if (reach.Optimal_Frequency > 0) {
    expect(await page.getByTestId('optimal-frequency').innerText()).toBe(
      `Optimal frequency (orange bar): ${reach.Optimal_Frequency === 1 ? '1 impression' : `${reach.Optimal_Frequency >= 10 ? '10+' : reach.Optimal_Frequency} impressions`} per household`,
    );
  }

  await scrollToRow(page, 'visits-over-time');
  const overTime = page.getByTestId('over-time-table');
  await overTime.locator('summary').click();
  const rows = await overTime
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim())));
  expect(rows).toEqual(
    api.responses_over_time.table_data.map((r: any) => [
      fmt.formatDay(r.Date),
      fmt.formatCount(r.Total_Impressions),
      fmt.formatCount(r.Same_Day),
      fmt.formatCount(r.Total_Responses),
    ]),
  );
  await top(b.page);
  await b.screenshot(`${shot}-summary-1400`);

  await page.getByTestId('view-select').selectOption('performance');
  await page.getByTestId('performance-view').waitFor();
  await settled(page);
  const details = [...api.creative_performance_summary.table_data].sort(
    (a: any, b: any) => b.Response_Rate_Percent - a.Response_Rate_Percent,
  );
  const shown = await page
    .getByTestId('details-row')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim())));
  expect(shown).toEqual(
    details
      .slice(0, 6)
      .map((r: any) => [
        fmt.truncateLabel(r.Creative),
        r.Duration || 'N/A',
        fmt.formatCount(r.Total_Impressions),
        fmt.formatDollars(r.Ad_Spend),
        fmt.formatCount(r.Total_Responses),
        fmt.formatPercent(r.Response_Rate_Percent),
        fmt.formatDollars(r.Current_CPR),
      ]),
  );
  const n = details.length;
  expect(await page.getByTestId('details-range').innerText()).toBe(n ? `1–${Math.min(6, n)} of ${n}` : '0-0 of 0');
  // Short pages are padded to six rows.
  expect(await page.getByTestId('details-table').locator('tbody tr').count()).toBe(6);
  await top(b.page);
  await b.screenshot(`${shot}-performance-1400`);
  await page.getByTestId('view-select').selectOption('summary');
  await page.getByTestId('summary-view').waitFor();
  await settled(page);
}

describe('a customer user', () => {
  const u = user('customer');
  let token: string;
  const sent: Record<string, unknown>[] = [];

  beforeAll(async () => {
    token = await tokenOf(u.email);
    b.page.on('request', (req) => {
      if (!req.url().endsWith('/graphql')) return;
      const body = req.postDataJSON() as { operationName?: string; variables?: { filter?: Record<string, unknown> } };
      if (body?.operationName === 'ImpressionSummary' && body.variables?.filter) sent.push(body.variables.filter);
    });
    await signIn(b.page, u.email, DEMO_PASSWORD);
  });

  it('gets its only customer chosen, filters by region and daypart and reads the API numbers', async () => {
    const { page } = b;
    await openDashboard(page);
    await settled(page);
    expect(await page.getByTestId('customer-select').inputValue()).toBe(String(customerIds[0]));
    expect(page.url()).toContain(`customer=${customerIds[0]}`);
    // Unfiltered first.
    await expectScreenMatchesApi(page, token, defaultFilter(customerIds[0]), 'dashboard-customer-unfiltered');

    await applyFilter(page, 'Region', 'Auckland');
    await settled(page);
    await applyFilter(page, 'Daypart', 'Peak (19:30-22:29)');
    await settled(page);
    const filter = { ...defaultFilter(customerIds[0]), region: ['AUK'], time_slots: [7] };
    expect(sent.at(-1)).toEqual(filter);
    // Filtered: a badge with the count, the tooltip text in the button's name, the URL holds it.
    await expect(page.getByTestId('filter-Region').getByTestId('filter-badge').innerText()).resolves.toBe('1');
    await expect(page.getByTestId('filter-Region').getAttribute('aria-label')).resolves.toBe('Region: Auckland');
    await expect(page.getByTestId('filter-Campaign').getAttribute('aria-label')).resolves.toBe(
      'Campaign: All Campaigns. Select campaigns (affects booking options)',
    );
    expect(page.url()).toMatch(/region=AUK/);
    expect(page.url()).toMatch(/daypart=7/);
    await expectScreenMatchesApi(page, token, filter, 'dashboard-customer-filtered');
  });

  it('goes back to the previous selection with the browser history', async () => {
    const { page } = b;
    // Back over the summary/performance switch of the check above, then over the daypart filter.
    for (let i = 0; i < 3; i++) await page.goBack();
    await settled(page);
    expect(page.url()).not.toMatch(/daypart=/);
    expect(page.url()).toMatch(/region=AUK/);
    await expect(page.getByTestId('filter-Daypart').getByTestId('filter-badge').count()).resolves.toBe(0);
    await page.goForward();
    await settled(page);
    await expect(page.getByTestId('filter-Daypart').getByTestId('filter-badge').innerText()).resolves.toBe('1');
  });

  it('toggles the legend, downloads the chart as a PNG and copies it', async () => {
    const { page } = b;
    await scrollToRow(page, 'visits-over-time');
    const panel = page.getByTestId('panel-visits-over-time');
    const legend = panel.getByTestId('legend-Impressions');
    await expect(legend.getAttribute('aria-pressed')).resolves.toBe('true');
    await legend.click();
    await expect(legend.getAttribute('aria-pressed')).resolves.toBe('false');
    await page.waitForFunction((el) => getComputedStyle(el!).opacity === '0.5', await legend.elementHandle());
    await legend.click();
    await expect(legend.getAttribute('aria-pressed')).resolves.toBe('true');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('visits-over-time.png');
    const file = join(SCREENSHOTS, '..', 'downloads', 'visits-over-time.png');
    mkdirSync(join(SCREENSHOTS, '..', 'downloads'), { recursive: true });
    await download.saveAs(file);
    const png = readFileSync(file);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(2000);
    // Scale 2: the PNG is twice the chart's width (the widest svg of the panel; the others are icons).
    const width = await panel
      .locator('svg')
      .evaluateAll((svgs) => Math.max(...svgs.map((svg) => svg.getBoundingClientRect().width)));
    expect(png.readUInt32BE(16)).toBe(Math.round(width * 2));
  });

  it('opens Campaign Intelligence and copies the report as plain text', async () => {
    const { page } = b;
    await page.getByRole('button', { name: 'Run analysis' }).click();
    const dialog = page.getByTestId('analysis-dialog');
    await dialog.waitFor();
    for (const h of ['Campaign Performance', 'Creative Effectiveness', 'Geographic Distribution', 'Response Profile']) {
      await dialog.getByRole('heading', { name: h }).waitFor();
    }
    await top(b.page);
    await b.screenshot('dashboard-analysis-1400');
    await dialog.getByRole('button', { name: 'Copy Report' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toMatch(/^Campaign Intelligence\n/);
    expect(text).toContain('Campaign Performance\n');
    expect(text).not.toMatch(/<[a-z/]/i);
    await dialog.getByRole('button', { name: 'Copied' }).waitFor({ state: 'detached', timeout: 4000 });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('exports the 12 sheets in order with their columns and formats, then Reach Frequency, Incremental Lift, Invalid Traffic and Annotations', async () => {
    const { page } = b;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export all data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Infinitum_Dashboard_\d{8}_\d{6}\.xlsx$/);
    const file = join(SCREENSHOTS, '..', 'downloads', download.suggestedFilename());
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(SHEETS);
    const header = (name: string) => (wb.getWorksheet(name)!.getRow(1).values as unknown[]).slice(1);
    expect(header('Responses By Region')).toEqual(['Region', 'Responses', 'Percentage']);
    expect(header('Heatmap - Impressions')).toEqual(['time', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Total']);
    expect(header('Creative Summary')).toEqual([
      'Creative',
      'Duration',
      'Total_Impressions',
      'Ad_Spend',
      'Total_Responses',
      'Response_Rate_Percent',
      'Current_CPR',
    ]);
    const summary = wb.getWorksheet('Impressions Summary')!;
    expect(summary.getRow(2).getCell(1).numFmt).toBe('"$"#,##0.00');
    expect(summary.getRow(2).getCell(2).numFmt).toBe('#,##0');
    expect(summary.getRow(2).getCell(5).numFmt).toBe('0.0%');
    expect(typeof summary.getRow(2).getCell(2).value).toBe('number');
    for (const ws of wb.worksheets) for (const col of ws.columns) expect(col.width ?? 0).toBeLessThanOrEqual(30);
    expect(wb.getWorksheet('Heatmap - Visits')!.rowCount).toBe(9);
    expect(header('Incremental Lift')).toEqual([
      'Method',
      'Exposed_Households',
      'Control_Households',
      'Exposed_Rate',
      'Control_Rate',
      'Incremental_Responses',
      'Lift',
      'Lift_Low',
      'Lift_High',
    ]);
    expect(['holdout', 'pre_post']).toContain(wb.getWorksheet('Incremental Lift')!.getRow(2).getCell(1).value);
    expect(wb.getWorksheet('Reach Frequency')!.rowCount).toBeGreaterThan(1);
  });

  it('shows a failing call as its toast and its panel as failed, the others still load', async () => {
    const { page } = b;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string };
      if (body?.operationName === 'ResponsesBySite') {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Site data failed' }),
        });
      } else await route.continue();
    });
    // A second region widens the selection, so the refresh cannot come back empty (a narrower filter,
    // such as one weekday of Auckland's peak, has no data on some days the suite runs).
    await applyFilter(page, 'Region', 'Wellington');
    await page.getByText('Error: 500 - Site data failed').waitFor();
    await settled(page);
    await scrollToRow(page, 'pages');
    await expect(page.getByTestId('panel-page-table').getAttribute('data-loading-state')).resolves.toBe('error');
    await scrollToRow(page, 'visits-over-time');
    await expect(page.getByTestId('panel-visits-over-time').getAttribute('data-loading-state')).resolves.not.toBe(
      'error',
    );
    await page.unroute('**/graphql');
    await signOut(page);
  });
});

describe('an agency user', () => {
  const u = user('agency', true);
  let token: string;

  beforeAll(async () => {
    token = await tokenOf(u.email);
    // Start signed out whatever the suite above left behind.
    await b.page.goto('/login');
    await b.page.evaluate(() => localStorage.clear());
    await signIn(b.page, u.email, DEMO_PASSWORD);
  });

  it('picks a customer, filters by region and daypart and reads the API numbers', async () => {
    const { page } = b;
    await openDashboard(page);
    await settled(page);
    // Four customers: the list is there to choose from.
    const options = page.getByTestId('customer-select').locator('option:not([value=""])');
    await options.nth(3).waitFor({ state: 'attached' });
    expect(await options.count()).toBe(4);
    await page.getByTestId('customer-select').selectOption(String(customerIds[1]));
    await settled(page);
    await page.getByText('No data available for the selected filters').waitFor();
    await top(b.page);
    await b.screenshot('dashboard-no-data');
    await page.getByTestId('customer-select').selectOption(String(customerIds[0]));
    await settled(page);
    await applyFilter(page, 'Region', 'Wellington');
    await settled(page);
    await applyFilter(page, 'Daypart', 'Peak (19:30-22:29)');
    await settled(page);
    await expectScreenMatchesApi(
      page,
      token,
      { ...defaultFilter(customerIds[0]), region: ['WGN'], time_slots: [7] },
      'dashboard-agency-filtered',
    );
  });

  it('lists every region in the modal and keeps the map readable without tiles', async () => {
    const { page } = b;
    // Both filters of the check above go: under Peak alone, how many regions have a response depends on the
    // hour the suite runs (the traffic is placed relative to now), and may be fewer than five.
    await applyFilter(page, 'Region', 'All Regions');
    await settled(page);
    await applyFilter(page, 'Daypart', 'All Dayparts');
    await settled(page);
    await scrollToRow(page, 'regions');
    const panel = page.getByTestId('panel-regions');
    await expect(panel.getByTestId('region-table').locator('tbody tr').count()).resolves.toBe(5);
    await panel.getByRole('button', { name: `Show all ${TRAFFIC_REGIONS.length} regions` }).click();
    await page.getByRole('dialog', { name: 'All Responses by Region' }).waitFor();
    await expect(page.getByTestId('all-regions-table').locator('tbody tr').count()).resolves.toBe(
      TRAFFIC_REGIONS.length,
    );
    await page.keyboard.press('Escape');
    // The map mounts (and Leaflet loads) when it comes near the screen: scrolled to, as a reader does.
    await panel.getByTestId('region-map').scrollIntoViewIfNeeded();
    // The 16 regions' outlines and their labels are drawn even though no tile can load here.
    await panel.locator('path.region-shape').nth(15).waitFor({ state: 'attached' });
    await expect(panel.locator('path.region-shape').count()).resolves.toBe(16);
    await panel.getByText(/^Auckland: /).waitFor();
  });

  it('fits a phone: the filters move into a drawer and the panels stack', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    // The layout follows the media query on the next render: wait for the bar's filters to leave.
    await page.getByTestId('filter-Region').waitFor({ state: 'hidden', timeout: 10_000 });
    await settled(page);
    const widths = await page
      .locator('[data-testid^="panel-"]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    for (const w of widths) expect(w).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await top(b.page);
    await b.screenshot('dashboard-summary-390');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByTestId('filter-drawer').waitFor();
    await top(b.page);
    await b.screenshot('dashboard-drawer-390');
    await page.getByTestId('filter-drawer').getByTestId('view-select').selectOption('performance');
    await page.keyboard.press('Escape');
    await settled(page);
    await top(b.page);
    await b.screenshot('dashboard-performance-390');
    await page.setViewportSize({ width: 1400, height: 900 });
    await signOut(page);
  });
});
