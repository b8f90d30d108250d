import { GraphQLError } from 'graphql';
import { DomainError, httpStatusOf } from '../../shared/errors';
import type { Actor } from '../../shared/roles';
import { actorFromAuthorization } from './access-token';

/**
 * The actor of a GraphQL request. A bad token answers HTTP 401 with code UNAUTHENTICATED, as REST
 * does, instead of the 500 Apollo gives any other error thrown while building the context; the
 * client refreshes its token on that 401.
 */
export function graphqlActor(secret: string, authorization: string | undefined): Actor | null {
  try {
    return actorFromAuthorization(secret, authorization);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const status = httpStatusOf[e.code];
    throw new GraphQLError(e.message, { extensions: { code: e.code, status, http: { status } } });
  }
}
