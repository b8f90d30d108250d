import { GraphQLError, Kind, parse } from 'graphql';
import { DomainError, httpStatusOf } from '../../shared/errors';
import type { Actor } from '@infinitum/rules';
import type { AppContext } from '../../shared/app-context';
import { actorFromAuthorization } from './access-token';
import { confirmActor } from './session-check';

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

/**
 * The actor of a GraphQL request. A bad token answers HTTP 401 with code UNAUTHENTICATED, as REST
 * does, instead of the 500 Apollo gives any other error thrown while building the context; the
 * client refreshes its token on that 401. The token must also still describe the stored user
 * (session-check.ts). Sign-in and token calls ignore a stale token either way.
 */
export async function graphqlActor(
  app: AppContext,
  authorization: string | undefined,
  body?: unknown,
): Promise<Actor | null> {
  try {
    const actor = actorFromAuthorization(app.config.JWT_SECRET, authorization);
    return actor ? await confirmActor(app, actor) : null;
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    if (onlyPublicFields(body)) return null;
    const status = httpStatusOf[e.code];
    throw new GraphQLError(e.message, { extensions: { code: e.code, status, http: { status } } });
  }
}
