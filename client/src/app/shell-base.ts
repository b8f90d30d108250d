/**
 * What the HTML page shells share (app/page-shells.ts for the signed-in pages, public/login-shell.ts for
 * /login): the document's rules and Chakra's body text as theme-base.ts sets them, and the Infinitum mark as
 * components/Logo.tsx draws it. No imports: vite.config.ts loads the shells' modules to write them.
 */
const FONTS = `Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"`;

/** The html and body rules of every shell's <style>. */
export const SHELL_DOCUMENT_CSS = 'html{-webkit-text-size-adjust:100%}body{margin:0}';

/** Declarations of Chakra's body text (background, ink, type), for a shell's root element. */
export const SHELL_TEXT = `background:#fafafa;color:#09090b;font-family:${FONTS};line-height:1.5;-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;text-rendering:optimizeLegibility;font-feature-settings:"cv11"`;

/** `<Logo height={height} withWord={withWord} light={light} />` as markup (page-shells.test.tsx holds the two to each other). */
export function logoMarkup({ height = 40, withWord = true, light = false } = {}): string {
  const ink = light ? '#ffffff' : '#00405c';
  return (
    `<svg role="img" aria-label="Infinitum" height="${height}" width="${(height * (withWord ? 220 : 64)) / 48}" viewBox="${withWord ? '0 0 220 48' : '0 0 64 48'}" xmlns="http://www.w3.org/2000/svg"><title>Infinitum</title>` +
    '<path d="M32 24c-6-8-11-12-17-12a12 12 0 0 0 0 24c6 0 11-4 17-12s11-12 17-12a12 12 0 0 1 0 24c-6 0-11-4-17-12z" fill="none" stroke="#00a2e8" stroke-width="5" stroke-linecap="round"></path>' +
    `<circle cx="49" cy="24" r="4" fill="${ink}"></circle>` +
    (withWord
      ? `<text x="72" y="33" fill="${ink}" font-family="Inter, Segoe UI, Helvetica, Arial, sans-serif" font-size="30" font-weight="700" letter-spacing="0.5">Infinitum</text>`
      : '') +
    '</svg>'
  );
}
