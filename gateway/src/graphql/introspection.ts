import type { ApolloServerPlugin } from '@apollo/server';
import { type DocumentNode, GraphQLError, Kind, visit } from 'graphql';
import type { Config } from '../config';
import type { GqlContext } from './context';

export const INTROSPECTION_REFUSED = 'GraphQL introspection is not available.';

/** True when the operation document asks for the schema (`__schema` or `__type`, fragments included). */
export function asksForSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    [Kind.FIELD](node) {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
    },
  });
  return found;
}

/** Introspection on: GRAPHQL_INTROSPECTION, else on everywhere but production. */
export const introspectionEnabled = (config: Config): boolean =>
  config.GRAPHQL_INTROSPECTION ? config.GRAPHQL_INTROSPECTION === '1' : config.NODE_ENV !== 'production';

/**
 * Who may read the schema through introspection. Off in production unless GRAPHQL_INTROSPECTION=1, and
 * then only for a signed-in super admin; outside production (when not switched off) anyone, for the
 * developers' tools. A refusal is a 403 FORBIDDEN before anything runs. (`__typename` is no schema read.)
 * The depth and cost limits count introspection fields like any other (server.ts).
 */
export function introspectionGate(config: Config): ApolloServerPlugin<GqlContext> {
  const enabled = introspectionEnabled(config);
  const superAdminOnly = config.NODE_ENV === 'production';
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, contextValue }) {
          if (!asksForSchema(document)) return;
          if (enabled && (!superAdminOnly || contextValue.actor?.role === 'ROLE_ADMIN')) return;
          throw new GraphQLError(INTROSPECTION_REFUSED, {
            extensions: { code: 'FORBIDDEN', status: 403, http: { status: 403 } },
          });
        },
      };
    },
  };
}
