import { join } from 'node:path';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import ExcelJS from 'exceljs';
import { ensureClientBuilt, openBrowser, SCREENSHOTS, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { ingestAndSettle, startPipelineGateway, superAdminToken, type IngestLine } from '../support/pipeline';
import { seedDashboardTraffic } from './dashboard-traffic';
import { defaultFilter, fmt, openDashboard, scrollToRow, settled } from './dashboard-page';
import { signIn } from './flows';

/**
 * The "Invalid traffic" tile and its breakdown in Chromium (docs/invalid-traffic.md#where-it-is-shown): after
 * bots and data-centre lines beside the human traffic, the tile's share, its note and the rows per reason read
 * exactly what the invalid_traffic call answers, formatted.
 */
jest.setTimeout(240_000);

const HOUR = 3_600_000;
let t: TestGateway;
let b: TestBrowser;
let customerId: number;

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway({ DATACENTER_CIDRS_FILE: join(__dirname, '../fixtures/datacenter-cidrs.txt') });
  ({ customerId } = await seedDashboardTraffic(t));
  const ds = t.gateway.app.ds;
  const tags: { tag_key: string }[] = await ds.query('SELECT tag_key FROM impression_tag WHERE customer_id = ?', [
    customerId,
  ]);
  const sites: { tag_key: string }[] = await ds.query('SELECT tag_key FROM site_tag WHERE customer_id = ?', [
    customerId,
  ]);
  const lines: (IngestLine & { ua?: string })[] = [];
  const now = Date.now();
  for (let n = 0; n < 60; n++) {
    const ts = new Date(now - (2 * 24 + n) * HOUR).toISOString();
    const base = { tag: tags[n % tags.length].tag_key, ts, household: String(8_000_000 + n) };
    lines.push({ type: 'impression', ...base, id: `bot-${n}`, ua: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    if (n % 3 === 0) lines.push({ type: 'impression', ...base, id: `dc-${n}`, ip: '203.0.113.9' });
    if (n % 4 === 0)
      lines.push({
        type: 'visit',
        ...base,
        tag: sites[n % sites.length].tag_key,
        url: 'https://southerncrossinsurance.co.nz/',
        id: `botv-${n}`,
        ua: 'curl/8.5.0',
      });
  }
  const answer = await ingestAndSettle(t, await superAdminToken(t), lines);
  expect(answer.rejected).toBe(0);
  b = await openBrowser(t.url, { width: 1400, height: 900 });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

test("the Invalid traffic tile and its reasons read the API's answer", async () => {
  const u = DEMO_USERS.find((x) => x.org === 'customer' && !x.admin)!;
  const login = await call(t.url, 'POST', '/api/login', { body: { email: u.email, password: DEMO_PASSWORD } });
  const token: string = login.body.access_token;
  const q = `query($f: DashboardFilterInput!) { invalid_traffic(filter: $f) {
    table_data { Reason Label Invalid_Impressions Invalid_Visits Invalid_Spend }
    summary_data { Invalid_Impressions Invalid_Visits Invalid_Spend Counted_Impressions Filtered_Share } } }`;
  const api = (await gql(t.url, q, { f: defaultFilter(customerId) }, token)).data.invalid_traffic;
  const s = api.summary_data;
  expect(s.Invalid_Impressions).toBe(80);
  expect(s.Invalid_Visits).toBe(15);
  expect(s.Filtered_Share).toBeGreaterThan(0);

  const { page } = b;
  await signIn(page, u.email, DEMO_PASSWORD);
  await openDashboard(page);
  await settled(page);
  await scrollToRow(page, 'invalid-traffic');
  const card = page.getByTestId('card-invalid-traffic');
  expect((await card.getByTestId('card-value').innerText()).trim()).toBe(fmt.formatPercent(s.Filtered_Share));
  expect(await card.innerText()).toContain(
    `${fmt.formatCount(s.Invalid_Impressions)} impressions and ${fmt.formatCount(s.Invalid_Visits)} site hits filtered before counting; they would have cost ${fmt.formatDollars(s.Invalid_Spend)}.`,
  );
  const rows = await page
    .getByTestId('table-invalid-reasons')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
  const expected = api.table_data
    .filter((r: any) => r.Invalid_Impressions + r.Invalid_Visits > 0)
    .map((r: any) => [
      r.Label,
      fmt.formatCount(r.Invalid_Impressions),
      fmt.formatCount(r.Invalid_Visits),
      fmt.formatDollars(r.Invalid_Spend),
    ]);
  expect(rows).toEqual(expected);
  expect(rows.map((r) => r[0])).toEqual(['Bots and crawlers', 'Data-centre addresses']);
  await page.getByTestId('panel-invalid-traffic').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-artifacts/screenshots/invalid-traffic-1400.png' });

  // The export's 'Invalid Traffic' sheet: the API's rows, then the totals with the share.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all data' }).click(),
  ]);
  const file = join(SCREENSHOTS, '..', 'downloads', `invalid-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.getWorksheet('Invalid Traffic')!;
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  expect(values(1)).toEqual([
    'Reason',
    'Label',
    'Invalid_Impressions',
    'Invalid_Visits',
    'Invalid_Spend',
    'Counted_Impressions',
    'Filtered_Share',
  ]);
  expect(sheet.rowCount).toBe(1 + api.table_data.length + 1);
  expect(values(2).slice(0, 4)).toEqual(['gpc', api.table_data[0].Label, 0, 0]);
  const total = values(sheet.rowCount);
  expect(total.slice(0, 4)).toEqual(['total', 'Total', s.Invalid_Impressions, s.Invalid_Visits]);
  expect(total[5]).toBe(s.Counted_Impressions);
  expect(total[6]).toBeCloseTo(s.Filtered_Share, 12);
  expect(sheet.getRow(sheet.rowCount).getCell(7).numFmt).toBe('0.0%');
});
