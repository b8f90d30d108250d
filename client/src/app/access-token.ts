import { createRefresher } from '../features/auth/auth-fetch';
import { sessionStore } from '../features/auth/session-store';

/**
 * The tab's one refresher: the GraphQL link and the live stream share it, so they never refresh twice at once.
 * Signed-in code only: the public pages' first download (its budget in client/scripts/bundle-size.mjs) has no
 * use for it.
 */
export const refreshAccessToken = createRefresher({
  fetch: (input, init) => fetch(input, init),
  session: sessionStore,
});

/** The tab's access token, fetched from the refresh cookie first when a reload left none; undefined signed out. */
export async function currentAccessToken(): Promise<string | undefined> {
  const session = sessionStore.get();
  if (!session) return undefined;
  return session.accessToken ?? (await refreshAccessToken()) ?? undefined;
}
