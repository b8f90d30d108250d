import { DEMO_PASSWORD } from '../../gateway/src/seed/demo-data';
import { join } from 'node:path';
import { ensureClientBuilt, openBrowser, SCREENSHOTS, type TestBrowser } from '../support/browser';
import type { TestGateway } from '../support/gateway';
import { ingestAndSettle, startPipelineGateway, superAdminToken, type IngestLine } from '../support/pipeline';
import {
  cardShows,
  clientChosen,
  clipboard,
  columnTexts,
  gridLoaded,
  openDialog,
  openTab,
  rowWith,
  signInFresh,
  tamperNext,
} from './campaigns-flows';
import { seedDemoTraffic } from './demo-traffic';
import { signOut } from './flows';

jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
let southernCross: number;

const CUSTOMER_ADMIN = 'customer.admin@demo.infinitum';
const q = (sql: string, params: unknown[] = []) => t.gateway.app.ds.query(sql, params);

beforeAll(async () => {
  ensureClientBuilt();
  t = await startPipelineGateway();
  await seedDemoTraffic(t);
  [{ id: southernCross }] = await q("SELECT id FROM customer WHERE cust_name = 'Southern Cross Insurance'");
  // Enough campaigns for a second page at the smallest page size.
  for (let i = 1; i <= 12; i++) {
    await q(
      "INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, ?, '2020-01-01', '2020-02-01')",
      [southernCross, `Archive ${String(i).padStart(2, '0')}`],
    );
  }
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

/** Pictures of a screen at 1400 and 390 px wide (a dialog as the viewport shows it, a tab whole). */
async function shoot(name: string) {
  const { page } = b;
  const take = async (width: string) => {
    await page.waitForTimeout(300);
    if (name.startsWith('modal')) await page.screenshot({ path: join(SCREENSHOTS, `campaigns-${name}-${width}.png`) });
    else await b.screenshot(`campaigns-${name}-${width}`);
  };
  await page.mouse.move(0, 0);
  await take('1400');
  await page.setViewportSize({ width: 390, height: 844 });
  await take('390');
  await page.setViewportSize({ width: 1400, height: 900 });
}

describe('as the customer admin of Southern Cross Insurance', () => {
  beforeAll(async () => {
    await signInFresh(b.page, CUSTOMER_ADMIN, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await signOut(b.page);
  });

  it('shows the client selector and the Campaigns tab first, with its cards, sorting and page sizes', async () => {
    const { page } = b;
    await page.goto('/campaigns');
    // One client for a customer user: chosen for them.
    expect(await clientChosen(page)).toBe(String(southernCross));
    await expect(page.getByRole('tab', { name: 'Campaigns', exact: true }).getAttribute('aria-selected')).resolves.toBe(
      'true',
    );
    const grid = await gridLoaded(page, 'campaigns-grid');
    await cardShows(page, 'Total Campaigns', '14');
    expect(await grid.getByTestId('page-range').innerText()).toBe('1–14 of 14');

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    expect(await grid.getByTestId('page-range').innerText()).toBe('1–10 of 14');
    await grid.getByRole('button', { name: 'Next' }).click();
    expect(await grid.getByTestId('page-range').innerText()).toBe('11–14 of 14');
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');

    await grid.getByRole('button', { name: 'Campaign Name' }).click();
    const names = await columnTexts(grid, 1);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    await grid.getByRole('button', { name: 'Campaign Name' }).click();
    const desc = await columnTexts(grid, 1);
    expect(desc[0]).toBe('Summer Car Insurance');
    expect(await rowWith(grid, 'Archive 01').innerText()).toContain('Completed');
    await shoot('tab-campaigns');
  });

  it('creates a campaign after the rules are met, shows errors only once touched, and edits it', async () => {
    const { page } = b;
    const dialog = await openDialog(page, 'Add Campaign', 'campaign-modal');
    const name = dialog.getByLabel('Campaign Name');
    await name.fill('Abc');
    // Not touched yet: no message.
    await expect(dialog.getByText('Campaign name must be more than 3 characters').count()).resolves.toBe(0);
    expect(await dialog.getByTestId('campaign_name-counter').innerText()).toBe('97');
    await name.blur();
    await dialog.getByText('Campaign name must be more than 3 characters').waitFor();
    await name.fill('x'.repeat(95));
    const counter = dialog.getByTestId('campaign_name-counter');
    expect(await counter.innerText()).toBe('5');
    expect(await counter.evaluate((el) => getComputedStyle(el).color)).not.toBe(
      await dialog.getByText('Campaign Name').evaluate((el) => getComputedStyle(el).color),
    );
    await shoot('modal-campaign');
    await name.fill('Autumn Home Push');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const grid = await gridLoaded(page, 'campaigns-grid');
    await rowWith(grid, 'Autumn Home Push').waitFor();
    // The server's card counts the new campaign too.
    await cardShows(page, 'Total Campaigns', '15');

    const edit = await openDialog(
      page,
      rowWith(grid, 'Autumn Home Push').getByRole('button', { name: 'Edit Autumn Home Push' }),
      'campaign-modal',
    );
    await edit.getByLabel('Campaign Name').fill('Autumn Home Push 2');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await rowWith(grid, 'Autumn Home Push 2').waitFor();
  });

  it("puts the server's field message on the field and keeps what was typed", async () => {
    const { page } = b;
    const dialog = await openDialog(page, 'Add Campaign', 'campaign-modal');
    await dialog.getByLabel('Campaign Name').fill('Refused Campaign');
    await tamperNext(page, 'CreateCampaign', (v) => {
      v.input.campaign_name = 'x'.repeat(101);
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Failed to save campaign. Please try again.').waitFor();
    await dialog.getByText('Campaign name must be at most 100 characters').waitFor();
    expect(await dialog.getByLabel('Campaign Name').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Campaign Name').inputValue()).toBe('Refused Campaign');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('creates a booking direct to the broadcaster and edits it; the publisher is asked for', async () => {
    const { page } = b;
    const grid = await openTab(page, 'Bookings', 'bookings-grid');
    await page.getByTestId('card-Average CPM').waitFor();
    await shoot('tab-bookings');
    const dialog = await openDialog(page, 'Add Booking', 'booking-modal');
    await dialog.getByLabel('Booking Name').fill('Autumn AOTV 1');
    await dialog.getByLabel('Campaign').selectOption({ label: 'Home Cover Always On' });
    const publisher = dialog.getByLabel('Publisher');
    await publisher.focus();
    await publisher.blur();
    await dialog.getByText('Publisher is required').waitFor();
    // Channels follow the publisher: direct means the broadcaster's channels only.
    await publisher.selectOption({ label: 'Direct to broadcaster' });
    const channels = await dialog.getByLabel('Channel').locator('option').allInnerTexts();
    expect(channels.filter((c) => c.includes('KP Video Network'))).toEqual([]);
    await publisher.selectOption({ label: 'Kiwi Programmatic' });
    await dialog
      .getByLabel('Channel')
      .locator('option', { hasText: 'KP Video Network' })
      .waitFor({ state: 'attached' });
    const kp = await dialog.getByLabel('Channel').locator('option:not([value=""])').allInnerTexts();
    expect(kp).toEqual(['KP Video Network (Kiwi Programmatic)']);
    await publisher.selectOption({ label: 'Direct to broadcaster' });
    await dialog.getByLabel('Channel').selectOption({ label: 'AOTV 1 (Aotearoa Television)' });
    await dialog.getByLabel(/^CPM \(\$\)/).fill('-1');
    await dialog.getByLabel(/^CPM \(\$\)/).blur();
    await dialog.getByText('CPM must be a number 0 or more').waitFor();
    await dialog.getByLabel(/^CPM \(\$\)/).fill('27.5');
    // Job number and charged CPM are adtech inputs only.
    await expect(dialog.getByLabel('Job Number').count()).resolves.toBe(0);
    await shoot('modal-booking');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = rowWith(grid, 'Autumn AOTV 1');
    await row.waitFor();
    expect(await row.innerText()).toContain('$27.50');

    const edit = await openDialog(page, row.getByRole('button', { name: 'Edit Autumn AOTV 1' }), 'booking-modal');
    await edit.getByText('Image', { exact: true }).click();
    await edit.getByLabel(/^CPM \(\$\)/).fill('30');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await rowWith(grid, '$30.00').waitFor();
    expect(await rowWith(grid, 'Autumn AOTV 1').getByTestId('type-chip').innerText()).toBe('Image');
  });

  it("maps the server's 'Campaign not found' onto the campaign field when the campaign went away", async () => {
    const { page } = b;
    await q(
      "INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, 'Doomed', '2030-01-01', '2030-02-01')",
      [southernCross],
    );
    await page.reload();
    await openTab(page, 'Bookings', 'bookings-grid');
    const dialog = await openDialog(page, 'Add Booking', 'booking-modal');
    await dialog.getByLabel('Booking Name').fill('Never saved');
    await dialog.getByLabel('Campaign').selectOption({ label: 'Doomed' });
    await dialog.getByLabel('Publisher').selectOption({ label: 'Direct to broadcaster' });
    await dialog.getByLabel('Channel').selectOption({ label: 'AOTV 2 (Aotearoa Television)' });
    await dialog.getByLabel(/^CPM \(\$\)/).fill('20');
    await q("DELETE FROM campaign WHERE campaign_name = 'Doomed'");
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Failed to save booking. Please try again.').waitFor();
    await dialog.getByText('Campaign not found').waitFor();
    expect(await dialog.getByLabel('Booking Name').inputValue()).toBe('Never saved');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates and edits a creative; a link must be http(s)', async () => {
    const { page } = b;
    const grid = await openTab(page, 'Creatives', 'creatives-grid');
    await shoot('tab-creatives');
    const dialog = await openDialog(page, 'Add Creative', 'creative-modal');
    await dialog.getByLabel('Description').fill('Autumn Hero');
    await dialog.getByLabel('Format').fill('20s');
    await dialog.getByLabel('URL').fill('javascript:alert(1)');
    await dialog.getByLabel('URL').blur();
    await dialog.getByText('Please enter a valid URL (http:// or https://)').waitFor();
    await dialog.getByLabel('URL').fill('https://southerncross.example/autumn');
    await shoot('modal-creative');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowWith(grid, 'Autumn Hero').waitFor();
    await cardShows(page, 'Video Creatives', '4');

    const edit = await openDialog(
      page,
      rowWith(grid, 'Autumn Hero').getByRole('button', { name: 'Edit Autumn Hero' }),
      'creative-modal',
    );
    await edit.getByLabel('Format').fill('');
    await edit.getByLabel('Format').blur();
    await edit.getByText('Format is required').waitFor();
    await edit.getByLabel('Format').fill('25s');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await rowWith(grid, '25s').waitFor();
  });

  it('adds impression tags through the campaign/booking cascade and copies them, one per line', async () => {
    const { page } = b;
    const grid = await openTab(page, 'Impression Tags', 'impression-tags-grid');
    const before = await grid.locator('tbody tr').count();
    const dialog = await openDialog(page, 'Add Tags', 'impression-tag-modal');
    await dialog.getByLabel('Campaign').selectOption({ label: 'Home Cover Always On' });
    await dialog.getByLabel('Booking').selectOption({ label: 'Autumn AOTV 1 (AOTV 1)' });
    // The booking is an image booking now: only the image creative is offered.
    const offered = dialog.getByTestId('creative-choices').getByRole('checkbox');
    expect(await offered.count()).toBe(1);
    await dialog.getByTestId('creative-choices').getByText('300x250').click();

    // Changing the campaign with a booking and creatives chosen asks first.
    await dialog.getByLabel('Campaign').selectOption({ label: 'Summer Car Insurance' });
    await page.getByText('Changing campaigns will reset your selections. Continue?').waitFor();
    await shoot('modal-impression-tag-confirm');
    await page.getByRole('button', { name: 'Cancel' }).last().click();
    expect(await dialog.getByLabel('Campaign').inputValue()).not.toBe('');
    expect(await dialog.getByLabel('Booking').locator('option:checked').innerText()).toBe('Autumn AOTV 1 (AOTV 1)');
    await dialog.getByLabel('Campaign').selectOption({ label: 'Summer Car Insurance' });
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await dialog.getByLabel('Booking').inputValue()).toBe('');

    await dialog.getByLabel('Campaign').selectOption({ label: 'Home Cover Always On' });
    await dialog.getByLabel('Booking').selectOption({ label: 'Autumn AOTV 1 (AOTV 1)' });
    await dialog.getByTestId('creative-choices').getByText('300x250').click();
    await shoot('modal-impression-tag');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowWith(grid, 'Autumn AOTV 1').waitFor();
    expect(await grid.locator('tbody tr').count()).toBe(before + 1);

    await expect(page.getByTestId('copy-tags').isDisabled()).resolves.toBe(true);
    const rows = grid.locator('tbody tr');
    await rows.nth(0).locator('label').first().click();
    await rows.nth(1).locator('label').first().click();
    const tags = [
      await rows.nth(0).getByTestId('tag-text').innerText(),
      await rows.nth(1).getByTestId('tag-text').innerText(),
    ];
    await page.getByTestId('copy-tags').click();
    await page.getByTestId('copy-tags').getByText('2 tag(s) copied').waitFor();
    expect(await clipboard(page)).toBe(tags.join('\n'));
    expect(tags[0]).toMatch(/^https?:\/\/[^/]+\/t\/i\/[\w-]+\?cb=\[CACHEBUSTING\]$/);
    await shoot('tab-impression-tags');
    await page.getByTestId('copy-tags').getByText('Copy Tags').waitFor({ timeout: 4000 });
  });

  it('creates a site tag, copies its snippet, and sees it turn active after hits on it', async () => {
    const { page } = b;
    const grid = await openTab(page, 'Site Tags', 'site-tags-grid');
    const dialog = await openDialog(page, 'Add Site Tag', 'site-tag-modal');
    const name = dialog.getByLabel('Tag Description');
    await name.fill('   ');
    await name.blur();
    await dialog.getByText('Tag description is required').waitFor();
    await name.fill('Checkout page');
    await shoot('modal-site-tag');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = rowWith(grid, 'Checkout page');
    await row.waitFor();
    expect(await row.getByTestId('site-tag-status-icon').getAttribute('aria-label')).toBe(
      'Tag has not been seen in the last 24 hours',
    );
    expect(await row.getByTestId('last-seen').innerText()).toBe('Never seen');

    await row.getByRole('button', { name: 'Copy tag of Checkout page' }).click();
    const snippet = await clipboard(page);
    const key = /data-tag="([^"]+)"/.exec(snippet)?.[1];
    expect(snippet).toMatch(/^<script async src="https?:\/\/[^/]+\/t\/s\.js" data-tag="[\w-]+"><\/script>$/);
    expect(key).toBeTruthy();

    const now = Date.now();
    const hits: IngestLine[] = Array.from({ length: 60 }, (_, n) => ({
      type: 'visit',
      tag: key!,
      ts: new Date(now - (n + 1) * 60_000).toISOString(),
      ip: `198.51.100.${n}`,
      url: `https://southerncross.example/checkout?step=${n}`,
    }));
    const answer = await ingestAndSettle(t, await superAdminToken(t), hits);
    expect(answer.accepted).toBe(60);
    await row.getByRole('button', { name: 'Check Checkout page' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    expect(await row.getByTestId('site-tag-status-icon').getAttribute('data-status')).toBe('Active');
    expect(await row.getByTestId('last-seen').innerText()).toMatch(/^Last seen .* · 60 hits in 24 h$/);

    await grid.locator('tbody tr').nth(0).locator('label').first().click();
    await page.getByTestId('copy-selected').getByText('Copy Selected (1)').waitFor();
    await page.getByTestId('copy-selected').click();
    await page.getByTestId('copy-selected').getByText('1 tag(s) copied').waitFor();
    await shoot('tab-site-tags');
  });
});

describe('booking channels by role (spec 6)', () => {
  it('a broadcaster user is offered only its own channels and no publisher', async () => {
    const { page } = b;
    await signInFresh(page, 'broadcaster.user@demo.infinitum', DEMO_PASSWORD);
    await page.goto('/campaigns');
    await clientChosen(page);
    await page.getByTestId('customer-select').selectOption(String(southernCross));
    await openTab(page, 'Bookings', 'bookings-grid');
    const dialog = await openDialog(page, 'Add Booking', 'booking-modal');
    await expect(dialog.getByLabel('Publisher').count()).resolves.toBe(0);
    // The channel list arrives with its own query: wait for it rather than read an empty select once.
    await dialog.getByLabel('Channel').locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    const channels = await dialog.getByLabel('Channel').locator('option:not([value=""])').allInnerTexts();
    expect(channels.map((c) => c.replace(/ \(.*\)$/, '')).sort()).toEqual(['AOTV 1', 'AOTV 2', 'AOTV On Demand']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await signOut(page);
  });

  it('an adtech user books as its own adtech, with job number and charged CPM', async () => {
    const { page } = b;
    await signInFresh(page, 'adtech.user@demo.infinitum', DEMO_PASSWORD);
    await page.goto('/campaigns');
    await clientChosen(page);
    await page.getByTestId('customer-select').selectOption(String(southernCross));
    const grid = await openTab(page, 'Bookings', 'bookings-grid');
    const dialog = await openDialog(page, 'Add Booking', 'booking-modal');
    // The forced publisher fills in once the user's adtech has loaded: wait for it rather than read it once.
    await page
      .waitForFunction(
        () =>
          (document.querySelector('[data-testid="forced-publisher"]') as HTMLInputElement | null)?.value ===
          'Kiwi Programmatic',
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    expect(await dialog.getByTestId('forced-publisher').inputValue()).toBe('Kiwi Programmatic');
    await dialog.getByLabel('Booking Name').fill('KP Autumn');
    await dialog.getByLabel('Campaign').selectOption({ label: 'Home Cover Always On' });
    await dialog.getByLabel('Channel').selectOption({ label: 'KP Video Network (Kiwi Programmatic)' });
    await dialog.getByLabel(/^CPM \(\$\)/).fill('22');
    // Kiwi Programmatic requires a job number.
    await dialog.getByLabel('Job Number').focus();
    await dialog.getByLabel('Job Number').blur();
    await dialog.getByText('Job number is required').waitFor();
    await dialog.getByLabel('Job Number').fill('KP-9001');
    await dialog.getByLabel('Charged CPM ($)').fill('25');
    await shoot('modal-booking-adtech');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowWith(grid, 'KP Autumn').waitFor();
    const [saved] = await q(
      "SELECT publisher_id, job_number, charged_cpm FROM booking WHERE booking_name = 'KP Autumn'",
    );
    expect(saved.job_number).toBe('KP-9001');
    expect(Number(saved.charged_cpm)).toBe(25);
    await signOut(page);
  });

  it("an agency user sees a broadcaster's booking with the edit disabled and says why", async () => {
    const { page } = b;
    await signInFresh(page, 'agency.user@demo.infinitum', DEMO_PASSWORD);
    await page.goto('/campaigns');
    await clientChosen(page);
    await page.getByTestId('customer-select').selectOption(String(southernCross));
    const grid = await openTab(page, 'Bookings', 'bookings-grid');
    const locked = grid.getByRole('button', { name: /: No permission to edit$/ }).first();
    await locked.waitFor();
    expect(await locked.getAttribute('aria-disabled')).toBe('true');
    await locked.hover();
    await page.getByRole('tooltip').getByText('No permission to edit').waitFor();
    await locked.click({ force: true });
    await expect(page.getByTestId('booking-modal').count()).resolves.toBe(0);
    await shoot('bookings-locked-row');
    await signOut(page);
  });
});
