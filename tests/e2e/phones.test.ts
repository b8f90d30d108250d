import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import { createDemoWorld } from '../../gateway/src/seed/demo-world';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { overviewLoaded } from './flows';

/**
 * Phones (390 px): no screen of any role scrolls sideways, the Overview's figures and the Impression
 * Tags' tag are on screen, the tab strips scroll instead of being cut, and a failed sign-in says so once.
 */
jest.setTimeout(600_000);

const PHONE = { width: 390, height: 844 };
let t: TestGateway;
let b: TestBrowser;

beforeAll(async () => {
  ensureClientBuilt();
  t = await startTestGateway();
  await createDemoWorld(t.gateway.app.ds);
  b = await openBrowser(t.url, PHONE);
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

const LOGINS = [
  { label: 'super admin', email: SUPER_ADMIN.email, password: SUPER_ADMIN.password },
  ...DEMO_USERS.map((u) => ({
    label: `${u.org} ${u.admin ? 'admin' : 'user'}`,
    email: u.email,
    password: DEMO_PASSWORD,
  })),
];
const PAGES = ['/overview', '/dashboard', '/campaigns', '/admin', '/system-admin'];

async function signInAs(page: Page, email: string, password: string) {
  // Signed out first: /login of a signed-in session moves on to /overview.
  await page.goto('/license');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/overview');
  await overviewLoaded(page);
}

async function settled(page: Page) {
  await page.locator('[data-page-shell]').waitFor({ state: 'detached' });
  await page.getByTestId('full-screen-spinner').waitFor({ state: 'detached' });
  await page.waitForFunction(() => !document.querySelector('[data-loading-state="loading"]'), undefined, {
    timeout: 20_000,
  });
  // Two frames: what the last answer rendered is laid out before anything is measured.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** What sticks out past the right edge: the page's width and the widest offenders, for the failure message. */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const offenders = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.right <= width + 1) return false;
        // Inside a box that scrolls sideways on purpose (a tab strip, a wide chart's frame): not the page's.
        for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
          const o = getComputedStyle(p).overflowX;
          if ((o === 'auto' || o === 'scroll' || o === 'hidden') && p.getBoundingClientRect().right <= width + 1)
            return false;
        }
        return true;
      })
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''} right=${Math.round(e.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, offenders };
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const s = await sideways(page);
  const fits = s.scrollWidth <= s.innerWidth;
  expect({ where, fits, offenders: fits ? [] : s.offenders, scrollWidth: s.scrollWidth }).toEqual({
    where,
    fits: true,
    offenders: [],
    scrollWidth: s.scrollWidth,
  });
}

describe('at 390 px', () => {
  it('a failed sign-in shows its text once (not inline and again as a toast)', async () => {
    const { page } = b;
    await page.goto('/login');
    await page.getByLabel('Email').fill('customer.admin@demo.infinitum');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const text = 'Login failed. Please check your credentials.';
    await page.getByText(text).first().waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByText(text).count()).toBe(1);
    await b.screenshot('phone-login-failed-390');
  });

  for (const login of LOGINS) {
    it(`no screen scrolls sideways for the ${login.label}`, async () => {
      const { page } = b;
      await signInAs(page, login.email, login.password);
      for (const path of PAGES) {
        await page.goto(path);
        await settled(page);
        await expectNoSidewaysScroll(page, `${login.label} ${path}`);
        const tabs = page.getByTestId('tab-strip').getByRole('tab');
        const count = await tabs.count();
        for (let i = 0; i < count; i++) {
          const tab = tabs.nth(i);
          const name = (await tab.innerText()).trim();
          await tab.click();
          await settled(page);
          // The chosen tab is on screen whole: the strip scrolled to it, nothing cut.
          const box = (await tab.boundingBox())!;
          expect({ tab: name, left: box.x >= -1, right: box.x + box.width <= PHONE.width + 1 }).toEqual({
            tab: name,
            left: true,
            right: true,
          });
          await expectNoSidewaysScroll(page, `${login.label} ${path} ${name}`);
          if (login.label === 'customer admin')
            await b.screenshot(`phone-${path.slice(1)}-${name.replace(/\W+/g, '-')}-390`);
        }
        if (login.label === 'customer admin' || login.label === 'super admin')
          await b.screenshot(`phone-${login.label.replace(' ', '-')}-${path.slice(1)}-390`);
      }
    });
  }

  it("shows the Overview's Client, Campaign, Booking, Impressions, Spend and CPM of a row on screen", async () => {
    const { page } = b;
    await signInAs(page, 'customer.admin@demo.infinitum', DEMO_PASSWORD);
    const row = page.getByTestId('active-campaigns').locator('tbody tr').first();
    await row.waitFor();
    const labels = ['Client Name', 'Campaign Name', 'Booking Name', 'Impressions', 'Spend', 'CPM'];
    for (const label of labels) {
      const cell = row.locator(`td[data-label="${label}"]`);
      const box = (await cell.boundingBox())!;
      expect({ label, onScreen: box.x >= 0 && box.x + box.width <= PHONE.width }).toEqual({ label, onScreen: true });
      expect((await cell.innerText()).trim()).not.toBe('');
    }
    await b.screenshot('phone-overview-rows-390');
  });

  it('shows the whole tag on Impression Tags', async () => {
    const { page } = b;
    await page.goto('/campaigns');
    await page.getByTestId('tab-strip').getByRole('tab', { name: 'Impression Tags' }).click();
    await settled(page);
    const tag = page.getByTestId('impression-tags-grid').getByTestId('tag-text').first();
    const box = (await tag.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await tag.innerText()).toMatch(/\/t\/i\/[\w-]+\?cb=\[CACHEBUSTING\]$/);
    await b.screenshot('phone-impression-tags-390');
  });

  it("the client form's Data Retention field fits", async () => {
    const { page } = b;
    await signInAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.goto('/admin');
    await settled(page);
    await page.getByTestId('tab-strip').getByRole('tab', { name: 'Clients' }).click();
    await settled(page);
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const field = page.getByLabel('Data Retention (months)');
    await field.waitFor();
    await field.scrollIntoViewIfNeeded();
    const box = (await field.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await b.screenshot('phone-client-retention-390');
    await page.keyboard.press('Escape');
  });
});
