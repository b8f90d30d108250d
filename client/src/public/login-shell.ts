/**
 * /login drawn by its HTML, as app/page-shells.ts draws /overview's and /dashboard's first screen:
 * the brand panel (from lg up) and the whole sign-in card, where and as AuthLayout and LoginPage draw them. The
 * page's largest paint, the "Discover the power of connected advertising." paragraph (the card's on a phone, the
 * panel's on a wide screen), otherwise waits for React, the public core, PublicApp and LoginPage: four round
 * trips, ~3 s on Lighthouse's slow 4G. The card is centred vertically, so it is drawn whole (fields, link,
 * button, licence line): a shorter one would sit lower and jump when the app replaces it.
 *
 * The fields and the button are pictures of themselves (no input, nothing to type into that the app would then
 * throw away); the licence link is a real link. main.tsx renders LoginPage in the app's first commit when this
 * shell is on screen, so the shell is replaced by the page itself, not by a spinner. Styles are Chakra's as the
 * app computes them (theme-base.ts, the input, field, button and link recipes); tests/e2e/page-shells.test.ts
 * compares the two at 390 and 1400 px. Imports only app/shell-base.ts: vite.config.ts loads this module to write
 * the shell.
 */
import { logoMarkup, SHELL_DOCUMENT_CSS, SHELL_TEXT } from '../app/shell-base';

/** The marks with their word: the sign-in card's (as LoginPage draws it) and the brand panel's (AuthLayout's). */
export const CARD_LOGO = { height: 44 };
export const BRAND_LOGO = { height: 56, light: true };

/** PasswordInput's eye (Lucide's), 16 px as the xs icon button draws it. */
const EYE =
  '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="#27272a" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0"></path><circle cx="12" cy="12" r="3"></circle></svg>';

const CSS = [
  SHELL_DOCUMENT_CSS,
  `.ls{display:flex;min-height:100vh;font-size:16px;${SHELL_TEXT}}`,
  '.ls *{box-sizing:border-box;margin:0}',
  '.ls svg{display:block}',
  // Chakra's reset gives every element `font: inherit`, the mark's word too (over its font-size attribute).
  '.ls text{font:inherit}',
  '.ls .brand{display:none;flex:1;flex-direction:column;justify-content:center;padding:0 64px;color:#fff;background-image:linear-gradient(to bottom right,#00405c,#1f628e)}',
  '.ls .brand div{align-self:flex-start}',
  '.ls .brand p{margin-top:24px;font-size:24px;line-height:36px;font-weight:500;max-width:448px}',
  '.ls .brand p+p{margin-top:12px;font-size:16px;line-height:24px;font-weight:400;opacity:.8}',
  '.ls .pane{flex:1;display:flex;align-items:center;justify-content:center;padding:24px}',
  '.ls .card{width:100%;max-width:420px;background:#fff;border-radius:12px;box-shadow:0 4px 8px 0 rgba(24,24,27,.1),0 0 1px 0 rgba(24,24,27,.3);padding:24px}',
  '.ls .form{display:flex;flex-direction:column;gap:20px}',
  '.ls .top{display:flex;flex-direction:column;align-items:center;gap:8px;text-align:center}',
  '.ls h1{margin-top:8px;font-size:24px;line-height:32px;font-weight:600;color:#00405c}',
  '.ls .top p{color:#52525b}',
  '.ls .field{display:flex;flex-direction:column;align-items:flex-start;gap:6px}',
  '.ls .label{font-size:14px;line-height:20px;font-weight:500}',
  '.ls .input{position:relative;width:100%;height:40px;border:1px solid #e4e4e7;border-radius:4px}',
  '.ls .input svg{position:absolute;right:11px;top:11px}',
  '.ls .forgot{align-self:flex-end;font-size:14px;line-height:21px;color:#1f628e}',
  '.ls .submit{display:flex;align-items:center;justify-content:center;height:44px;border-radius:4px;background:#00405c;color:#fff;font-weight:500}',
  '.ls .licence{font-size:12px;line-height:18px;color:#52525b;text-align:center}',
  '.ls .licence a{display:inline-flex;color:#1f628e;text-decoration:none}',
  '@media screen and (min-width:768px){.ls .card{padding:32px}}',
  '@media screen and (min-width:1024px){.ls .brand{display:flex}}',
].join('');

const DISCOVER = 'Discover the power of connected advertising.';

/** #root's content in `shell/login.html` (inside PublicApp's <main>, as the app draws it). */
export function loginShellMarkup(): string {
  const field = (label: string, inner = '') =>
    `<div class="field"><div class="label">${label}</div><div class="input">${inner}</div></div>`;
  return (
    `<style>${CSS}</style>` +
    '<main><div class="ls" data-page-shell="login">' +
    `<div class="brand"><div>${logoMarkup(BRAND_LOGO)}</div><p>${DISCOVER}</p>` +
    '<p>Impressions, visits and the response between them, for broadcast video-on-demand campaigns.</p></div>' +
    '<div class="pane"><div class="card"><div class="form">' +
    `<div class="top">${logoMarkup(CARD_LOGO)}<h1>Welcome Back</h1><p>${DISCOVER}</p></div>` +
    field('Email') +
    field('Password', EYE) +
    '<div class="forgot">Forgot password?</div>' +
    '<div class="submit">Sign In</div>' +
    '<p class="licence">By signing in you agree to the <a href="/license">Platform License Agreement</a>.</p>' +
    '</div></div></div></div></main>'
  );
}
