import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import { ensureClientBuilt, openBrowser, SCREENSHOTS, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { startPipelineGateway } from '../support/pipeline';
import { seedDashboardTraffic } from './dashboard-traffic';
import { applyFilter, fmt, openDashboard, scrollToRow, settled } from './dashboard-page';
import { signIn, signOut } from './flows';

/**
 * docs/design.md#attribution-what-if on the screen: the "Attribution window what-if" panel of the summary view
 * asks for its call only when the reader opens it (no refresh waits for it), then shows, for the filter the screen
 * sent, every window's visits, visit rate and cost per visit exactly as the API answers them, the window in use
 * marked, and follows the filter; at 1400 px and at 390 px.
 */
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
const sent: Record<string, unknown>[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  await seedDashboardTraffic(t);
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  b.page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  b.page.on('request', (req) => {
    if (!req.url().endsWith('/graphql')) return;
    const body = req.postDataJSON() as { operationName?: string; variables?: { filter?: Record<string, unknown> } };
    if (body?.operationName === 'AttributionWhatIf' && body.variables?.filter) sent.push(body.variables.filter);
  });
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

const customerUser = DEMO_USERS.find((u) => u.org === 'customer' && !u.admin)!;

async function token(): Promise<string> {
  const r = await call(t.url, 'POST', '/api/login', { body: { email: customerUser.email, password: DEMO_PASSWORD } });
  expect(r.status).toBe(200);
  return r.body.access_token;
}

const windowLabel = (h: number) => (h % 24 === 0 ? `${h / 24} d` : `${h} h`);

/** The panel's table as shown, row by row, equals the API's answer for the filter the screen last sent. */
async function expectPanelMatchesApi(page: Page) {
  await scrollToRow(page, 'what-if');
  const filter = sent[sent.length - 1];
  const r = await call(t.url, 'POST', '/api/dashboard/attribution_what_if', { token: await token(), body: filter });
  expect(r.status).toBe(200);
  const current: number = r.body.summary_data.Current_Window_Hours;
  expect(current).toBe(168);
  const panel = page.getByTestId('panel-what-if');
  const shown = await panel
    .getByTestId('what-if-table')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim())));
  expect(shown).toEqual(
    r.body.table_data.map(
      (row: { Window_Hours: number; Total_Responses: number; Response_Rate: number; Current_CPR: number }) => [
        row.Window_Hours === current ? `${windowLabel(row.Window_Hours)} (current)` : windowLabel(row.Window_Hours),
        fmt.formatCount(row.Total_Responses),
        fmt.formatPercent(row.Response_Rate),
        fmt.formatDollars(row.Current_CPR),
      ],
    ),
  );
  expect(shown.map((cells) => cells[0])).toEqual(['1 h', '6 h', '1 d', '2 d', '3 d', '7 d (current)', '14 d', '30 d']);
  expect(await panel.getByTestId('what-if-current').innerText()).toBe(
    'Current window (orange point): 7 days. Left axis: visits; right axis: visit rate.',
  );
  // The curve is drawn: one line for visits, one for the rate, eight points.
  await panel.getByTestId('what-if-chart').locator('svg').first().waitFor();
  return r.body;
}

/** The panel alone, from a full-page picture (so the sticky bar does not cover its title). */
async function shoot(page: Page, name: string) {
  // From the top, so the sticky bar is drawn there and not over the panel.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  const box = await page.getByTestId('panel-what-if').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, clip: box });
}

it('shows every window of the API on the summary view, unfiltered and filtered', async () => {
  const { page } = b;
  await signIn(page, customerUser.email, DEMO_PASSWORD);
  await openDashboard(page);
  await settled(page);
  // Closed, it has sent nothing: the refresh's calls do not include it.
  await scrollToRow(page, 'what-if');
  expect(sent).toEqual([]);
  const panel = page.getByTestId('panel-what-if');
  await expect(panel.getByTestId('what-if-table').count()).resolves.toBe(0);
  await panel.getByRole('button', { name: 'Compare touch windows' }).click();
  await panel.getByTestId('what-if-table').waitFor();
  expect(sent).toHaveLength(1);
  const all = await expectPanelMatchesApi(page);
  // Responses can only grow with the window, and the traffic has visits within the week.
  const counts = all.table_data.map((r: { Total_Responses: number }) => r.Total_Responses);
  expect([...counts].sort((a: number, b: number) => a - b)).toEqual(counts);
  expect(counts[5]).toBeGreaterThan(0);
  await shoot(page, 'dashboard-what-if-1400');

  // Once open it follows the filter.
  await applyFilter(page, 'Region', 'Wellington');
  await settled(page);
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="panel-what-if"][data-loading-state="loading"]'),
  );
  const filtered = await expectPanelMatchesApi(page);
  expect(sent[sent.length - 1].region).toEqual(['WGN']);
  expect(filtered.summary_data.Actual_Impressions).toBeLessThan(all.summary_data.Actual_Impressions);
});

it('fits a phone at 390 px', async () => {
  const { page } = b;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('filter-Region').waitFor({ state: 'hidden', timeout: 10_000 });
  await settled(page);
  await expectPanelMatchesApi(page);
  const panel = page.getByTestId('panel-what-if');
  const box = await panel.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, 'dashboard-what-if-390');
  await page.setViewportSize({ width: 1400, height: 900 });
  await signOut(page);
});
