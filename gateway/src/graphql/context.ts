import type { Request } from 'express';
import { GraphQLError, Kind, parse } from 'graphql';
import type { Actor } from '@infinitum/rules';
import type { AppContext } from '../shared/app-context';
import { DomainError, httpStatusOf, unauthenticated } from '../shared/errors';
import { createLoaders, type Loaders } from '../shared/loaders';
import { requestAuth } from '../shared/request-auth';

/** Per-request GraphQL context: the app, the actor (if signed in) and per-request DataLoaders. */
export interface GqlContext {
  app: AppContext;
  actor: Actor | null;
  loaders: Loaders;
  /** The caller's address (login throttling), as REST sees it in `req.ip`. */
  ip?: string;
  /** The access token's own actor, unconfirmed (shared/request-auth.ts `signedBy`): sign-out only. */
  signedBy?: Actor | null;
}

export function buildContext(app: AppContext, actor: Actor | null, ip?: string, signedBy?: Actor | null): GqlContext {
  return { app, actor, loaders: createLoaders(app), ip, signedBy };
}

export function requireActor(ctx: GqlContext): Actor {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}

// Calls made precisely when the access token may be stale: a client that still sends it must get through.
const PUBLIC_FIELDS = new Set([
  'login',
  'refreshToken',
  'logout',
  'requestPasswordReset',
  'verifyResetToken',
  'resetPassword',
  'acceptInvitation',
  'health',
  '__typename',
]);

/** True when the request's operation selects only public fields at its top level. */
function onlyPublicFields(body: unknown): boolean {
  const { query, operationName } = (body ?? {}) as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return false;
  try {
    const ops = parse(query, { maxTokens: 1000 }).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    const op = typeof operationName === 'string' ? ops.find((o) => o.name?.value === operationName) : ops[0];
    if (!op || (typeof operationName !== 'string' && ops.length !== 1)) return false;
    return op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && PUBLIC_FIELDS.has(s.name.value));
  } catch {
    return false;
  }
}

/** A refusal as a GraphQL error carrying its HTTP status (and Retry-After), as REST answers it. */
function asGraphqlError(e: DomainError): GraphQLError {
  const status = httpStatusOf[e.code];
  const headers = new Map<string, string>();
  if (e.retryAfterSeconds) headers.set('retry-after', String(e.retryAfterSeconds));
  return new GraphQLError(e.message, { extensions: { code: e.code, status, http: { status, headers } } });
}

/**
 * The context of a GraphQL request from the actor the authentication middleware confirmed
 * (shared/request-auth.ts). A refused key, or a bad token, answers its HTTP status (401 with code
 * UNAUTHENTICATED for a token, on which the client refreshes) instead of the 500 Apollo gives any other
 * error thrown while building the context. Sign-in and token calls ignore a stale token.
 */
export async function requestContext(app: AppContext, req: Request): Promise<GqlContext> {
  const auth = requestAuth(req);
  let actor: Actor | null;
  try {
    actor = await auth.actor();
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    if (auth.by !== 'token' || !onlyPublicFields(req.body)) throw asGraphqlError(e);
    actor = null;
  }
  return buildContext(app, actor, req.ip, auth.signedBy());
}
