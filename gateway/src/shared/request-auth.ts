import type { Request } from 'express';
import type { Actor } from '@infinitum/rules';

/**
 * Who is calling, decided once per request by the authentication middleware below both transports
 * (modules/auth/authenticate.ts, mounted by server.ts); REST (rest/http.ts) and GraphQL
 * (graphql/context.ts) only read it (docs/architecture.md#the-request-path).
 */
export interface RequestAuth {
  /** How the caller presented itself: an API key, an access token, or nothing. */
  by: 'key' | 'token' | 'none';
  /**
   * The confirmed actor (null without credentials), worked out on the first read and shared by every
   * later one (a key is rate-limited and counted once a call). Rejects with the DomainError the
   * credentials earned (401, 429, 503).
   */
  actor(): Promise<Actor | null>;
  /**
   * The access token's own actor, its signature and expiry checked but not confirmed against the stored
   * user and session: signing out must work with a stale session. Null for a key, no token or a bad one.
   */
  signedBy(): Actor | null;
  /** For a key's actor: why it may not call this REST operation (method, Express path without /api), or null. */
  restRefusal(actor: Actor, method: string, path: string): string | null;
}

const auths = new WeakMap<Request, RequestAuth>();

export function setRequestAuth(req: Request, auth: RequestAuth): void {
  auths.set(req, auth);
}

/** The request's authentication; a request that did not pass the middleware is a wiring error. */
export function requestAuth(req: Request): RequestAuth {
  const auth = auths.get(req);
  if (!auth) throw new Error(`No authentication on ${req.method} ${req.originalUrl}: mount authenticate() first`);
  return auth;
}
