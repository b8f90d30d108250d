/**
 * The first screen of a signed-in page, drawn by the HTML itself (issue 18): the header bar with the mark
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
 * No imports: vite.config.ts loads this module to write the shells (the headings are the pages' own texts,
 * which page-shells.test.tsx checks).
 */
export const PAGE_SHELLS: Record<string, { heading: string; besideControls: boolean }> = {
  // The Overview's heading shares a row with the date range and Export (40 px high from md up).
  overview: { heading: 'Campaign Overview', besideControls: true },
  dashboard: { heading: 'Advanced analytics', besideControls: false },
};

const FONTS = `Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"`;

const CSS = [
  'html{-webkit-text-size-adjust:100%}',
  'body{margin:0}',
  `.shell{display:flex;flex-direction:column;min-height:100vh;background:#fafafa;color:#09090b;font-family:${FONTS};line-height:1.5;-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;text-rendering:optimizeLegibility;font-feature-settings:"cv11"}`,
  '.shell *{box-sizing:border-box}',
  '.shell header{display:flex;align-items:center;gap:16px;height:60px;padding:0 12px;background:#00405c;position:sticky;top:0}',
  '.shell header svg{display:block;flex-shrink:0}',
  '.shell main{flex:1;width:100%;max-width:1600px;margin:0 auto;padding:24px 12px}',
  '.shell h1{margin:0;font-family:inherit;font-size:1.5rem;line-height:2rem;font-weight:600;color:#00405c}',
  '@media screen and (min-width:768px){.shell header{padding:0 20px}.shell main{padding:24px}.shell .beside{display:flex;align-items:center;min-height:40px}}',
].join('');

/** The mark as `<Logo height={30} light withWord={false} />` draws it (checked by page-shells.test.ts). */
export const SHELL_LOGO =
  '<svg role="img" aria-label="Infinitum" height="30" width="40" viewBox="0 0 64 48" xmlns="http://www.w3.org/2000/svg"><title>Infinitum</title><path d="M32 24c-6-8-11-12-17-12a12 12 0 0 0 0 24c6 0 11-4 17-12s11-12 17-12a12 12 0 0 1 0 24c-6 0-11-4-17-12z" fill="none" stroke="#00a2e8" stroke-width="5" stroke-linecap="round"></path><circle cx="49" cy="24" r="4" fill="#ffffff"></circle></svg>';

/** #root's content in `shell/<page>.html`; `data-page-shell` says the app has not taken over yet. */
export function shellMarkup(page: string): string {
  const { heading, besideControls } = PAGE_SHELLS[page];
  const h1 = `<h1>${heading}</h1>`;
  return (
    `<style>${CSS}</style>` +
    `<div class="shell" data-page-shell="${page}"><header>${SHELL_LOGO}</header>` +
    `<main>${besideControls ? `<div class="beside">${h1}</div>` : h1}</main></div>`
  );
}
