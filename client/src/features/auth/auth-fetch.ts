import type { Session } from './session-store';

/** What the refresher needs from the session; the real one is sessionStore. */
export interface TokenSource {
  get(): Session | null;
  updateToken(accessToken: string): void;
  clear(): void;
}

/** The header that asks the gateway for the cookie form of sign-in, refresh and sign-out. */
export const COOKIE_SESSION_HEADERS = { 'content-type': 'application/json', 'x-infinitum-session': 'cookie' };
const REFRESH_PATH = '/api/refresh-token';
const AUTH_FAILURES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

/** A 401/403 status, or a GraphQL answer whose errors say UNAUTHENTICATED/FORBIDDEN. */
async function isAuthFailure(res: Response): Promise<boolean> {
  if (res.status === 401 || res.status === 403) return true;
  try {
    const body = (await res.clone().json()) as { errors?: { extensions?: { code?: string; status?: number } }[] };
    return (body.errors ?? []).some(
      (e) =>
        AUTH_FAILURES.has(e.extensions?.code ?? '') || e.extensions?.status === 401 || e.extensions?.status === 403,
    );
  } catch {
    return false;
  }
}

function withToken(init: RequestInit | undefined, token: string | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  else headers.delete('authorization');
  return { ...init, headers };
}

/**
 * Runs `fn` holding a lock shared by every tab of the site (Web Locks), where the browser has it. A refresh
 * token is single use and a reused one ends its session, so two tabs must never send the cookie at once: the
 * second one sends it after the first has replaced it.
 */
function acrossTabs<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('infinitum-refresh', () => fn()) as Promise<T>) : fn();
}

/**
 * A new access token from the refresh cookie (spec 4; the refresh token itself never reaches script), or null
 * when the cookie is gone or refused, which clears the session. Concurrent callers in a tab share ONE refresh.
 */
export function createRefresher(options: { fetch: typeof fetch; session: TokenSource }) {
  const { session } = options;
  let pending: Promise<string | null> | null = null;

  async function refresh(): Promise<string | null> {
    if (!session.get()) return null;
    try {
      const res = await acrossTabs(() =>
        options.fetch(REFRESH_PATH, {
          method: 'POST',
          headers: COOKIE_SESSION_HEADERS,
          body: '{}',
          credentials: 'same-origin',
        }),
      );
      const body = (await res.json()) as { new_token?: string };
      if (!res.ok || !body.new_token) throw new Error('refresh rejected');
      session.updateToken(body.new_token);
      return body.new_token;
    } catch {
      session.clear();
      return null;
    }
  }

  return function refreshOnce(): Promise<string | null> {
    pending ??= refresh().finally(() => {
      pending = null;
    });
    return pending;
  };
}

/**
 * fetch for the GraphQL link: adds the access token (after a reload, first gets one from the refresh cookie),
 * and on a 401/403 refreshes the token and retries the request once (spec 4). A failed refresh clears the
 * session.
 */
export function createAuthFetch(options: {
  fetch: typeof fetch;
  session: TokenSource;
  refresh?: () => Promise<string | null>;
}) {
  const { session } = options;
  const refreshOnce = options.refresh ?? createRefresher(options);

  return async function authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const signedIn = session.get();
    // Signed in but no token in this tab yet (a reload): the cookie gives one before the call.
    const used = signedIn ? (signedIn.accessToken ?? (await refreshOnce()) ?? undefined) : undefined;
    const res = await options.fetch(input, withToken(init, used));
    // Anonymous calls (login, reset) have nothing to refresh.
    if (!used || !(await isAuthFailure(res))) return res;
    // Another request may already have refreshed while this one was in flight.
    const current = session.get()?.accessToken;
    const fresh = current && current !== used ? current : await refreshOnce();
    if (!fresh) return res;
    return options.fetch(input, withToken(init, fresh));
  };
}
