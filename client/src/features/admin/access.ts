import {
  type Actor,
  can,
  type EntityType,
  isAdmin,
  isEntityAdmin,
  isSuperAdmin,
  type OrgEntityType,
} from '@infinitum/rules';
import type { SessionUser } from '../auth/session-store';

/**
 * The signed-in user as the spec 6 capability table sees it. The table itself is the gateway's
 * (`shared/roles.ts`): the screens ask the very same questions the services answer.
 */
export function actorOf(user: SessionUser): Actor {
  const superAdmin = user.role === 'ROLE_ADMIN';
  return {
    userId: 0,
    name: user.name,
    email: user.email,
    role: user.role as Actor['role'],
    entityType: (superAdmin ? 'SYSTEM' : user.entity_type) as EntityType,
    entityId: user.entity_id,
    admin: superAdmin || user.role.endsWith('_ADMIN'),
  };
}

export type AdminTabId = 'users' | 'agencies' | 'clients';

/** Spec 2: users for an admin or the super admin; agencies for entity type CUSTOMER; otherwise clients. */
export function preferredAdminTab(actor: Actor): AdminTabId {
  if (isAdmin(actor)) return 'users';
  if (actor.entityType === 'CUSTOMER') return 'agencies';
  return 'clients';
}

/** The preferred tab when it is shown, else the first tab shown. */
export function defaultTab<T extends string>(preferred: T, shown: readonly T[]): T | undefined {
  return shown.includes(preferred) ? preferred : shown[0];
}

export const mayEdit = (actor: Actor, type: OrgEntityType, id: number) => can.editEntity(actor, type, id);
export const seesAdminFields = (actor: Actor) => can.seeAdminFields(actor);
export const isSystemAdmin = (actor: Actor) => isSuperAdmin(actor);
/** Only an organisation's admin may associate an existing agency or client (gateway association-policy.ts). */
export const isEntityAdminActor = (actor: Actor) => isEntityAdmin(actor);
export { can };
