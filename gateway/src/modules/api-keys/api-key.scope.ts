import type { ApiKeyScope } from '@infinitum/rules';

/**
 * The one rule of what an API key may call, for both transports. The scope an operation needs comes
 * from what it does (REST: GET reads, dashboard calls read though they POST a filter, bulk ingest is
 * `ingest`, anything else writes; GraphQL: queries read, mutations write); then a deny list keeps every
 * key away from user, key and organisation management, the admin tools and the sign-in/account calls,
 * whatever its scopes. What the key may see is the services' usual permission check of the actor.
 */
export type KeyNeed = ApiKeyScope | 'never';

const REST_DENIED: RegExp[] = [
  // People, keys and the super admin's tools (direct users, relationships, system configuration).
  /^\w+ \/(users|api-keys|admin|active-users)(\/|$)/,
  // Association decisions are an organisation admin's, in person (the services refuse keys too).
  /^\w+ \/association-requests(\/|$)/,
  // The collector's consumers and dead letters: the operators' view, not a partner's.
  /^\w+ \/ingest\/(status|dead-letters)(\/|$)/,
  // Organisation management: create, edit, remove, associate.
  /^(POST|PUT|PATCH|DELETE) \/(agencies|customers|broadcasters|adtechs|adtechgroups|channels|entities)(\/|$)/,
  // What belongs to a person, not an organisation: their saved views, their alert bell and mail subscriptions,
  // a report's preview (mailed to the caller, and a key has no mailbox).
  /^\w+ \/(saved-views|alerts\/read|alerts\/unsubscribe|reports\/unsubscribe)(\/|$)/,
  /^POST \/reports\/schedules\/[^/]+\/send-now$/,
  /^GET \/alerts$/,
  // A key is not a person: no sign-in, token or account calls.
  /^\w+ \/(login|logout|refresh-token|password-reset|verify-reset-token|reset-password|accept-invitation|me|password|change-password|sessions?)(\/|$)/,
];

const GRAPHQL_DENIED: RegExp[] = [
  /^users?$/,
  /User/,
  /ApiKey|^apiKeys?$/,
  /^(create|update|delete|remove|associate)(Agency|Customer|Broadcaster|Adtech|AdtechGroup|Channel|Entity|Relationship)$/,
  /[Aa]ssociationRequest/,
  // The admin tools' read side too (system information, monitoring), as under REST's /admin.
  /^(systemConfiguration|databaseStatus|adminSummary|activeUsers|dailyActivity|etlPipelineStatus|alertActivity|redis\w+)$/,
  /^(me|login|logout|refreshToken|requestPasswordReset|verifyResetToken|resetPassword|acceptInvitation)$/,
  /[Pp]assword|[Ss]ession/,
  // A person's own things: saved views, the alert bell.
  /SavedView|^savedViews$/,
  /^(alerts|markAlertsRead)$/,
  // Erasure of a household (docs/security.md#erasure): the super admin's, in person.
  /^eraseHousehold$/,
  // A report's preview is mailed to the caller: a key has no mailbox.
  /^sendReportNow$/,
  // A client's attribution windows change every number of its history: its admins' decision, in person, as
  // REST's PUT /customers/:id/attribution-windows (organisation management); reading them is a plain query.
  /^setAttributionWindows$/,
];

/** `GET`, `/campaigns/:id` (Express pattern, without `/api`) -> the scope it needs. */
export function restNeed(method: string, path: string): KeyNeed {
  const m = method.toUpperCase();
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (REST_DENIED.some((r) => r.test(`${m} ${p}`))) return 'never';
  if (m === 'POST' && p === '/ingest/events') return 'ingest';
  if (m === 'GET' || m === 'HEAD' || (m === 'POST' && p.startsWith('/dashboard/'))) return 'read';
  return 'write';
}

/** A top-level Query or Mutation field -> the scope it needs. Introspection reads. */
export function graphqlNeed(operation: 'query' | 'mutation' | 'subscription', field: string): KeyNeed {
  if (operation === 'subscription' || GRAPHQL_DENIED.some((r) => r.test(field))) return 'never';
  return operation === 'query' ? 'read' : 'write';
}

export const NOT_FOR_KEYS = 'API keys cannot manage users, keys or organisations, nor call account operations.';
export const missingScope = (need: ApiKeyScope) => `This API key lacks the "${need}" scope.`;

/** null when allowed, else the refusal's message. */
export function refusal(scopes: readonly ApiKeyScope[], need: KeyNeed): string | null {
  if (need === 'never') return NOT_FOR_KEYS;
  return scopes.includes(need) ? null : missingScope(need);
}

/** OpenAPI: the API key scheme (`X-Api-Key`, or the key as the bearer token). */
export const API_KEY_SECURITY = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description:
      'An API key of an organisation (`ifk_...`), also accepted as `Authorization: Bearer ifk_...`. ' +
      'It acts as an admin of its organisation within its scopes: `read` (lists and dashboard calls), ' +
      '`write` (record operations), `ingest` (bulk ingest). Users, keys and organisations are never managed ' +
      'with a key. Rate limited per key (429 with Retry-After).',
  },
} as const;

/** OpenAPI: who may call an operation: an access token, or an API key holding the scope it needs. */
export function apiKeySecurity(method: string, path: string) {
  const need = restNeed(method, path);
  return need === 'never'
    ? { security: [{ bearer: [] }], 'x-api-key-scope': 'none' }
    : { security: [{ bearer: [] }, { apiKey: [need] }], 'x-api-key-scope': need };
}
