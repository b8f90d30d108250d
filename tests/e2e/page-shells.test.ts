import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../gateway/src/seed/demo-data';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { startPipelineGateway } from '../support/pipeline';
import { seedDemoTraffic } from './demo-traffic';

/**
 * /overview and /dashboard answer HTML that already draws the header bar, the mark and the page's
 * heading (client/src/app/page-shells.ts), so a phone paints the page's largest element before ~275 KB of
 * scripts have loaded. The app then replaces it: nothing may move or change look when it does, and the
 * heading the HTML painted stays the page's largest paint.
 */
jest.setTimeout(180_000);

let t: TestGateway;
let b: TestBrowser;
let session: string;

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  await seedDemoTraffic(t);
  b = await openBrowser(t.url);
  const login = (await (
    await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // A customer's admin: the dashboard opens on their customer's figures (a super admin's asks for a client).
      body: JSON.stringify({ email: 'customer.admin@demo.infinitum', password: DEMO_PASSWORD }),
    })
  ).json()) as Record<string, unknown> & { access_token: string; refresh_token: string };
  const { access_token, refresh_token, ...user } = login;
  session = JSON.stringify({ user, accessToken: access_token, refreshToken: refresh_token });
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

const PAGES = [
  ['/overview', 'Campaign Overview'],
  ['/dashboard', 'Advanced analytics'],
] as const;

/** A stored session, as a returning user's, set from a page of the origin that runs no app. */
async function signedIn(page: Page) {
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('infinitum.session', value), session);
}

/** What a reader sees of the header bar, the mark and the heading: boxes, colours, type, the text's own width. */
function drawn(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | Range) => {
      const r = el.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height];
    };
    const header = document.querySelector('header')!;
    const h1 = document.querySelector('h1')!;
    const text = document.createRange();
    text.selectNodeContents(h1);
    const cs = getComputedStyle(h1);
    return {
      header: [box(header), getComputedStyle(header).backgroundColor],
      mark: box(header.querySelector('svg[aria-label="Infinitum"]')!),
      heading: [h1.textContent, box(h1), box(text)],
      type: [cs.fontFamily, cs.fontSize, cs.fontWeight, cs.lineHeight, cs.letterSpacing, cs.color],
      page: getComputedStyle(document.querySelector('main')!.parentElement!).backgroundColor,
    };
  });
}

describe.each(PAGES)('%s', (path, heading) => {
  it.each([390, 1280])(
    'at %i px, the HTML draws the header, the mark and the heading as the app does',
    async (width) => {
      const { page } = b;
      await page.setViewportSize({ width, height: 900 });
      await signedIn(page);
      // The scripts withheld: what the HTML alone paints.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path);
      await page.locator('[data-page-shell]').waitFor();
      const shell = await drawn(page);
      await page.unroute('**/assets/*.js');
      expect(shell.heading[0]).toBe(heading);

      await page.goto(path);
      await page.locator('[data-page-shell]').waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: heading }).waitFor();
      expect(await drawn(page)).toEqual(shell);
    },
  );

  it('the heading the HTML painted stays the largest paint once the app has drawn the page', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 412, height: 823 });
    await signedIn(page);
    await page.addInitScript(() => {
      const w = window as unknown as { lcp: { at: number; text: string }[] };
      w.lcp = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
          w.lcp.push({ at: e.startTime, text: e.element?.textContent ?? '' });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    // The scripts held back until the heading has been painted, as on a slow phone.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { lcp: unknown[] }).lcp.length > 0);
    const releasedAt = await page.evaluate(() => performance.now());
    release();
    await page.locator('[data-page-shell]').waitFor({ state: 'detached' });
    // The page with its data (the Overview's table, the dashboard's customer list), then two frames more for
    // any paint they cause to be reported.
    await page.waitForFunction(() => !document.querySelector('[data-testid="table-loading"], [role="status"]'));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.waitForTimeout(500);
    const lcp = await page.evaluate(() => (window as unknown as { lcp: { at: number; text: string }[] }).lcp);
    await page.unroute('**/assets/*.js');
    expect(lcp.at(-1)!.text).toBe(heading);
    expect(lcp.at(-1)!.at).toBeLessThan(releasedAt);
  });
});

/**
 * /login's HTML draws the whole page (client/src/public/login-shell.ts): the brand panel from lg up and the
 * sign-in card, which is centred vertically, so every part of it must have the app's box or the card would
 * sit elsewhere and jump when the app takes over. Each part is found in both by its text or role.
 */
function drawnLogin(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 100) / 100);
    };
    const look = (el: Element | null) => {
      if (!el) return null;
      const cs = getComputedStyle(el);
      return [cs.fontSize, cs.fontWeight, cs.lineHeight, cs.color, cs.backgroundColor];
    };
    const byText = (text: string) =>
      [...document.querySelectorAll('#root *')].filter(
        (el) => el.textContent?.trim() === text && ![...el.children].some((c) => c.textContent?.trim() === text),
      );
    const parts: Record<string, unknown> = {};
    for (const text of [
      'Welcome Back',
      'Discover the power of connected advertising.',
      'Impressions, visits and the response between them, for broadcast video-on-demand campaigns.',
      'Email',
      'Password',
      'Forgot password?',
      'Sign In',
      'Platform License Agreement',
    ])
      parts[text] = byText(text).map((el) => [box(el), look(el)]);
    const marks = [...document.querySelectorAll('svg[aria-label="Infinitum"]')].map(box);
    const fields = [...document.querySelectorAll('input, [data-page-shell] .input')].map(box);
    const card = document.querySelector('h1')!.closest('form, .form')!.parentElement!;
    return { parts, marks, fields, card: box(card) };
  });
}

describe('/login', () => {
  it.each([390, 1400])('at %i px, the HTML draws the page as the app does', async (width) => {
    const { page } = b;
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/robots.txt');
    await page.evaluate(() => localStorage.removeItem('infinitum.session'));
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    await page.locator('[data-page-shell="login"]').waitFor();
    const shell = await drawnLogin(page);
    await page.unroute('**/assets/*.js');

    await page.goto('/login');
    await page.locator('[data-page-shell]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const app = await drawnLogin(page);
    expect(app).toEqual(shell);
    // Two marks from lg up (the panel's and the card's), the card's alone on a phone.
    expect(shell.marks.filter((m) => m![2] > 0)).toHaveLength(width >= 1024 ? 2 : 1);
  });
});
