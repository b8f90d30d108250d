import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { notify } from '../components/toaster';
import { createAuthFetch } from '../features/auth/auth-fetch';
import { sessionStore } from '../features/auth/session-store';
import { refreshAccessToken } from './access-token';
import { errorToastText, isCancelled } from './api-errors';
import { TYPE_POLICIES } from './type-policies';

const REQUEST_TIMEOUT_MS = 30000;

/** Network fetch with the 30 s request timeout of spec 9 (no AbortSignal.any: older browsers lack it). */
const timedFetch: typeof fetch = (input, init) => {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
    REQUEST_TIMEOUT_MS,
  );
  const outer = init?.signal;
  if (outer?.aborted) controller.abort(outer.reason);
  outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
  return fetch(input, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
};

/**
 * One Apollo client: tokens and the shared refresh live in the fetch, failed calls become a
 * toast unless the operation handles its own errors (`context: { silent: true }`).
 */
export function createApolloClient() {
  const errors = new ErrorLink(({ error, operation }) => {
    if (operation.getContext().silent || isCancelled(error)) return;
    notify('error', errorToastText(error));
  });
  const http = new HttpLink({
    uri: '/graphql',
    fetch: createAuthFetch({ fetch: timedFetch, session: sessionStore, refresh: refreshAccessToken }),
  });
  return new ApolloClient({
    link: ApolloLink.from([errors, http]),
    cache: new InMemoryCache({ typePolicies: TYPE_POLICIES }),
  });
}
