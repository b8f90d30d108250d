/**
 * Roles and permissions (spec 6), pure: every service asks these questions,
 * no resolver or route answers them itself.
 */
export const ENTITY_TYPES = ['SYSTEM', 'CUSTOMER', 'AGENCY', 'BROADCASTER', 'ADTECH'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export type OrgEntityType = Exclude<EntityType, 'SYSTEM'>;

/** Entity type numbers of the API: 1 client, 2 agency, 3 broadcaster, 4 adtech (spec 3). */
export const ENTITY_TYPE_NUMBER: Record<OrgEntityType, number> = { CUSTOMER: 1, AGENCY: 2, BROADCASTER: 3, ADTECH: 4 };
export const ENTITY_TYPE_BY_NUMBER: Record<number, OrgEntityType> = {
  1: 'CUSTOMER',
  2: 'AGENCY',
  3: 'BROADCASTER',
  4: 'ADTECH',
};

export type Role = 'ROLE_ADMIN' | `ROLE_${OrgEntityType}_ADMIN` | `ROLE_${OrgEntityType}_USER`;

/** Who is calling: built from a verified access token, never from the request body. */
export interface Actor {
  userId: number;
  name: string;
  email: string;
  role: Role;
  entityType: EntityType;
  entityId: number;
  admin: boolean;
  /** Set when the caller is an API key (modules/api-keys): it acts as an admin of its organisation, within its scopes. */
  apiKey?: { id: number; scopes: readonly ApiKeyScope[] };
}

/** What an API key may do: `read` lists and dashboard calls, `write` record operations, `ingest` bulk ingest. */
export const API_KEY_SCOPES = ['read', 'write', 'ingest'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function roleOf(u: { entityType: EntityType; admin: boolean }): Role {
  if (u.entityType === 'SYSTEM') return 'ROLE_ADMIN';
  return `ROLE_${u.entityType}_${u.admin ? 'ADMIN' : 'USER'}` as Role;
}

export function parseRole(role: string): { entityType: EntityType; admin: boolean } | null {
  if (role === 'ROLE_ADMIN') return { entityType: 'SYSTEM', admin: true };
  const m = /^ROLE_(CUSTOMER|AGENCY|BROADCASTER|ADTECH)_(ADMIN|USER)$/.exec(role);
  return m ? { entityType: m[1] as OrgEntityType, admin: m[2] === 'ADMIN' } : null;
}

/**
 * An API key's actor (modules/api-keys). It reads and writes its organisation's records within its scopes,
 * but it is never an admin in a service's eyes: no user, key, organisation, relationship or association
 * decision, whatever the transport let through (docs/security.md#api-keys).
 */
export const isApiKey = (a: Actor) => a.apiKey !== undefined;
/** The super admin's role: a system key has it too (it sees every tenant's records), but manages nothing. */
export const isSuperAdmin = (a: Actor) => a.role === 'ROLE_ADMIN';
/** A person administering an organisation (not the super admin, never a key). */
export const isEntityAdmin = (a: Actor) => !isApiKey(a) && a.entityType !== 'SYSTEM' && a.admin;
/** A person administering: the super admin or an organisation's admin, never a key. */
export const isAdmin = (a: Actor) => !isApiKey(a) && (isSuperAdmin(a) || isEntityAdmin(a));
/** The super admin in person (a system key is not): the admin tools, relationships, direct users. */
const isSuperAdminPerson = (a: Actor) => !isApiKey(a) && isSuperAdmin(a);

/** Capability table of spec 6. */
export const can = {
  manageUsers: (a: Actor) => isAdmin(a),
  manageAgencies: (a: Actor) =>
    !isApiKey(a) &&
    (isSuperAdmin(a) || a.entityType === 'BROADCASTER' || a.entityType === 'CUSTOMER' || a.entityType === 'ADTECH'),
  manageClients: (a: Actor) =>
    !isApiKey(a) &&
    (isSuperAdmin(a) || a.entityType === 'AGENCY' || a.entityType === 'BROADCASTER' || a.entityType === 'ADTECH'),
  /** Broadcasters, channels, adtechs, adtech groups, activity, system health, direct users, relationships. */
  manageSystem: (a: Actor) => isSuperAdminPerson(a),
  /** Edit or delete an organisation: super admin, or an admin of that very entity (a person, never a key). */
  editEntity: (a: Actor, entityType: OrgEntityType, entityId: number) =>
    isSuperAdminPerson(a) || (isEntityAdmin(a) && a.entityType === entityType && a.entityId === entityId),
  /** Country, Billing Entity and Created By are for ROLE_ADMIN only. */
  seeAdminFields: (a: Actor) => isSuperAdmin(a),
};

/** Relationship source -> allowed targets (spec 6). */
export const RELATIONSHIP_TARGETS: Record<'client' | 'broadcaster' | 'agency' | 'adtech', readonly string[]> = {
  client: ['broadcaster', 'agency', 'adtech'],
  broadcaster: ['client', 'agency'],
  agency: ['client', 'broadcaster', 'adtech'],
  adtech: ['client', 'agency'],
};
