/**
 * The first screen of a signed-in page, drawn by the HTML itself: the header bar with the mark
 * and the page's heading, where and as the app draws them. On a phone the heading is the largest paint of
 * these pages, and the app only draws it once React, Chakra, Apollo and the page's code (~275 KB) are in:
 * 3.2 s on Lighthouse's slow 4G. The build writes `shell/<page>.html` (index.html with this markup in
 * #root), the gateway answers it for /<page>, and React replaces it with the same header and heading, plus
 * everything else, when it renders (createRoot clears #root in that commit).
 *
 * Plain HTML and CSS, no script (the CSP allows none inline): the styles are Chakra's as the app computes them
 * (theme-base.ts, AppShell.tsx, the heading recipe's 2xl); tests/e2e/page-shells.test.ts compares the two
 * at 390 and 1280 px and fails when they part. The <style> sits inside #root, so it leaves with the
 * shell. No navigation or buttons: they depend on the user and do nothing before the app runs.
 *
 * Imports only shell-base.ts: vite.config.ts loads this module to write the shells (the headings are the pages'
 * own texts, which page-shells.test.tsx checks).
 */
import { logoMarkup, SHELL_DOCUMENT_CSS, SHELL_TEXT } from './shell-base';

export const PAGE_SHELLS: Record<string, { heading: string; besideControls: boolean }> = {
  // The Overview's heading shares a row with the date range and Export (40 px high from md up).
  overview: { heading: 'Campaign Overview', besideControls: true },
  dashboard: { heading: 'Advanced analytics', besideControls: false },
};

const CSS = [
  SHELL_DOCUMENT_CSS,
  `.shell{display:flex;flex-direction:column;min-height:100vh;${SHELL_TEXT}}`,
  '.shell *{box-sizing:border-box}',
  '.shell header{display:flex;align-items:center;gap:16px;height:60px;padding:0 12px;background:#00405c;position:sticky;top:0}',
  '.shell header svg{display:block;flex-shrink:0}',
  '.shell main{flex:1;width:100%;max-width:1600px;margin:0 auto;padding:24px 12px}',
  '.shell h1{margin:0;font-family:inherit;font-size:1.5rem;line-height:2rem;font-weight:600;color:#00405c}',
  '@media screen and (min-width:768px){.shell header{padding:0 20px}.shell main{padding:24px}.shell .beside{display:flex;align-items:center;min-height:40px}}',
].join('');

/** The header's mark, as AppShell draws it. */
export const HEADER_LOGO = { height: 30, light: true, withWord: false };

/** #root's content in `shell/<page>.html`; `data-page-shell` says the app has not taken over yet. */
export function shellMarkup(page: string): string {
  const { heading, besideControls } = PAGE_SHELLS[page];
  const h1 = `<h1>${heading}</h1>`;
  return (
    `<style>${CSS}</style>` +
    `<div class="shell" data-page-shell="${page}"><header>${logoMarkup(HEADER_LOGO)}</header>` +
    `<main>${besideControls ? `<div class="beside">${h1}</div>` : h1}</main></div>`
  );
}
