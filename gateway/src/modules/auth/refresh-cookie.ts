import type { Request, Response } from 'express';

/**
 * The browser's refresh token lives in an HttpOnly cookie, never in script-readable storage
 * (docs/security.md#refresh-token-cookie). The web client asks for this form with the header below;
 * partners keep the spec 7 body form (refresh_token in the JSON body) unchanged.
 *
 * CSRF: the cookie is SameSite=Strict, and the gateway only reads it when the request also carries
 * the custom header and a JSON body; a cross-site form cannot set either without a CORS preflight.
 */
export const COOKIE_MODE_HEADER = 'x-infinitum-session';
export const COOKIE_MODE_VALUE = 'cookie';
export const REFRESH_COOKIE = 'infinitum_refresh';
/** Only the refresh and logout calls need it; both sit under /api. */
export const REFRESH_COOKIE_PATH = '/api';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

const cookieBase = { httpOnly: true, secure: true, sameSite: 'strict' as const, path: REFRESH_COOKIE_PATH };

/** True when the web client asked for the cookie form, with a JSON body (the CSRF guard above). */
export function wantsCookie(req: Request): boolean {
  const mode = req.get(COOKIE_MODE_HEADER);
  return mode?.toLowerCase() === COOKIE_MODE_VALUE && req.is('application/json') === 'application/json';
}

/** The refresh token the browser's cookie holds, if any. */
export function refreshCookieOf(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== REFRESH_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Moves `refresh_token` from the answer into the cookie: script never sees it. */
export function answerWithCookie<T extends { refresh_token: string }>(
  res: Response,
  answer: T,
): Omit<T, 'refresh_token'> {
  const { refresh_token, ...rest } = answer;
  res.cookie(REFRESH_COOKIE, refresh_token, { ...cookieBase, maxAge: THIRTY_DAYS_MS });
  return rest;
}

export function clearRefreshCookie(res: Response): void {
  res.clearCookie(REFRESH_COOKIE, cookieBase);
}
