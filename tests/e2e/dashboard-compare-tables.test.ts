import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { format, subDays } from 'date-fns';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { startPipelineGateway, superAdminToken } from '../support/pipeline';
import { seedDashboardTraffic } from './dashboard-traffic';
import { defaultFilter, fmt, scrollToRow, settled, top } from './dashboard-page';
import { signIn } from './flows';

/**
 * The change columns of the page and creative tables (docs/design.md#period-comparison) as a buyer reads them:
 * with "Compare to" on, every compared figure of every row shows the API's row_changes in words (direction,
 * percent, amount, better/worse) and the comparison range's value; with it off, no change column.
 */
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
let customerId: number;
let token: string;

const DAY = 'yyyy-MM-dd';
const ROWS = '{ Key changes { Metric Value Compare_Value Change Change_Percent Better Verdict } }';
const API = `query ($filter: DashboardFilterInput!) {
  responses_by_site(filter: $filter) { table_data { Site } comparison { mode row_changes ${ROWS} } }
  creative_performance_summary(filter: $filter) {
    table_data { Creative Response_Rate_Percent } comparison { mode row_changes ${ROWS} }
  }
  creative_performance_cost(filter: $filter) { table_data { Creative } comparison { mode row_changes ${ROWS} } }
}`;

type Cell = { text: string; against: string; verdict: string | null };

/** What a change cell should say for one of the API's figure changes. */
function expectedCell(c: any, f: (n: number) => string): Cell {
  const direction = c.Change > 0 ? 'Up' : c.Change < 0 ? 'Down' : 'No change';
  const verdict = { better: 'better', worse: 'worse', unchanged: 'no change', neutral: '' }[c.Verdict as string];
  let text = direction;
  if (c.Change !== 0) {
    const pct = c.Change_Percent === null ? 'new' : fmt.formatPercent(Math.abs(c.Change_Percent));
    text = `${direction} ${pct} (${c.Change > 0 ? '+' : '-'}${f(Math.abs(c.Change))})`;
    if (verdict) text += `, ${verdict}`;
  }
  return { text, against: `vs ${f(c.Compare_Value)}`, verdict: c.Verdict };
}

/** Every row's change cells, in column order. */
async function shownCells(page: Page, rows: string): Promise<Cell[][]> {
  return page.locator(rows).evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('[data-testid="row-change"]')).map((el) => ({
        text: el.querySelector('[data-testid="row-change-text"]')?.textContent?.trim() ?? '',
        against: el.querySelector('[data-testid="row-change-against"]')?.textContent?.trim() ?? '',
        verdict: el.getAttribute('data-verdict'),
      })),
    ),
  );
}

function expectedRows(
  api: { comparison: { row_changes: any[] } },
  keys: string[],
  figures: [string, (n: number) => string][],
) {
  return keys.map((k) => {
    const row = api.comparison.row_changes.find((r: any) => r.Key === k);
    return figures.map(([metric, f]) =>
      expectedCell(
        row.changes.find((c: any) => c.Metric === metric),
        f,
      ),
    );
  });
}

const headers = (page: Page, table: string) => page.locator(`[data-testid="${table}"] thead th`).allInnerTexts();

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  ({
    customerIds: [customerId],
  } = await seedDashboardTraffic(t));
  const u = DEMO_USERS.find((x) => x.org === 'customer' && !x.admin)!;
  const login = await call(t.url, 'POST', '/api/login', { body: { email: u.email, password: DEMO_PASSWORD } });
  token = login.body.access_token;
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  await signIn(b.page, u.email, DEMO_PASSWORD);
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

test('the last 6 days against the previous 6: the page and creative tables show the API row changes', async () => {
  const { page } = b;
  // Traffic runs 2-9 days ago: both ranges have impressions and visits.
  const from = format(subDays(new Date(), 5), DAY);
  const to = format(new Date(), DAY);
  await page.goto(`/dashboard?customer=${customerId}&from=${from}&to=${to}&compare=previous`);
  await settled(page);
  const filter = { ...defaultFilter(customerId), startdate: from, enddate: to, compare: 'previous' };
  const r = await gql(t.url, API, { filter }, token);
  expect(r.errors).toBeUndefined();
  const api = r.data;

  // Visits by Page.
  await scrollToRow(page, 'pages');
  expect((await headers(page, 'page-table')).map((h) => h.trim())).toEqual([
    'Page',
    'Total Visits',
    'Total Visits vs previous period',
    'Response Rate',
    'Response Rate vs previous period',
    'CPVisit',
    'CPVisit vs previous period',
  ]);
  const sites = api.responses_by_site;
  expect(sites.table_data.length).toBeGreaterThan(0);
  const pageCells = await shownCells(page, '[data-testid="page-table"] tbody tr');
  expect(pageCells).toEqual(
    expectedRows(
      sites,
      sites.table_data.map((s: any) => s.Site),
      [
        ['Responses', fmt.formatCount],
        ['Response_Rate_Percent', fmt.formatPercent],
        ['CPR', fmt.formatDollars],
      ],
    ),
  );
  // The previous period had visits: at least one figure really compares (not only "new").
  expect(pageCells.flat().some((c) => c.against !== 'vs 0' && c.against !== 'vs -')).toBe(true);
  await page.locator('[data-testid="panel-page-table"]').screenshot({
    path: 'test-artifacts/screenshots/dashboard-compare-page-table-1400.png',
  });

  // The performance view: Creative Cost and Creative Performance Details.
  await top(page);
  await page.getByTestId('view-select').selectOption('performance');
  await page.getByTestId('performance-view').waitFor();
  await settled(page);
  const cost = api.creative_performance_cost;
  expect(await shownCells(page, '[data-testid="cost-table"] tbody tr')).toEqual(
    expectedRows(
      cost,
      cost.table_data.map((c: any) => c.Creative),
      [
        ['Ad_Spend', fmt.formatDollars],
        ['Total_Responses', fmt.formatCount],
        ['Current_CPR', fmt.formatDollars],
      ],
    ),
  );
  const details = [...api.creative_performance_summary.table_data].sort(
    (a: any, x: any) => x.Response_Rate_Percent - a.Response_Rate_Percent,
  );
  expect((await headers(page, 'details-table')).map((h) => h.trim())).toContain('Total Visits vs previous period');
  expect(await shownCells(page, '[data-testid="details-row"]')).toEqual(
    expectedRows(
      api.creative_performance_summary,
      details.slice(0, 6).map((c: any) => c.Creative),
      [
        ['Total_Impressions', fmt.formatCount],
        ['Ad_Spend', fmt.formatDollars],
        ['Total_Responses', fmt.formatCount],
        ['Response_Rate_Percent', fmt.formatPercent],
        ['Current_CPR', fmt.formatDollars],
      ],
    ),
  );
  await page.locator('[data-testid="panel-creative-details"]').screenshot({
    path: 'test-artifacts/screenshots/dashboard-compare-creative-details-1400.png',
  });
  await page.locator('[data-testid="panel-cost-table"]').screenshot({
    path: 'test-artifacts/screenshots/dashboard-compare-cost-table-1400.png',
  });
});

test('at 390 px the compared tables keep to the screen: no sideways page, every change cell readable', async () => {
  const { page } = b;
  const from = format(subDays(new Date(), 5), DAY);
  const to = format(new Date(), DAY);
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    for (const [view, panel] of [
      ['summary', 'panel-page-table'],
      ['performance', 'panel-creative-details'],
    ] as const) {
      const v = view === 'summary' ? '' : `&view=${view}`;
      await page.goto(`/dashboard?customer=${customerId}&from=${from}&to=${to}&compare=previous${v}`);
      await settled(page);
      if (view === 'summary') await scrollToRow(page, 'pages');
      const card = page.getByTestId(panel);
      await card.scrollIntoViewIfNeeded();
      await card.locator('[data-testid="row-change"]').first().waitFor();
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      // The card itself is on screen; its table may scroll inside it.
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const words = await card.locator('[data-testid="row-change"]').first().innerText();
      expect(words.trim()).not.toBe('');
      await card.screenshot({ path: `test-artifacts/screenshots/dashboard-compare-${view}-table-390.png` });
    }
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 });
  }
});

test('with the comparison off the tables have no change column', async () => {
  const { page } = b;
  await page.goto(`/dashboard?customer=${customerId}`);
  await settled(page);
  await scrollToRow(page, 'pages');
  expect((await headers(page, 'page-table')).map((h) => h.trim())).toEqual([
    'Page',
    'Total Visits',
    'Response Rate',
    'CPVisit',
  ]);
  await expect(page.getByTestId('row-change').count()).resolves.toBe(0);
});

test("the workbook writes the comparison beside each compared sheet and the range's notes and markers", async () => {
  const { page } = b;
  const from = format(subDays(new Date(), 5), DAY);
  const to = format(new Date(), DAY);
  const noteDay = format(subDays(new Date(), 3), DAY);
  const created = await gql(
    t.url,
    'mutation($input: AnnotationInput!) { createAnnotation(input: $input) { id } }',
    { input: { customer_id: customerId, start_date: noteDay, note: '=Radio flight starts' } },
    await superAdminToken(t),
  );
  expect(created.errors).toBeUndefined();
  await page.goto(`/dashboard?customer=${customerId}&from=${from}&to=${to}&compare=previous`);
  await settled(page);
  const filter = { ...defaultFilter(customerId), startdate: from, enddate: to, compare: 'previous' };
  const r = await gql(
    t.url,
    `query ($filter: DashboardFilterInput!, $c: Int!, $s: String!, $e: String!) {
      impression_summary(filter: $filter) { summary_data { Ad_Spend } comparison { changes { Metric Value Compare_Value Change Change_Percent } } }
      responses_over_time(filter: $filter) { table_data { Date } comparison { table_data { Date Total_Responses } } }
      responses_by_site(filter: $filter) { table_data { Site } comparison { row_changes ${ROWS} } }
      creative_performance_cost(filter: $filter) { table_data { Creative } comparison { row_changes ${ROWS} } }
      annotations(client_id: $c, startdate: $s, enddate: $e) { notes { start_date end_date note } automatic { kind date text } }
    }`,
    { filter, c: customerId, s: from, e: to },
    token,
  );
  expect(r.errors).toBeUndefined();
  const api = r.data;

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all data' }).click(),
  ]);
  const dir = join('test-artifacts', 'downloads');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `compare-${download.suggestedFilename()}`);
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  /** A sheet as objects keyed by its header row. */
  const rows = (name: string) => {
    const ws = wb.getWorksheet(name)!;
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const out: Record<string, unknown>[] = [];
    ws.eachRow((row, n) => {
      if (n === 1) return;
      // A blank cell (a percent of a new figure) reads as null.
      out.push(
        Object.fromEntries(
          header.map((h, i) => [h, row.getCell(i + 1).value || (row.getCell(i + 1).value === 0 ? 0 : null)]),
        ),
      );
    });
    return { header, rows: out };
  };
  const cellsOf = (c: any) => ({
    [`${c.Metric} compare`]: c.Compare_Value,
    [`${c.Metric} change`]: c.Change,
    [`${c.Metric} change %`]: c.Change_Percent,
  });
  const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

  // Impressions Summary: each figure, then its comparison value, change and change %.
  const summary = rows('Impressions Summary');
  expect(summary.header.slice(0, 4)).toEqual(['Ad_Spend', 'Ad_Spend compare', 'Ad_Spend change', 'Ad_Spend change %']);
  for (const c of api.impression_summary.comparison.changes) {
    const expected = cellsOf(c);
    expect(pick(summary.rows[0], Object.keys(expected))).toEqual(expected);
  }
  expect(wb.getWorksheet('Impressions Summary')!.getCell('D2').numFmt).toBe('0.0%');

  // Table sheets: every row of the API, paired by name.
  for (const [name, key, answer] of [
    ['Responses By Site', 'Site', api.responses_by_site],
    ['Creative Cost', 'Creative', api.creative_performance_cost],
  ] as const) {
    const sheet = rows(name);
    const byKey = new Map(sheet.rows.map((row) => [row[key], row]));
    expect([...byKey.keys()]).toEqual(answer.comparison.row_changes.map((x: any) => x.Key));
    for (const rc of answer.comparison.row_changes) {
      const expected = Object.assign({}, ...rc.changes.map(cellsOf));
      expect({ [key]: rc.Key, ...pick(byKey.get(rc.Key)!, Object.keys(expected)) }).toEqual({
        [key]: rc.Key,
        ...expected,
      });
    }
  }

  // Responses Over Time: the comparison's days beside, by offset.
  const overTime = rows('Responses Over Time');
  const before = api.responses_over_time.comparison.table_data;
  expect(overTime.rows.map((x) => [x.Compare_Date, x['Total_Responses compare']])).toEqual(
    before.map((d: any) => [d.Date, d.Total_Responses]),
  );

  // Annotations: the note (kept as text, not a formula) and the automatic markers of the range.
  const notes = rows('Annotations');
  expect(notes.header).toEqual(['Kind', 'Start_Date', 'End_Date', 'Text', 'Campaign', 'Created_By']);
  expect(notes.rows.filter((x) => x.Kind === 'note').map((x) => [x.Start_Date, x.End_Date, x.Text])).toEqual(
    api.annotations.notes.map((n: any) => [n.start_date, n.end_date, n.note]),
  );
  expect(
    notes.rows
      .filter((x) => x.Kind !== 'note')
      .map((x) => [x.Kind, x.Start_Date, x.Text])
      .sort(),
  ).toEqual(api.annotations.automatic.map((m: any) => [m.kind, m.date, m.text]).sort());
  expect(notes.rows.length).toBe(api.annotations.notes.length + api.annotations.automatic.length);
});
