import type { Session } from './session-store';

/** What the refresher needs from the session; the real one is sessionStore. */
export interface TokenSource {
  get(): Session | null;
  updateTokens(accessToken: string, refreshToken: string): void;
  clear(): void;
}

const REFRESH_MUTATION =
  'mutation RefreshToken($token: String!) { refreshToken(token: $token) { new_token refresh_token } }';
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
 * fetch for the GraphQL link: adds the access token, and on a 401/403 refreshes the token and
 * retries the request once (spec 4). Concurrent failures share ONE refresh; a failed refresh
 * clears the session.
 */
export function createAuthFetch(options: { fetch: typeof fetch; session: TokenSource; endpoint: string }) {
  const { session, endpoint } = options;
  let pending: Promise<string | null> | null = null;

  async function refresh(): Promise<string | null> {
    const refreshToken = session.get()?.refreshToken;
    if (!refreshToken) {
      session.clear();
      return null;
    }
    try {
      const res = await options.fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: REFRESH_MUTATION, variables: { token: refreshToken } }),
      });
      const body = (await res.json()) as { data?: { refreshToken?: { new_token: string; refresh_token: string } } };
      const fresh = body.data?.refreshToken;
      if (!res.ok || !fresh?.new_token) throw new Error('refresh rejected');
      session.updateTokens(fresh.new_token, fresh.refresh_token);
      return fresh.new_token;
    } catch {
      session.clear();
      return null;
    }
  }

  function refreshOnce(): Promise<string | null> {
    pending ??= refresh().finally(() => {
      pending = null;
    });
    return pending;
  }

  return async function authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const used = session.get()?.accessToken;
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
