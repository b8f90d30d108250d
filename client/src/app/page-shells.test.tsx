import { renderToStaticMarkup } from 'react-dom/server';
import { Logo } from '../components/Logo';
import { TEXTS as DASHBOARD } from '../features/dashboard/texts';
import { OVERVIEW_HEADING } from '../features/overview/texts';
import { BRAND_LOGO, CARD_LOGO, loginShellMarkup } from '../public/login-shell';
import { HEADER_LOGO, PAGE_SHELLS, shellMarkup } from './page-shells';
import { logoMarkup } from './shell-base';

// The shells' look against the app's is tests/e2e/page-shells.test.ts (boxes, colours, type at 390 and 1280 px).
test("the page shells carry the pages' own headings and the header's mark as the app draws it", () => {
  expect(PAGE_SHELLS.overview.heading).toBe(OVERVIEW_HEADING);
  expect(PAGE_SHELLS.dashboard.heading).toBe(DASHBOARD.heading);
  expect(logoMarkup(HEADER_LOGO)).toBe(renderToStaticMarkup(<Logo height={30} light withWord={false} />));
  for (const page of Object.keys(PAGE_SHELLS)) {
    const html = shellMarkup(page);
    expect(html).toContain(`data-page-shell="${page}"`);
    expect(html).toContain(logoMarkup(HEADER_LOGO));
    expect(html).toContain(`<main>`);
    expect(html).toContain(`<h1>${PAGE_SHELLS[page].heading}</h1>`);
    expect(html).not.toMatch(/<script|\son\w+=/i); // nothing for the CSP to refuse
  }
});

// /login's texts and boxes against the app's are tests/e2e/page-shells.test.ts.
test("/login's shell draws the card's and the brand panel's marks as Logo does", () => {
  expect(logoMarkup(CARD_LOGO)).toBe(renderToStaticMarkup(<Logo height={44} />));
  expect(logoMarkup(BRAND_LOGO)).toBe(renderToStaticMarkup(<Logo height={56} light />));
  const html = loginShellMarkup();
  expect(html).toContain('data-page-shell="login"');
  expect(html).toContain(logoMarkup(CARD_LOGO));
  expect(html).toContain(logoMarkup(BRAND_LOGO));
  expect(html).not.toMatch(/<script|\son\w+=/i);
});
