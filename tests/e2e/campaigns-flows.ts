import { signIn } from './flows';
import type { Locator, Page } from 'playwright-core';

/** Opens /campaigns on a tab and waits for its grid to finish loading. */
export async function openTab(page: Page, tab: string, grid: string): Promise<Locator> {
  if (!page.url().endsWith('/campaigns')) {
    await page.goto('/campaigns');
    await page.getByRole('heading', { name: 'Campaign management' }).waitFor();
  }
  await page.getByRole('tab', { name: tab, exact: true }).click();
  return gridLoaded(page, grid);
}

export async function gridLoaded(page: Page, grid: string): Promise<Locator> {
  const locator = page.getByTestId(grid);
  await locator.waitFor();
  await page.locator(`[data-testid="${grid}"]:not([data-loading-state="loading"])`).waitFor();
  return locator;
}

/** The row of a grid that shows `text`. */
export const rowWith = (grid: Locator, text: string) => grid.locator('tbody tr').filter({ hasText: text });

/** Texts of one column (by its position among the cells) on the page shown. */
export async function columnTexts(grid: Locator, index: number): Promise<string[]> {
  return grid.locator(`tbody tr td:nth-child(${index})`).allInnerTexts();
}

/**
 * Alters the variables of the next GraphQL request with this operation name before it reaches the real
 * gateway: how a test makes the server, not the form, refuse a value.
 */
export async function tamperNext(
  page: Page,
  operationName: string,
  change: (variables: Record<string, any>) => void,
): Promise<void> {
  const pattern = '**/graphql';
  const handler = async (route: import('playwright-core').Route) => {
    const body = route.request().postDataJSON() as { operationName?: string; variables: Record<string, any> } | null;
    if (body?.operationName !== operationName) return route.fallback();
    change(body.variables);
    await route.continue({ postData: JSON.stringify(body) });
    await page.unroute(pattern, handler);
  };
  await page.route(pattern, handler);
}

/** Signs in afresh, whoever was signed in before (a failed test may have left a session behind). */
export async function signInFresh(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  // A session left behind sends /login on to the app: that navigation can destroy the page's context in the
  // middle of the call, so clear again once it has landed, then load /login without the session.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.evaluate(() => localStorage.clear());
      break;
    } catch (e) {
      if (attempt === 5) throw e;
      await page.waitForLoadState();
    }
  }
  await page.goto('/login');
  await signIn(page, email, password);
}

/** Waits until the client selector has chosen a client. */
export async function clientChosen(page: Page): Promise<string> {
  const select = page.getByTestId('customer-select');
  await page.waitForFunction(() => {
    const el = document.querySelector<HTMLSelectElement>('[data-testid="customer-select"]');
    return !!el && el.value !== '';
  });
  return select.inputValue();
}

export const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Opens the dialog and answers it. */
export async function openDialog(page: Page, button: string | Locator, testId: string): Promise<Locator> {
  await (typeof button === 'string' ? page.getByRole('button', { name: button, exact: true }) : button).click();
  const dialog = page.getByTestId(testId);
  await dialog.waitFor();
  return dialog;
}

/** Waits until a tab card shows `value` (the cards load from the server beside the grid). */
export async function cardShows(page: Page, title: string, value: string): Promise<void> {
  await page
    .getByTestId(`card-${title}`)
    .getByTestId('card-value')
    .filter({ hasText: new RegExp(`^${value.replace(/[$.]/g, '\\$&')}$`) })
    .waitFor();
}
