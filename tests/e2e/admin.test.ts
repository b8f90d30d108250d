import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../gateway/src/seed/demo-data';
import { createDemoWorld } from '../../gateway/src/seed/demo-world';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { signIn, signOut } from './flows';

/** /admin in Chromium: what each role sees, agencies, clients and users end to end. */
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;
let smtp: SmtpSink;
let admin: string;

beforeAll(async () => {
  ensureClientBuilt();
  smtp = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: smtp.url });
  await createDemoWorld(t.gateway.app.ds);
  admin = (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.access_token;
  b = await openBrowser(t.url, { width: 1400, height: 900 });
});

afterAll(async () => {
  await b?.close();
  await t?.close();
  await smtp?.close();
});

// A test that fails half-way must not leave the next one signed in.
afterEach(async () => {
  await b.page.goto('/license');
  await b.page.evaluate(() => localStorage.clear());
});

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first();

async function openAdmin(page: Page) {
  await page.getByRole('link', { name: 'Administrative tools' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('heading', { name: 'Administrative tools' }).waitFor();
}

const tabNames = async (page: Page) => (await page.getByRole('tab').allInnerTexts()).map((s) => s.trim());
const selectedTab = async (page: Page) => (await page.getByRole('tab', { selected: true }).innerText()).trim();

/** Both widths of the brief: 1400 and 390 px. */
async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.waitForTimeout(150);
  await b.screenshot(`${name}-1400`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await b.screenshot(`${name}-390`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

type Tab = 'Users' | 'Agencies' | 'Clients' | 'API Keys';
const ROLES: { label: string; email: string; password: string; tabs: Tab[]; first: Tab; system: boolean }[] = [
  {
    label: 'super admin',
    email: SUPER_ADMIN.email,
    password: SUPER_ADMIN.password,
    tabs: ['Users', 'Agencies', 'Clients', 'API Keys'],
    first: 'Users',
    system: true,
  },
  ...DEMO_USERS.map((u) => {
    const tabs: Tab[] = [];
    if (u.admin) tabs.push('Users');
    if (u.org !== 'agency') tabs.push('Agencies');
    if (u.org !== 'customer') tabs.push('Clients');
    if (u.admin) tabs.push('API Keys');
    const first: Tab = u.admin ? 'Users' : u.org === 'customer' ? 'Agencies' : 'Clients';
    return {
      label: `${u.org} ${u.admin ? 'admin' : 'user'}`,
      email: u.email,
      password: DEMO_PASSWORD,
      tabs,
      first,
      system: false,
    };
  }),
];

describe('what each role sees', () => {
  it.each(ROLES.map((r) => [r.label, r] as const))('%s', async (label, role) => {
    const { page } = b;
    await signIn(page, role.email, role.password);
    await expect(page.getByRole('link', { name: 'System administration' }).count()).resolves.toBe(role.system ? 1 : 0);
    await openAdmin(page);
    expect(await tabNames(page)).toEqual(role.tabs);
    expect(await selectedTab(page)).toBe(role.first);
    await page.locator('[data-loading-state="ready"], [data-loading-state="empty"]').first().waitFor();

    if (role.tabs.includes('Agencies')) {
      await page.getByRole('tab', { name: 'Agencies' }).click();
      await page.getByRole('button', { name: 'Add New Agency' }).click();
      const modal = page.getByTestId('agency-modal');
      await modal.getByText('Add New Agency').waitFor();
      // The agency Country field is for ROLE_ADMIN only.
      await expect(modal.getByLabel('Country', { exact: true }).count()).resolves.toBe(role.system ? 1 : 0);
      await modal.getByRole('button', { name: 'Cancel' }).click();
      await modal.waitFor({ state: 'detached' });
    }
    if (role.tabs.includes('Clients')) {
      await page.getByRole('tab', { name: 'Clients' }).click();
      await page.getByRole('button', { name: 'Add New Client' }).click();
      const modal = page.getByTestId('client-modal');
      await modal.getByText('Add New Client').waitFor();
      // Billing Entity is for ROLE_ADMIN only; countries for the super admin and multi-country users.
      await expect(modal.getByLabel('Billing Entity').count()).resolves.toBe(role.system ? 1 : 0);
      await expect(modal.getByLabel('Primary Country').count()).resolves.toBe(role.system ? 1 : 0);
      // A single-country user's new client gets their own country.
      await expect(modal.getByTestId('own-country').count()).resolves.toBe(role.system ? 0 : 1);
      await modal.getByRole('button', { name: 'Cancel' }).click();
      await modal.waitFor({ state: 'detached' });
    }
    await b.screenshot(`admin-role-${label.replace(' ', '-')}`);

    await page.goto('/system-admin');
    if (role.system) {
      await page.getByRole('heading', { name: 'System administration' }).waitFor();
      await expect(page.getByText('Access Denied').count()).resolves.toBe(0);
    } else {
      await page.getByText('Access Denied').waitFor();
      await page.getByText("You don't have permission to access system administration.").waitFor();
      await expect(page.getByRole('tab', { name: 'Broadcasters' }).count()).resolves.toBe(0);
      if (label === 'broadcaster user') await shots(page, 'system-admin-access-denied');
    }
    await signOut(page);
  });
});

describe('a broadcaster admin manages agencies', () => {
  it('creates, edits, associates (request sent) and removes an agency', async () => {
    const { page } = b;
    // An agency the broadcaster does not work with yet, for the association search.
    await call(t.url, 'POST', '/api/agencies', { token: admin, body: { agency_name: 'Harbour Media Group' } });
    await signIn(page, 'broadcaster.admin@demo.infinitum', DEMO_PASSWORD);
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Agencies' }).click();
    const table = page.getByTestId('agencies-table');
    await table.locator('[data-loading-state="ready"]').or(table).first().waitFor();
    // The cards come from the server beside the table: wait for a number.
    const agenciesCard = page.getByTestId('card-Agencies').getByTestId('card-value');
    await agenciesCard.filter({ hasText: /^\d+$/ }).waitFor();
    const before = Number(await agenciesCard.innerText());
    await shots(page, 'admin-agencies');

    // Create: the rules of spec 5 first.
    await page.getByRole('button', { name: 'Add New Agency' }).click();
    const modal = page.getByTestId('agency-modal');
    await modal.getByLabel('Agency Name').fill('Ab');
    await modal.getByLabel('Domain').fill('not a domain');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Agency name must be at least 4 characters').waitFor();
    await modal.getByText(/Please enter a valid domain/).waitFor();
    // Typing 2+ characters searches existing agencies; nothing matches 'Ab'... so the hint shows.
    await modal.getByText('No existing agencies found. Continue typing to create new agency.').waitFor();
    await shots(page, 'admin-agency-modal-errors');
    await modal.getByLabel('Agency Name').fill('Tide Creative');
    await modal.getByLabel('Domain').fill('https://tidecreative.co.nz/about');
    await modal.getByLabel('Admin Email').fill('ops@tidecreative.co.nz');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    await toast(page, 'Agency created successfully').waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Tide Creative' });
    await row.getByText('tidecreative.co.nz', { exact: true }).waitFor();
    await agenciesCard.filter({ hasText: new RegExp(`^${before + 1}$`) }).waitFor();

    // Edit is for the agency's own admin or the super admin: a broadcaster admin sees it disabled.
    await expect(row.getByRole('button', { name: /Edit Tide Creative: No permission to edit/ }).count()).resolves.toBe(
      1,
    );

    // Associate an existing agency: pick it from the search; the fields turn read-only.
    await page.getByRole('button', { name: 'Add New Agency' }).click();
    await modal.getByLabel('Agency Name').fill('harb');
    await modal.getByRole('option', { name: 'Harbour Media Group' }).click();
    await modal.getByText('Associate Existing Agency').waitFor();
    expect(await modal.getByLabel('Agency Name').getAttribute('readonly')).not.toBeNull();
    expect(await modal.getByLabel('Domain').getAttribute('readonly')).not.toBeNull();
    await shots(page, 'admin-agency-modal-associate');
    // Clear goes back to create mode.
    await modal.getByRole('button', { name: 'Clear' }).click();
    await modal.getByText('Add New Agency').waitFor();
    await expect(modal.getByLabel('Agency Name').inputValue()).resolves.toBe('');
    await modal.getByLabel('Agency Name').fill('Harbour');
    await modal.getByRole('option', { name: 'Harbour Media Group' }).click();
    await modal.getByRole('button', { name: 'Associate' }).click();
    await modal.waitFor({ state: 'detached' });
    await toast(page, 'Association request sent').waitFor();
    // Nothing is related yet: the request waits for the agency's side, and can be withdrawn.
    const requests = page.getByTestId('association-requests');
    await requests.getByText('Waiting for Harbour Media Group (Agency) to accept').waitFor();
    await expect(table.getByRole('row').filter({ hasText: 'Harbour Media Group' }).count()).resolves.toBe(0);
    await shots(page, 'admin-association-request-sent');
    await requests.getByRole('button', { name: 'Withdraw request to Harbour Media Group' }).click();
    await toast(page, 'Association request withdrawn').waitFor();
    await requests.getByText('No pending association requests').waitFor();

    // Remove (the super admin's right, or the agency's own admin): as the super admin.
    await signOut(page);
    await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Agencies' }).click();
    const adminRow = page.getByTestId('agencies-table').getByRole('row').filter({ hasText: 'Tide Creative' });
    await adminRow.getByRole('button', { name: 'Edit Tide Creative' }).click();
    await modal.getByText('Edit Agency').waitFor();
    await modal.getByLabel('Country', { exact: true }).selectOption('NZ');
    await modal.getByLabel('Agency Name').fill('Tide Creative Ltd');
    await shots(page, 'admin-agency-modal-edit');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    const renamed = page.getByTestId('agencies-table').getByRole('row').filter({ hasText: 'Tide Creative Ltd' });
    await renamed.waitFor();
    await renamed.getByRole('button', { name: 'Remove Tide Creative Ltd' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to remove agency Tide Creative Ltd?').waitFor();
    await shots(page, 'admin-confirm-remove');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Agency removed successfully').waitFor();
    await renamed.waitFor({ state: 'detached' });
    await signOut(page);
  });
});

describe('a broadcaster admin manages clients', () => {
  it('creates, associates (request sent), and the super admin edits and removes a client', async () => {
    const { page } = b;
    // A client with no campaign data that nobody works with yet.
    await call(t.url, 'POST', '/api/customers', {
      token: admin,
      body: { cust_name: 'Kauri Outdoor Gear', country_code: 'NZ', taxonomy_id: 0 },
    });
    await signIn(page, 'broadcaster.admin@demo.infinitum', DEMO_PASSWORD);
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Clients' }).click();
    const table = page.getByTestId('clients-table');
    await table.getByRole('row').nth(1).waitFor();
    await shots(page, 'admin-clients');

    await page.getByRole('button', { name: 'Add New Client' }).click();
    const modal = page.getByTestId('client-modal');
    await modal.getByLabel('Client Name').fill('Ko');
    await modal.getByText('No existing clients found. Continue typing to create new client.').waitFor();
    await modal.getByLabel('Client Name').fill('Kaimai Dairy Co');
    await modal.getByLabel('Domain').fill('kaimaidairy.co.nz');
    await modal.getByLabel('Category').selectOption({ index: 1 });
    await shots(page, 'admin-client-modal');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    await toast(page, 'Client created successfully').waitFor();
    await table.getByRole('row').filter({ hasText: 'Kaimai Dairy Co' }).waitFor();

    await page.getByRole('button', { name: 'Add New Client' }).click();
    await modal.getByLabel('Client Name').fill('kauri');
    await modal.getByRole('option', { name: 'Kauri Outdoor Gear' }).click();
    await modal.getByText('Associate Existing Client').waitFor();
    expect(await modal.getByLabel('Client Name').getAttribute('readonly')).not.toBeNull();
    await shots(page, 'admin-client-modal-associate');
    await modal.getByRole('button', { name: 'Associate' }).click();
    await modal.waitFor({ state: 'detached' });
    await toast(page, 'Association request sent').waitFor();
    await signOut(page);

    // The client has no admin of its own: the super admin accepts the request; only then are they related.
    await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await openAdmin(page);
    await page.getByRole('tab', { name: 'Clients' }).click();
    const requests = page.getByTestId('association-requests');
    const incoming = requests
      .getByRole('listitem')
      .filter({ hasText: 'asks to work with Kauri Outdoor Gear (Client)' });
    await incoming.waitFor();
    await shots(page, 'admin-association-request-incoming');
    await incoming.getByRole('button', { name: /^Accept request from / }).click();
    await toast(page, 'Association request accepted').waitFor();
    await incoming.waitFor({ state: 'detached' });
    const row = page.getByTestId('clients-table').getByRole('row').filter({ hasText: 'Kaimai Dairy Co' });
    await row.getByRole('button', { name: 'Edit Kaimai Dairy Co' }).click();
    await modal.getByText('Edit Client').waitFor();
    await modal.getByLabel('Billing Entity').selectOption('0');
    await modal.getByLabel('Add operational country').selectOption('AU');
    await modal
      .getByTestId('operational-countries')
      .getByText(/Australia/)
      .waitFor();
    await shots(page, 'admin-client-modal-edit-admin');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    await toast(page, 'Client updated successfully').waitFor();
    const saved: { billing_entity: number }[] = await t.gateway.app.ds.query(
      "SELECT billing_entity FROM customer WHERE cust_name = 'Kaimai Dairy Co'",
    );
    expect(Number(saved[0].billing_entity)).toBe(0);
    await row.getByRole('button', { name: 'Remove Kaimai Dairy Co' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure you want to remove client Kaimai Dairy Co?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Agency removed successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    await signOut(page);
  });
});

const linkIn = (text: string, route: string) => {
  const m = new RegExp(`https?://[^\\s]+(${route}[^\\s]*)`).exec(text);
  if (!m) throw new Error(`no ${route} link in: ${text}`);
  return m[1];
};

describe('users', () => {
  it('an admin invites a user, who accepts through the email, sets a password and signs in', async () => {
    const { page } = b;
    await signIn(page, 'agency.admin@demo.infinitum', DEMO_PASSWORD);
    await openAdmin(page);
    const table = page.getByTestId('users-table');
    await table.getByRole('row').filter({ hasText: 'Mere Parata' }).waitFor();
    await shots(page, 'admin-users');

    await page.getByRole('button', { name: 'Add New User' }).click();
    const modal = page.getByTestId('user-modal');
    await modal.getByLabel('Full Name').fill('Kai');
    await modal.getByLabel('Email Address').fill('kai@');
    await modal.getByRole('button', { name: 'Send Invitation' }).click();
    await modal.getByText('Minimum 4 characters required').waitFor();
    await modal.getByText('Enter a valid email address').waitFor();
    await shots(page, 'admin-user-modal-errors');
    await modal.getByLabel('Full Name').fill('Kai Tane');
    await modal.getByLabel('Email Address').fill('kai.tane@example.co.nz');
    await modal.getByRole('button', { name: 'Send Invitation' }).click();
    await modal.waitFor({ state: 'detached' });
    await toast(page, 'Invitation sent to kai.tane@example.co.nz').waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Kai Tane' });
    await row.getByText('Invitation pending').waitFor();
    await row.getByText('User', { exact: true }).waitFor();
    await signOut(page);

    const invite = await smtp.waitFor((m) => m.to.includes('kai.tane@example.co.nz'));
    await page.goto(linkIn(invite.text, '/accept-invitation/'));
    await page.getByText('Thank you! Your invitation has been accepted successfully.').waitFor();
    const setPassword = await smtp.waitFor(
      (m) => m.to.includes('kai.tane@example.co.nz') && m.text.includes('/reset-password'),
    );
    await page.goto(linkIn(setPassword.text, '/reset-password'));
    await page.getByLabel('New Password', { exact: true }).fill('Kai-password-42');
    await page.getByLabel('Confirm New Password').fill('Kai-password-42');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');
    await signIn(page, 'kai.tane@example.co.nz', 'Kai-password-42');
    await openAdmin(page);
    // A standard agency user manages clients only.
    expect(await tabNames(page)).toEqual(['Clients']);
    await signOut(page);

    // The admin sees the user active now, and removes them.
    await signIn(page, 'agency.admin@demo.infinitum', DEMO_PASSWORD);
    await openAdmin(page);
    await expect(row.getByText('Invitation pending').count()).resolves.toBe(0);
    await row.getByRole('button', { name: 'Remove Kai Tane' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure you want to remove user Kai Tane?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'User removed successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    // Nobody removes their own account.
    const self = table.getByRole('row').filter({ hasText: 'Mere Parata' });
    await expect(self.getByRole('button', { name: /You cannot remove your own account/ }).count()).resolves.toBe(1);
    await signOut(page);
  });
});
