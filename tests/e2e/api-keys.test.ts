import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../gateway/src/seed/demo-data';
import { createDemoWorld } from '../../gateway/src/seed/demo-world';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { signIn } from './flows';

/** The screen's texts (client/src/features/api-keys/texts.ts; an ES module the test runner cannot require). */
const KEYS_TEXT = {
  tab: 'API Keys',
  create: 'Create API Key',
  createSubmit: 'Create Key',
  name: 'Key Name',
  secretWarning: 'Copy this key now. It will not be shown again; only its first characters are kept.',
  secretDone: 'I have copied the key',
  copy: 'Copy key',
  revokeMessage: (name: string) =>
    `Revoke "${name}"? Calls with this key will be refused at once. This cannot be undone.`,
  revokeConfirm: 'Revoke',
  rotateConfirm: 'Rotate',
  rotateMessage: (name: string) =>
    `Issue a new secret for "${name}"? The current secret keeps working for a grace period, so your systems can switch over; revoke the key to stop every secret at once.`,
  never: 'Never',
  empty: 'No API keys yet',
  scopesRequired: 'Choose at least one scope',
  nameRequired: 'Name is required',
};

/** The API Keys tab of /admin in Chromium: create, see the secret once, copy it, use it, rotate, revoke. */
jest.setTimeout(240_000);

let t: TestGateway;
let b: TestBrowser;

beforeAll(async () => {
  ensureClientBuilt();
  t = await startTestGateway();
  await createDemoWorld(t.gateway.app.ds);
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

async function shots(page: Page, name: string) {
  for (const [width, height] of [
    [1400, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(200);
    await b.screenshot(`${name}-${width}`);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

const table = (page: Page) => page.getByTestId('api-keys-table');
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

async function openKeysTab(page: Page) {
  await page.getByRole('link', { name: 'Administrative tools' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('tab', { name: KEYS_TEXT.tab }).click();
  await page.getByRole('button', { name: KEYS_TEXT.create }).waitFor();
}

async function createKey(page: Page, name: string, scopes: ('Read' | 'Write' | 'Ingest')[]): Promise<string> {
  await page.getByRole('button', { name: KEYS_TEXT.create }).click();
  const modal = page.getByTestId('api-key-modal');
  await modal.getByLabel(KEYS_TEXT.name).fill(name);
  for (const s of ['Read', 'Write', 'Ingest'] as const) {
    const box = modal.getByRole('checkbox', { name: new RegExp(`^${s}:`) });
    if ((await box.isChecked()) !== scopes.includes(s)) await modal.getByText(new RegExp(`^${s}:`)).click();
  }
  await modal.getByRole('button', { name: KEYS_TEXT.createSubmit }).click();
  const secret = (await page.getByTestId('api-key-secret-value').innerText()).trim();
  expect(secret).toMatch(/^ifk_[A-Za-z0-9_-]{40}$/);
  return secret;
}

test('an organisation admin creates a key, copies the secret once, uses it, rotates and revokes it', async () => {
  const { page } = b;
  await signIn(page, 'customer.admin@demo.infinitum', DEMO_PASSWORD);
  await openKeysTab(page);
  await table(page).getByText(KEYS_TEXT.empty).waitFor();
  await shots(page, 'api-keys-empty');

  // Create: the secret is shown once, with a copy button that puts it on the clipboard.
  const secret = await createKey(page, 'Partner reporting', ['Read', 'Write']);
  const dialog = page.getByTestId('api-key-secret');
  await dialog.getByText(KEYS_TEXT.secretWarning).waitFor();
  await shots(page, 'api-keys-secret');
  await dialog.getByRole('button', { name: KEYS_TEXT.copy }).click();
  await dialog.getByRole('button', { name: 'Copied', exact: true }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: KEYS_TEXT.secretDone }).click();
  await dialog.waitFor({ state: 'detached' });
  // Gone from the page for good: the list shows the prefix only.
  expect(await page.content()).not.toContain(secret.slice(12));
  const created = row(page, 'Partner reporting');
  await created.getByText(`${secret.slice(0, 12)}…`).waitFor();
  await created.getByText('read', { exact: true }).waitFor();
  await created.getByText('write', { exact: true }).waitFor();
  await created.getByText('Active').waitFor();
  await created.getByText(KEYS_TEXT.never).first().waitFor();

  // The copied key works for a partner; the list then shows its use.
  for (let i = 0; i < 3; i++) {
    expect((await call(t.url, 'GET', '/api/dashboard/customers', { token: secret })).status).toBe(200);
  }
  await page.reload();
  await page.getByRole('tab', { name: KEYS_TEXT.tab }).click();
  await row(page, 'Partner reporting').getByText('(3 today)').waitFor();
  await shots(page, 'api-keys-list');

  // Rotate: a new secret, shown once; the old one keeps working through the grace period, and both the
  // secret dialog and the list say until when.
  await row(page, 'Partner reporting').getByRole('button', { name: 'Rotate Partner reporting' }).click();
  await page.getByRole('alertdialog').getByText(KEYS_TEXT.rotateMessage('Partner reporting')).waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: KEYS_TEXT.rotateConfirm }).click();
  const rotated = (await page.getByTestId('api-key-secret-value').innerText()).trim();
  expect(rotated).not.toBe(secret);
  expect(await page.getByTestId('api-key-secret-note').innerText()).toMatch(/^Old secret works until \S/);
  await shots(page, 'api-keys-rotated');
  await page.getByRole('button', { name: KEYS_TEXT.secretDone }).click();
  await row(page, 'Partner reporting').getByTestId('old-secret-until').waitFor();
  expect((await call(t.url, 'GET', '/api/dashboard/customers', { token: secret })).status).toBe(200);
  expect((await call(t.url, 'GET', '/api/dashboard/customers', { token: rotated })).status).toBe(200);

  // Revoke, with a confirmation; the key is refused from the next call.
  await row(page, 'Partner reporting').getByRole('button', { name: 'Revoke Partner reporting' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText(KEYS_TEXT.revokeMessage('Partner reporting')).waitFor();
  await confirm.getByRole('button', { name: KEYS_TEXT.revokeConfirm }).click();
  await row(page, 'Partner reporting').getByText('Revoked').waitFor();
  for (const token of [secret, rotated]) {
    expect((await call(t.url, 'GET', '/api/dashboard/customers', { token })).status).toBe(401);
  }
  await expect(row(page, 'Partner reporting').getByRole('button').count()).resolves.toBe(0);
  await shots(page, 'api-keys-revoked');
});

test('a key needs a name and a scope; the form says so', async () => {
  const { page } = b;
  await page.goto('/admin');
  await page.getByRole('tab', { name: KEYS_TEXT.tab }).click();
  await page.getByRole('button', { name: KEYS_TEXT.create }).click();
  const modal = page.getByTestId('api-key-modal');
  await modal.getByText(/^Read:/).click();
  await expect(modal.getByRole('checkbox', { name: /^Read:/ }).isChecked()).resolves.toBe(false);
  await modal.getByRole('button', { name: KEYS_TEXT.createSubmit }).click();
  await modal.getByText(KEYS_TEXT.nameRequired).waitFor();
  await modal.getByText(KEYS_TEXT.scopesRequired).waitFor();
  await shots(page, 'api-keys-form-errors');
  await modal.getByRole('button', { name: 'Cancel' }).click();
});

test('the super admin creates a key for an organisation, which then sees what that organisation’s admin sees', async () => {
  const { page } = b;
  await page.goto('/license');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await openKeysTab(page);
  await page.getByRole('button', { name: KEYS_TEXT.create }).click();
  const modal = page.getByTestId('api-key-modal');
  await modal.getByLabel(KEYS_TEXT.name).fill('Broadcaster feed');
  await modal.getByLabel('Key Of').selectOption({ label: 'Broadcaster' });
  await modal.getByLabel('Organisation').selectOption({ label: 'Aotearoa Television' });
  await shots(page, 'api-keys-super-admin-form');
  await modal.getByRole('button', { name: KEYS_TEXT.createSubmit }).click();
  const secret = (await page.getByTestId('api-key-secret-value').innerText()).trim();
  await page.getByRole('button', { name: KEYS_TEXT.secretDone }).click();
  await row(page, 'Broadcaster feed').getByText('Aotearoa Television').waitFor();

  const broadcasterAdmin = (
    await call(t.url, 'POST', '/api/login', {
      body: { email: 'broadcaster.admin@demo.infinitum', password: DEMO_PASSWORD },
    })
  ).body.access_token;
  const byKey = await call(t.url, 'GET', '/api/dashboard/customers', { token: secret });
  const byAdmin = await call(t.url, 'GET', '/api/dashboard/customers', { token: broadcasterAdmin });
  expect(byKey.status).toBe(200);
  expect(byKey.body).toEqual(byAdmin.body);
  expect(byKey.body.length).toBeGreaterThan(0);
});
