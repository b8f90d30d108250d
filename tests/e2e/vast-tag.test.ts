import { readFileSync } from 'node:fs';
import { BROWSER_UA } from '../support/browser-agent';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEMO_PASSWORD } from '../../gateway/src/seed/demo-data';
import { createDemoWorld } from '../../gateway/src/seed/demo-world';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { startPipelineGateway, superAdminToken } from '../support/pipeline';
import { signOut } from './flows';
import { clipboard, gridLoaded, openTab, signInFresh } from './campaigns-flows';

/**
 * The copied impression tag works in a real VAST player library no one here wrote: IAB-conformant
 * `@dailymotion/vast-client` in Chromium loads a VAST 4 document whose <Impression> is the tag as copied
 * from the Impression Tags tab, fires the impression, and the collector counts it once, with the
 * cache-busting macro replaced by the player.
 */
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
let admin: string;
const CUSTOMER_ADMIN = 'customer.admin@demo.infinitum';
// A routed origin on this machine (never dialled: the route answers): a page on the public internet may not
// load a pixel from a private address in Chromium, and the gateway here listens on 127.0.0.1.
const PLAYER = 'http://localhost:45871';
const require_ = createRequire(__filename);
const VAST_CLIENT = join(
  dirname(require_.resolve('@dailymotion/vast-client/package.json')),
  'dist',
  'vast-client.min.js',
);

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  await createDemoWorld(t.gateway.app.ds);
  admin = await superAdminToken(t);
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

const impressionsToday = async () => {
  const r = await call(t.url, 'GET', '/api/admin/daily-activity', { token: admin });
  expect(r.status).toBe(200);
  return r.body.total_impressions as number;
};

/** Polls until today's impressions reach `want`, then holds a moment to see they stay there. */
async function settlesAt(want: number) {
  const deadline = Date.now() + 30_000;
  let seen = await impressionsToday();
  while (seen < want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    seen = await impressionsToday();
  }
  await new Promise((r) => setTimeout(r, 3000));
  return impressionsToday();
}

const vastDocument = (impression: string) => `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.2" xmlns="http://www.iab.com/VAST">
  <Ad id="infinitum-e2e">
    <InLine>
      <AdSystem>e2e</AdSystem>
      <AdTitle>Copied tag</AdTitle>
      <Impression id="infinitum"><![CDATA[${impression}]]></Impression>
      <Creatives>
        <Creative id="c1">
          <Linear>
            <Duration>00:00:15</Duration>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[${PLAYER}/ad.mp4]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;

describe('a copied impression tag in a VAST 4 player', () => {
  it('offers the ad server dialects, says what the macro does, and copies VAST 4 [CACHEBUSTING] by default', async () => {
    const { page } = b;
    await signInFresh(page, CUSTOMER_ADMIN, DEMO_PASSWORD);
    await page.goto('/campaigns');
    const grid = await openTab(page, 'Impression Tags', 'impression-tags-grid');
    await gridLoaded(page, 'impression-tags-grid');
    const picker = page.getByLabel('Ad server');
    expect(await picker.inputValue()).toBe('vast4');
    expect(await page.getByTestId('macro-note').innerText()).toMatch(/^\[CACHEBUSTING\] is the cache-buster: /);

    await picker.selectOption('gam');
    const gam = await grid.getByTestId('tag-text').first().innerText();
    expect(gam).toMatch(/\?cb=%%CACHEBUSTER%%$/);
    expect(await page.getByTestId('macro-note').innerText()).toMatch(/^%%CACHEBUSTER%% is the cache-buster/);
    await b.screenshot('vast-tag-dialect-gam-1400');
    await page.setViewportSize({ width: 390, height: 844 });
    await b.screenshot('vast-tag-dialect-gam-390');
    await page.setViewportSize({ width: 1400, height: 900 });

    await picker.selectOption('vast4');
    const row = grid.locator('tbody tr').first();
    await row.getByRole('button', { name: /^Copy tag of / }).click();
    const copied = await clipboard(page);
    expect(copied).toMatch(/^https?:\/\/[^/]+\/t\/i\/[\w-]+\?cb=\[CACHEBUSTING\]$/);
    expect(copied).toBe(await row.getByTestId('tag-text').innerText());
    await signOut(page);

    // The player's page, its library and the ad server's VAST answer, all on another origin.
    const player = await b.context.newPage();
    // A viewer's agent: headless Chromium says HeadlessChrome, a bot to the invalid traffic rules (docs/invalid-traffic.md).
    await player.setExtraHTTPHeaders({ 'user-agent': BROWSER_UA });
    await player.route(`${PLAYER}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/vast-client.js')
        return route.fulfill({ contentType: 'text/javascript', body: readFileSync(VAST_CLIENT, 'utf8') });
      if (path === '/vast.xml') return route.fulfill({ contentType: 'application/xml', body: vastDocument(copied) });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' });
    });
    // The tag names the gateway's public address (PUBLIC_URL); this test's gateway listens on a free port, so
    // the route stands in for DNS and the load balancer and hands the player's request to it unchanged.
    const tagOrigin = new URL(copied).origin;
    const toGateway = (url: string) => `${t.url}${url.slice(tagOrigin.length)}`;
    if (tagOrigin !== new URL(t.url).origin)
      await player.route(`${tagOrigin}/t/**`, async (route) => {
        await route.fulfill({ response: await route.fetch({ url: toGateway(route.request().url()) }) });
      });
    const fired: string[] = [];
    const failed: string[] = [];
    player.on('request', (r) => {
      if (r.url().includes('/t/i/')) fired.push(r.url());
    });
    player.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));

    const before = await impressionsToday();
    await player.goto(`${PLAYER}/`);
    // A string, not a function: the test's compiler would rewrite the dynamic import() for Node.
    const outcome = (await player.evaluate(`(async () => {
      const lib = await import('${PLAYER}/vast-client.js');
      const client = new lib.VASTClient();
      const response = await client.get('${PLAYER}/vast.xml');
      const ad = response.ads[0];
      const creative = ad.creatives.find((c) => c.type === 'linear');
      const tracker = new lib.VASTTracker(client, ad, creative);
      tracker.trackImpression();
      // A second call is the player's own business: the tracker fires an impression once.
      tracker.trackImpression();
      return { impressions: ad.impressionURLTemplates.length };
    })()`)) as { impressions: number };
    expect(outcome.impressions).toBe(1);
    await player.waitForTimeout(500);
    expect({ fired: fired.length, failed }).toEqual({ fired: 1, failed: [] });

    expect(await settlesAt(before + 1)).toBe(before + 1);
    expect(fired).toHaveLength(1);
    // The player put its random number where the macro was: the collector saw a number, not '[CACHEBUSTING]'.
    const sent = new URL(fired[0]);
    expect(sent.pathname).toBe(new URL(copied).pathname);
    expect(sent.searchParams.get('cb')).toMatch(/^\d{8}$/);
    await player.close();

    // An ad server that leaves its own macro unreplaced (GAM's, fired as is) is still one impression.
    const raw = await fetch(toGateway(gam), { headers: { 'user-agent': BROWSER_UA } });
    expect(raw.status).toBe(200);
    expect(await settlesAt(before + 2)).toBe(before + 2);
  });
});
