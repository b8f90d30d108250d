import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { notify } from '../components/toaster';
import { createAuthFetch } from '../features/auth/auth-fetch';
import { sessionStore } from '../features/auth/session-store';
import { errorToastText, isCancelled } from './api-errors';

const REQUEST_TIMEOUT_MS = 30000;

/** Network fetch with the 30 s request timeout of spec 9. */
const timedFetch: typeof fetch = (input, init) => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal });
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
    fetch: createAuthFetch({ fetch: timedFetch, session: sessionStore, endpoint: '/graphql' }),
  });
  return new ApolloClient({ link: ApolloLink.from([errors, http]), cache: new InMemoryCache() });
}
