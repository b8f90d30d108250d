import type { ApolloServerPlugin, GraphQLRequestContext } from '@apollo/server';
import { GraphQLError, Kind, type SelectionSetNode } from 'graphql';
import type { Actor } from '@infinitum/rules';
import { forbidden, httpStatusOf } from '../../shared/errors';
import { graphqlNeed, type KeyNeed, refusal } from './api-key.scope';

const UNRESOLVED = 'API key requests must name one operation of the document they send.';

/** Top-level fields of the operation, through (inline and named) fragments. */
function topFields(
  set: SelectionSetNode,
  fragments: Map<string, SelectionSetNode>,
  seen = new Set<string>(),
): string[] {
  const out: string[] = [];
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) out.push(s.name.value);
    else if (s.kind === Kind.INLINE_FRAGMENT) out.push(...topFields(s.selectionSet, fragments, seen));
    else if (!seen.has(s.name.value)) {
      seen.add(s.name.value);
      const f = fragments.get(s.name.value);
      if (f) out.push(...topFields(f, fragments, seen));
    }
  }
  return out;
}

/** What the operation GraphQL resolved needs: one scope per root field; introspection reads. */
function needsOf(ctx: GraphQLRequestContext<{ actor: Actor | null }>): KeyNeed[] | null {
  const op = ctx.operation;
  if (!op || !ctx.document) return null;
  const fragments = new Map<string, SelectionSetNode>();
  for (const d of ctx.document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d.selectionSet);
  return topFields(op.selectionSet, fragments).map((field) =>
    field === '__typename' || field === '__schema' || field === '__type' ? 'read' : graphqlNeed(op.operation, field),
  );
}

const refused = (message: string) => {
  const e = forbidden(message);
  const status = httpStatusOf[e.code];
  return new GraphQLError(e.message, { extensions: { code: e.code, status, http: { status } } });
};

/**
 * An API key's scopes are checked against the operation GraphQL actually resolved (after parsing and
 * validation, whatever the body carried: a query text, a batch, a GET's parameters), never against the
 * raw request; a key request without a resolved operation runs nothing (docs/security.md#api-keys).
 */
export function apiKeyScopePlugin(): ApolloServerPlugin<{ actor: Actor | null }> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation(ctx) {
          const key = ctx.contextValue.actor?.apiKey;
          if (!key) return;
          const needs = needsOf(ctx);
          if (needs === null || needs.length === 0) throw refused(UNRESOLVED);
          for (const need of needs) {
            const why = refusal(key.scopes, need);
            if (why) throw refused(why);
          }
        },
      };
    },
  };
}
