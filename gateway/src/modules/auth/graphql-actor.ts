import { GraphQLError, Kind, parse } from 'graphql';
import { DomainError, httpStatusOf } from '../../shared/errors';
import type { Actor } from '../../shared/roles';
import { actorFromAuthorization } from './access-token';

// Calls made precisely when the access token may be stale: a client that still sends it must get through.
const PUBLIC_FIELDS = new Set([
  'login',
  'refreshToken',
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
    const ops = parse(query).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    const op = typeof operationName === 'string' ? ops.find((o) => o.name?.value === operationName) : ops[0];
    if (!op || (typeof operationName !== 'string' && ops.length !== 1)) return false;
    return op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && PUBLIC_FIELDS.has(s.name.value));
  } catch {
    return false;
  }
}

/**
 * The actor of a GraphQL request. A bad token answers HTTP 401 with code UNAUTHENTICATED, as REST
 * does, instead of the 500 Apollo gives any other error thrown while building the context; the
 * client refreshes its token on that 401. Sign-in and token calls ignore a stale token.
 */
export function graphqlActor(secret: string, authorization: string | undefined, body?: unknown): Actor | null {
  try {
    return actorFromAuthorization(secret, authorization);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    if (onlyPublicFields(body)) return null;
    const status = httpStatusOf[e.code];
    throw new GraphQLError(e.message, { extensions: { code: e.code, status, http: { status } } });
  }
}
