import type { Page } from 'playwright-core';
import { makeUser } from '../support/actors';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { SUPER_ADMIN, startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { ingest, type IngestLine, seedCustomer, startPipelineGateway, waitForIdle } from '../support/pipeline';
import { signIn } from './flows';

/**
 * Monitoring in Chromium: the super admin watches the Activity and System Health tabs of /system-admin
 * move with real traffic (bulk ingest through the stream and the ETL), and sees the spec's error
 * texts when Redis is unreachable. Screenshots at 1400 and 390 px.
 */
jest.setTimeout(240_000);

/** Spec 8, character for character (client/src/features/monitoring/texts.ts holds the same). */
const TEXTS = {
  activityEmpty: 'No activity data for today',
  queueError: 'Failed to connect to Redis queue monitoring',
  cacheError: 'Failed to fetch Redis metrics',
};

let t: TestGateway;
let down: TestGateway;
let b: TestBrowser;
let admin: string;

const line = (type: 'impression' | 'visit', tag: string, n: number): IngestLine => ({
  type,
  tag,
  ts: new Date(Date.now() - 60_000).toISOString(),
  // A household per line number: one household's impressions of a tag at one instant would be repeats (invalid
  // traffic rule 6, docs/invalid-traffic.md), never counted.
  household: String(5000 + n),
  ...(type === 'visit' ? { url: 'https://shop.example/' } : {}),
});

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  down = await startTestGateway({ REDIS_URL: 'redis://127.0.0.1:1' });
  down.gateway.app.redis.on('error', () => undefined);
  admin = (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.access_token;
  const harbour = await seedCustomer(t, { name: 'Harbour Kitchens', timeZone: 'Pacific/Auckland', bookings: 2 });
  const alpine = await seedCustomer(t, { name: 'Alpine Outfitters', timeZone: 'Pacific/Auckland', bookings: 1 });
  const lines: IngestLine[] = [
    ...Array.from({ length: 420 }, (_, n) => line('impression', harbour.impressionTags[0].key, n)),
    ...Array.from({ length: 180 }, (_, n) => line('impression', harbour.impressionTags[2].key, n)),
    ...Array.from({ length: 35 }, (_, n) => line('visit', harbour.siteTags[0].key, n)),
    ...Array.from({ length: 150 }, (_, n) => line('impression', alpine.impressionTags[0].key, n)),
    ...Array.from({ length: 12 }, (_, n) => line('visit', alpine.siteTags[1].key, n)),
  ];
  expect((await ingest(t, admin, lines)).body.accepted).toBe(lines.length);
  await waitForIdle(t, admin);
  // A client user busy elsewhere: they show on Activity with their calls.
  const casey = await makeUser(t, {
    entityType: 'CUSTOMER',
    entityId: harbour.id,
    admin: false,
    name: 'Casey Harbour',
    email: 'casey@harbour.test',
  });
  for (let i = 0; i < 7; i++) await call(t.url, 'GET', '/api/countries/', { token: casey.token });
  b = await openBrowser(t.url, { width: 1400, height: 900 });
});

afterAll(async () => {
  await b?.close();
  await t?.close();
  await down?.close();
});

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.waitForTimeout(300);
  await b.screenshot(`${name}-1400`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await b.screenshot(`${name}-390`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

const ready = (page: Page, testId: string, state = 'ready') =>
  page.locator(`[data-testid="${testId}"][data-loading-state="${state}"]`).waitFor({ timeout: 20_000 });

describe('with Redis up', () => {
  it('Activity lists the signed-in super admin and a busy client user with their calls', async () => {
    const { page } = b;
    await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.getByRole('link', { name: 'System administration' }).click();
    await page.waitForURL('**/system-admin');
    await page.getByRole('tab', { name: 'Activity', exact: true }).click();
    const table = page.getByTestId('active-users-table');
    await table.getByText('casey@harbour.test').waitFor();
    const casey = table.getByRole('row').filter({ hasText: 'casey@harbour.test' });
    expect(await casey.innerText()).toMatch(
      /Casey Harbour[\s\S]*Client User[\s\S]*Harbour Kitchens[\s\S]*just now[\s\S]*7/,
    );
    const me = table.getByRole('row').filter({ hasText: SUPER_ADMIN.email });
    expect(await me.innerText()).toMatch(/Super Admin[\s\S]*System/);
    expect((await page.getByTestId('active-CUSTOMER').getByTestId('card-value').innerText()).trim()).toBe('1');
    expect((await page.getByTestId('active-SYSTEM').getByTestId('card-value').innerText()).trim()).toBe('1');
    expect((await page.getByTestId('active-total').getByTestId('card-value').innerText()).trim()).toBe('2');
    await shots(page, 'monitoring-activity');
  });

  it("System Health shows today's top clients, bookings and sites, the pipeline, the queue and the cache", async () => {
    const { page } = b;
    await page.getByRole('tab', { name: 'System Health', exact: true }).click();
    await Promise.all(['today-activity', 'etl-pipeline', 'queue-health', 'cache-health'].map((id) => ready(page, id)));

    const today = page.getByTestId('today-activity');
    expect(await today.innerText()).toContain('750 impressions · 47 site hits');
    // The chart's table alternative holds the ranked figures.
    const customers = today.getByTestId('top-customers').locator('table');
    expect((await customers.locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      'Harbour Kitchens 635',
      'Alpine Outfitters 162',
    ]);
    await today.getByRole('tab', { name: 'Bookings' }).click();
    const bookings = today.getByTestId('top-bookings').locator('tbody tr');
    expect(await bookings.count()).toBe(3);
    expect((await bookings.first().innerText()).replace(/\s+/g, ' ')).toMatch(/Booking 1 Harbour Kitchens 420/);
    await today.getByRole('tab', { name: 'Sites' }).click();
    expect((await today.getByTestId('top-sites').locator('tbody tr').first().innerText()).replace(/\s+/g, ' ')).toMatch(
      /Home page Harbour Kitchens 35/,
    );
    await today.getByRole('tab', { name: 'Customers' }).click();

    const etl = page.getByTestId('etl-pipeline');
    expect((await etl.getByTestId('etl-pending').innerText()).replace(/\s+/g, ' ')).toContain('Pending 0');
    expect((await etl.getByTestId('etl-processed').innerText()).replace(/\s+/g, ' ')).toContain('Processed 797');
    await etl.getByTestId('rate-badge').waitFor();

    const queue = page.getByTestId('queue-health');
    expect(await queue.getByTestId('queue-badge').innerText()).toBe('Healthy');
    expect(await queue.getByTestId('queue-row').first().innerText()).toContain('hits / etl');
    // Pause stops the 5 s polling and says so; Resume starts it again.
    await queue.getByTestId('queue-pause').click();
    await queue.getByText('paused', { exact: false }).waitFor();
    await queue.getByTestId('queue-pause').click();
    await queue.getByRole('button', { name: 'Pause' }).waitFor();

    const cache = page.getByTestId('cache-health');
    expect(await cache.innerText()).toMatch(/Redis \d+\.\d+/);
    expect(await cache.getByTestId('cache-memory').innerText()).toMatch(/(B|KB|MB)$/);
    expect(await cache.getByTestId('collectors').innerText()).toMatch(/pid \d+/);
    // The sparkline collects a point per reading (every 5 s).
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="etl-sparkline"]')?.getAttribute('data-points')) >= 2,
      undefined,
      { timeout: 15_000 },
    );
    await shots(page, 'monitoring-system-health');
  });
});

describe('with Redis unreachable', () => {
  it('the panels show the spec error texts; today’s activity (MySQL) still answers', async () => {
    const token = (await makeUser(down, { entityType: 'SYSTEM', entityId: 0, admin: true, name: 'Night Watch' })).token;
    const { page } = b;
    // The session as a signed-in tab holds it, set before each page of this gateway's origin runs: the client
    // keeps the access token in memory only, and without Redis there is no sign-in to get a refresh cookie.
    await page.addInitScript(
      ([key, value, origin]) => {
        if (location.origin === origin) localStorage.setItem(key, value);
      },
      [
        'infinitum.session',
        JSON.stringify({
          user: {
            email: 'watch@test',
            name: 'Night Watch',
            role: 'ROLE_ADMIN',
            entity_id: 0,
            entity_type: 'SYSTEM',
            country_list: [],
          },
          accessToken: token,
        }),
        new URL(down.url).origin,
      ],
    );
    await page.goto(`${down.url}/system-admin`);
    await page.getByRole('tab', { name: 'System Health', exact: true }).click();
    await ready(page, 'queue-health', 'error');
    await ready(page, 'cache-health', 'error');
    await ready(page, 'today-activity', 'empty');
    expect(await page.getByTestId('queue-health').innerText()).toContain(TEXTS.queueError);
    expect(await page.getByTestId('cache-health').innerText()).toContain(TEXTS.cacheError);
    expect(await page.getByTestId('today-activity').innerText()).toContain(TEXTS.activityEmpty);
    // Spec 8: these errors are the panels' own; no toast.
    expect(await page.getByTestId('toast').count()).toBe(0);
    await shots(page, 'monitoring-redis-down');
  });
});
