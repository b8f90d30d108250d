import type { Page } from 'playwright-core';

/** Signs in through the login form and waits for the Overview to finish loading. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/overview');
  await overviewLoaded(page);
}

export async function overviewLoaded(page: Page): Promise<void> {
  // The page's HTML shows the heading before the app runs (client/src/app/page-shells.ts): wait for the app.
  await page.locator('[data-page-shell]').waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Campaign Overview' }).waitFor();
  await page.getByTestId('table-loading').waitFor({ state: 'detached' });
}

/** The big figure of one of the four cards, as the user reads it. */
export async function cardValue(page: Page, title: string): Promise<string> {
  return (await page.getByTestId(`card-${title}`).getByTestId('card-value').innerText()).trim();
}

export const asNumber = (text: string) => Number(text.replace(/[$,]/g, ''));

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}
