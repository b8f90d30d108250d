import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import { ensureClientBuilt, openBrowser, SCREENSHOTS, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { startPipelineGateway } from '../support/pipeline';
import { defaultFilter, fmt, openDashboard, scrollToRow, settled } from './dashboard-page';
import { seedDashboardTraffic } from './dashboard-traffic';
import { signIn } from './flows';

/**
 * The region map reads without map tiles (no internet, a blocked CDN): the regions' outlines ship with the
 * client, and the labels shown carry the API's names and numbers without overlapping. Every chart and table
 * offers its rows as CSV, and the file holds the API's rows.
 */
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
let customerId: number;
let token: string;
const customer = DEMO_USERS.find((u) => u.org === 'customer' && !u.admin)!;
/** Requests the page made to any host but the gateway (all refused, as on a network without the internet). */
const outside: string[] = [];

/** All 16 regional council areas of gateway/src/geo/regions.ts. */
const NZ_REGION_COUNT = 16;

const REGIONS = `query ($filter: DashboardFilterInput!) {
  responses_by_region(filter: $filter) { table_data { Region Responses Percentage Latitude Longitude } }
}`;
const SITES = `query ($filter: DashboardFilterInput!) {
  responses_by_site(filter: $filter) { table_data { Site Responses Response_Rate_Percent CPR } }
}`;

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  ({ customerId } = await seedDashboardTraffic(t));
  const login = await call(t.url, 'POST', '/api/login', { body: { email: customer.email, password: DEMO_PASSWORD } });
  token = login.body.access_token;
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  const own = new URL(t.url).host;
  await b.context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.host === own || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    outside.push(url.href);
    return route.abort('internetdisconnected');
  });
  b.page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  await signIn(b.page, customer.email, DEMO_PASSWORD);
  await openDashboard(b.page);
  await settled(b.page);
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

/** RFC 4180 rows (quoted fields, doubled quotes), the byte-order mark dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Clicks the card's Download CSV and reads the file it saves. */
async function downloadCsv(page: Page, card: Locator): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: /Download CSV/ }).click(),
  ]);
  const path = join(SCREENSHOTS, `csv-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return { name: download.suggestedFilename(), rows: parseCsv(readFileSync(path, 'utf8')) };
}

/** The API's rows as the CSV should hold them: a header of the field names, then each row's values in order. */
const asCsv = (rows: Record<string, unknown>[]) => {
  const cols = Object.keys(rows[0]);
  return [cols, ...rows.map((r) => cols.map((c) => (r[c] == null ? '' : String(r[c]))))];
};

type Box = { left: number; right: number; top: number; bottom: number };
const overlap = (a: Box, c: Box) => a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;

async function readMap(page: Page) {
  const panel = page.getByTestId('panel-regions');
  await panel.getByTestId('region-map').scrollIntoViewIfNeeded();
  await panel
    .locator('path.region-shape')
    .nth(NZ_REGION_COUNT - 1)
    .waitFor({ state: 'attached' });
  await panel.locator('.leaflet-container[data-labels-placed="true"]').waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  const shapes = await panel
    .locator('path.region-shape')
    .evaluateAll((els) =>
      els.map((e) => ({ region: e.getAttribute('data-region'), fill: e.getAttribute('fill'), d: e.getAttribute('d') })),
    );
  const labels = await panel.locator('.region-label').evaluateAll((els) =>
    els
      .filter((e) => (e as HTMLElement).style.visibility !== 'hidden')
      .map((e) => {
        const r = e.getBoundingClientRect();
        return {
          text: (e as HTMLElement).innerText.trim(),
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
        };
      }),
  );
  const tiles = await panel.locator('img.leaflet-tile-loaded').count();
  return { panel, shapes, labels, tiles };
}

describe('the region map without map tiles', () => {
  it("draws every region's outline, filled by visits, and labels the largest with the API's names and numbers", async () => {
    const { page } = b;
    const r = await gql(t.url, REGIONS, { filter: defaultFilter(customerId) }, token);
    expect(r.errors).toBeUndefined();
    const api: { Region: string; Responses: number }[] = r.data.responses_by_region.table_data;
    const withVisits = api.filter((x) => x.Responses > 0);
    expect(withVisits.length).toBeGreaterThan(3);

    await scrollToRow(page, 'regions');
    const { panel, shapes, labels, tiles } = await readMap(page);
    // No tile arrived (the street map is an optional layer, off) and the outlines are drawn anyway.
    expect(tiles).toBe(0);
    expect(shapes).toHaveLength(NZ_REGION_COUNT);
    for (const s of shapes) expect(s.d?.length ?? 0).toBeGreaterThan(20);
    // Regions with visits are filled darker than those without; the largest darkest.
    const fill = (name: string) => shapes.find((s) => s.region === name)?.fill;
    const blank = shapes.filter((s) => !api.some((x) => x.Region === s.region && x.Responses > 0));
    expect(blank.length).toBeGreaterThan(0);
    for (const x of withVisits) expect(fill(x.Region)).not.toBe(blank[0].fill);

    // Each label shown is a region's API name and number, the largest region is among them, none overlap.
    expect(labels.length).toBeGreaterThan(0);
    const expected = new Map(withVisits.map((x) => [`${x.Region}: ${fmt.formatCount(x.Responses)}`, x]));
    for (const l of labels) expect(expected.has(l.text)).toBe(true);
    const top = [...withVisits].sort((a, c) => c.Responses - a.Responses)[0];
    expect(labels.map((l) => l.text)).toContain(`${top.Region}: ${fmt.formatCount(top.Responses)}`);
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++) expect(overlap(labels[i], labels[j])).toBe(false);
    await panel.screenshot({ path: join(SCREENSHOTS, 'region-map-offline-1400.png') });

    // The same on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    const phone = await readMap(page);
    expect(phone.shapes).toHaveLength(NZ_REGION_COUNT);
    expect(phone.labels.length).toBeGreaterThan(0);
    for (const l of phone.labels) expect(expected.has(l.text)).toBe(true);
    for (let i = 0; i < phone.labels.length; i++)
      for (let j = i + 1; j < phone.labels.length; j++) expect(overlap(phone.labels[i], phone.labels[j])).toBe(false);
    await phone.panel.screenshot({ path: join(SCREENSHOTS, 'region-map-offline-390.png') });
    await page.setViewportSize({ width: 1400, height: 900 });
    await settled(page);
    // The page asked no other host for anything but map tiles it does not show (none at all, here).
    expect(outside.filter((u) => !/basemaps\.cartocdn\.com/.test(u))).toEqual([]);
  });
});

describe('Download CSV', () => {
  it("saves the region panel's rows as the API gave them", async () => {
    const { page } = b;
    const r = await gql(t.url, REGIONS, { filter: defaultFilter(customerId) }, token);
    await scrollToRow(page, 'regions');
    const csv = await downloadCsv(page, page.getByTestId('panel-regions'));
    expect(csv.name).toBe('responses-by-region.csv');
    expect(csv.rows).toEqual(asCsv(r.data.responses_by_region.table_data));
  });

  it("saves the pages' chart and table rows as the API gave them", async () => {
    const { page } = b;
    const r = await gql(t.url, SITES, { filter: defaultFilter(customerId) }, token);
    expect(r.errors).toBeUndefined();
    const expected = asCsv(r.data.responses_by_site.table_data);
    await scrollToRow(page, 'creatives-and-pages');
    await scrollToRow(page, 'pages');
    const table = await downloadCsv(page, page.getByTestId('panel-page-table'));
    expect(table.rows).toEqual(expected);
    const chart = await downloadCsv(page, page.getByTestId('panel-visits-by-page'));
    expect(chart.name).toBe('visits-by-page.csv');
    expect(chart.rows).toEqual(expected);
    // The button sits beside the card's title on a phone too, within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    const button = page.getByTestId('panel-visits-by-page').getByRole('button', { name: /Download CSV/ });
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.getByTestId('panel-visits-by-page').screenshot({ path: join(SCREENSHOTS, 'csv-button-390.png') });
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
