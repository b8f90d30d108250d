import type { Page } from 'playwright-core';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { signIn, signOut } from './flows';

/**
 * /system-admin in Chromium: the super admin sets up a broadcaster with a channel, an adtech,
 * a group, a client related to the broadcaster and a user, all from the screens; the user then sees the client.
 */
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;

beforeAll(async () => {
  ensureClientBuilt();
  t = await startTestGateway();
  const admin = (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.access_token;
  // A broadcaster elsewhere: the relationship modal must not offer it for New Zealand.
  await call(t.url, 'POST', '/api/broadcasters', {
    token: admin,
    body: { broadcaster_name: 'Thames Vision', country_code: 'GB' },
  });
  b = await openBrowser(t.url, { width: 1400, height: 900 });
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

afterEach(async () => {
  await b.page.goto('/license');
  await b.page.evaluate(() => localStorage.clear());
});

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.waitForTimeout(150);
  await b.screenshot(`${name}-1400`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await b.screenshot(`${name}-390`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

async function tab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

const modalSaved = async (page: Page, testId: string) => {
  await page
    .getByTestId(testId)
    .getByRole('button', { name: /^(Save|Create User|Create Relationship)$/ })
    .click();
  await page.getByTestId(testId).waitFor({ state: 'detached' });
};

describe('the super admin sets up an organisation from the screens', () => {
  it('broadcaster, channel, adtech, group, client, relationship and a user who then sees the client', async () => {
    const { page } = b;
    await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await page.getByRole('link', { name: 'System administration' }).click();
    await page.waitForURL('**/system-admin');
    await page.getByRole('tab', { name: 'Broadcasters' }).waitFor();
    expect((await page.getByRole('tab').allInnerTexts()).map((s) => s.trim())).toEqual([
      'Broadcasters',
      'AdTech',
      'Channels',
      'AdTech Groups',
      'Activity',
      'Super Admin',
      'System Health',
    ]);
    expect((await page.getByRole('tab', { selected: true }).innerText()).trim()).toBe('Broadcasters');

    // The Super Admin tiles wait for a broadcaster (and a client for relationships).
    await tab(page, 'Super Admin');
    await page.getByText('Add a broadcaster and a client first.').waitFor();
    await shots(page, 'system-admin-super-admin-empty');
    await tab(page, 'Broadcasters');

    // Broadcaster: name and primary country required; operational countries shown as 3 chips then '+N more'.
    const table = page.getByTestId('broadcasters-table');
    await table.getByRole('row').filter({ hasText: 'Thames Vision' }).getByText('No operational countries').waitFor();
    await page.getByRole('button', { name: 'Add Broadcaster' }).click();
    let modal = page.getByTestId('broadcaster-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Broadcaster name is required').waitFor();
    await modal.getByText('Primary country is required').waitFor();
    await modal.getByLabel('Broadcaster Name').fill('Moana Broadcasting');
    await modal.getByLabel('Primary Country').selectOption('NZ');
    for (const c of ['AU', 'FJ', 'WS', 'TO']) await modal.getByLabel('Add operational country').selectOption(c);
    await shots(page, 'system-admin-broadcaster-modal');
    await modalSaved(page, 'broadcaster-modal');
    await toast(page, 'Broadcaster created successfully').waitFor();
    const moana = table.getByRole('row').filter({ hasText: 'Moana Broadcasting' });
    await moana.getByText('+1 more').waitFor();
    await expect(moana.getByText('New Zealand').count()).resolves.toBe(1);
    await shots(page, 'system-admin-broadcasters');
    await moana.getByRole('button', { name: 'Edit Moana Broadcasting' }).click();
    modal = page.getByTestId('broadcaster-modal');
    await modal.getByText('Edit Broadcaster').waitFor();
    await modal.getByRole('button', { name: /Remove Tonga/ }).click();
    await modalSaved(page, 'broadcaster-modal');
    await expect(moana.getByText('+1 more').count()).resolves.toBe(0);

    // AdTech: no operational countries besides home.
    await tab(page, 'AdTech');
    await page.getByRole('button', { name: 'Add AdTech' }).click();
    modal = page.getByTestId('adtech-modal');
    await modal.getByLabel('AdTech Name').fill('Tasman Ads');
    await modal.getByLabel('Primary Country').selectOption('NZ');
    // Chakra's checkbox input is visually hidden: a person clicks its label.
    await modal.getByText('Bookings need a job number').click();
    await expect(modal.getByLabel('Bookings need a job number').isChecked()).resolves.toBe(true);
    await shots(page, 'system-admin-adtech-modal');
    await modalSaved(page, 'adtech-modal');
    const tasman = page.getByTestId('adtechs-table').getByRole('row').filter({ hasText: 'Tasman Ads' });
    await tasman.getByText('No operational countries').waitFor();
    await tasman.getByText('Job number').waitFor();
    await shots(page, 'system-admin-adtech');

    // Channel owned by the broadcaster.
    await tab(page, 'Channels');
    await page.getByRole('button', { name: 'Add Channel' }).click();
    modal = page.getByTestId('channel-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Channel name is required').waitFor();
    await modal.getByText('Owner is required').waitFor();
    await modal.getByLabel('Channel Name').fill('Moana One');
    await modal.locator('select[name="owner_id"]').selectOption({ label: 'Moana Broadcasting' });
    await shots(page, 'system-admin-channel-modal');
    await modalSaved(page, 'channel-modal');
    const channel = page.getByTestId('channels-table').getByRole('row').filter({ hasText: 'Moana One' });
    await channel.getByText('Moana Broadcasting').waitFor();
    await channel.getByText('Broadcaster', { exact: true }).waitFor();
    await shots(page, 'system-admin-channels');

    // AdTech group: 'N entities'; double-click to edit.
    await tab(page, 'AdTech Groups');
    await page.getByRole('button', { name: 'Add AdTech Group' }).click();
    modal = page.getByTestId('adtech-group-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Group name is required').waitFor();
    await modal.getByLabel('Group Name').fill('Pacific Exchanges');
    await modal.getByText('Tasman Ads').click();
    await shots(page, 'system-admin-adtech-group-modal');
    await modalSaved(page, 'adtech-group-modal');
    const group = page.getByTestId('adtech-groups-table').getByRole('row').filter({ hasText: 'Pacific Exchanges' });
    await group.getByText('1 entities').waitFor();
    await shots(page, 'system-admin-adtech-groups');
    await group.dblclick();
    await page.getByTestId('adtech-group-modal').getByText('Edit AdTech Group').waitFor();
    await page.getByTestId('adtech-group-modal').getByRole('button', { name: 'Cancel' }).click();

    await tab(page, 'Activity');
    await shots(page, 'system-admin-activity');
    await tab(page, 'System Health');
    await shots(page, 'system-admin-system-health');

    // A client, from /admin.
    await page.getByRole('link', { name: 'Administrative tools' }).click();
    await page.getByRole('tab', { name: 'Clients' }).click();
    await page.getByRole('button', { name: 'Add New Client' }).click();
    modal = page.getByTestId('client-modal');
    await modal.getByLabel('Client Name').fill('Kumara Kitchens');
    await modal.getByLabel('Primary Country').selectOption('NZ');
    await modalSaved(page, 'client-modal');
    await page.getByTestId('clients-table').getByRole('row').filter({ hasText: 'Kumara Kitchens' }).waitFor();

    // Super Admin tiles.
    await page.getByRole('link', { name: 'System administration' }).click();
    await tab(page, 'Super Admin');
    await shots(page, 'system-admin-super-admin');
    await page.getByRole('button', { name: 'View Configuration' }).click();
    const config = page.getByTestId('system-configuration');
    await config.getByText('aug25-rc').waitFor();
    await config.getByText('3.1.0').first().waitFor();
    expect(await config.innerText()).not.toContain(t.config.JWT_SECRET);
    await shots(page, 'system-admin-system-configuration');
    await config.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'View Database' }).click();
    const database = page.getByTestId('database-operations');
    await database.getByText('Up to date').waitFor();
    await database
      .getByRole('cell', { name: 'migrations', exact: true })
      .or(database.getByText('Largest tables'))
      .first()
      .waitFor();
    await shots(page, 'system-admin-database-operations');
    await database.getByRole('button', { name: 'Close' }).first().click();

    // Relationship: country first; only organisations operating there; targets follow the source.
    await page.getByRole('button', { name: 'Create Relationship' }).click();
    modal = page.getByTestId('relationship-modal');
    expect(await modal.getByLabel('Source Client').isDisabled()).toBe(true);
    await modal.getByRole('button', { name: 'Create Relationship' }).click();
    await modal.getByText('Country selection is required').waitFor();
    await modal.locator('select[name="country_code"]').selectOption('NZ');
    const targetTypes = async () =>
      (await modal.getByLabel('Target Type').locator('option').allInnerTexts()).map((s) => s.trim());
    expect(await targetTypes()).toEqual(['Broadcaster', 'Agency', 'AdTech']);
    await modal.getByLabel('Source Type').selectOption('broadcaster');
    expect(await targetTypes()).toEqual(['Client', 'Agency']);
    const sources = (await modal.getByLabel('Source Broadcaster').locator('option').allInnerTexts()).map((s) =>
      s.trim(),
    );
    expect(sources).toContain('Moana Broadcasting');
    expect(sources).not.toContain('Thames Vision');
    await modal.getByLabel('Source Type').selectOption('client');
    await modal.getByLabel('Source Client').selectOption({ label: 'Kumara Kitchens' });
    await modal.getByLabel('Target Broadcaster').selectOption({ label: 'Moana Broadcasting' });
    await shots(page, 'system-admin-relationship-modal');
    await modalSaved(page, 'relationship-modal');
    await toast(page, 'Relationship created successfully').waitFor();

    // Create a user directly in the broadcaster.
    await page.getByRole('button', { name: 'Create User' }).click();
    modal = page.getByTestId('direct-user-modal');
    await modal.getByRole('button', { name: 'Create User' }).click();
    await modal.getByText('Name is required').waitFor();
    await modal.getByText('Email is required').waitFor();
    await modal.getByText('Password is required').waitFor();
    await modal.getByText('Please select an organisation').waitFor();
    await modal.getByLabel('Name').fill('Tipene Moana');
    await modal.getByLabel('Email').fill('tipene@moana.co.nz');
    await modal.getByLabel('Password').fill('Tipene-password-7');
    await modal.locator('select[name="broadcaster_id"]').selectOption({ label: 'Moana Broadcasting' });
    await shots(page, 'system-admin-direct-user-modal');
    await modalSaved(page, 'direct-user-modal');
    await toast(page, 'User tipene@moana.co.nz created').waitFor();
    await signOut(page);

    // They sign in with the preset password and see the related client.
    await signIn(page, 'tipene@moana.co.nz', 'Tipene-password-7');
    await page.getByRole('link', { name: 'Administrative tools' }).click();
    expect((await page.getByRole('tab', { selected: true }).innerText()).trim()).toBe('Clients');
    await page.getByTestId('clients-table').getByRole('row').filter({ hasText: 'Kumara Kitchens' }).waitFor();
    await expect(page.getByRole('link', { name: 'System administration' }).count()).resolves.toBe(0);
    await shots(page, 'system-admin-direct-user-sees-client');
    await signOut(page);
  });
});
