import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { type Actor, can, type OrgEntityType } from '@infinitum/rules';
import { canSeeCustomer } from '../access/customer-scope';
import { dropRelationshipsOf, isVisible, ORG_TABLE } from '../relationships/related';
import { deleteUser, deleteUsersOf } from '../users/user.service';
import { assertSystemAdmin } from './system-access';

/** Types an admin removes by id (spec 2, confirmRemove; spec 7: 'deleting an entity by id and type'). */
export const REMOVABLE_TYPES = ['agency', 'broadcaster', 'channel', 'client', 'user', 'adtech'] as const;
export type RemovableType = (typeof REMOVABLE_TYPES)[number];

/** Spec 8: the organisation message is reused for clients, broadcasters, adtechs and channels. */
export const ORGANISATION_REMOVED = 'Agency removed successfully';

const ORG_OF: Record<Exclude<RemovableType, 'user' | 'channel'>, OrgEntityType> = {
  agency: 'AGENCY',
  client: 'CUSTOMER',
  broadcaster: 'BROADCASTER',
  adtech: 'ADTECH',
};

const NOT_FOUND_NAME: Record<OrgEntityType, string> = {
  AGENCY: 'Agency',
  CUSTOMER: 'Customer',
  BROADCASTER: 'Broadcaster',
  ADTECH: 'AdTech',
};

async function count(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const [row]: { n: number }[] = await em.query(sql, params);
  return Number(row?.n ?? 0);
}

/** What still hangs on an organisation: removing it would orphan campaign data or channels. */
async function blockerOf(em: EntityManager, type: OrgEntityType, id: number): Promise<string | null> {
  if (type === 'CUSTOMER') {
    // Fixed table names: the records a client owns.
    for (const [table, what] of [
      ['campaign', 'campaigns'],
      ['creative', 'creatives'],
      ['site_tag', 'site tags'],
    ] as const) {
      if ((await count(em, `SELECT COUNT(*) AS n FROM ${table} WHERE customer_id = ?`, [id])) > 0) {
        return `This client still has ${what}; remove them first.`;
      }
    }
  }
  if (type === 'BROADCASTER' || type === 'ADTECH') {
    const owner = type === 'BROADCASTER' ? 'broadcaster' : 'adtech';
    if ((await count(em, 'SELECT COUNT(*) AS n FROM channel WHERE owner_type = ? AND owner_id = ?', [owner, id])) > 0) {
      return `This ${owner === 'adtech' ? 'AdTech' : 'broadcaster'} still has channels; remove them first.`;
    }
  }
  if (type === 'ADTECH' && (await count(em, 'SELECT COUNT(*) AS n FROM booking WHERE publisher_id = ?', [id])) > 0) {
    return 'This AdTech still publishes bookings.';
  }
  return null;
}

async function removeOrganisation(app: AppContext, actor: Actor, type: OrgEntityType, id: number) {
  const em = app.ds.manager;
  const visible =
    type === 'CUSTOMER'
      ? await canSeeCustomer(em, actor, id)
      : type === 'AGENCY'
        ? await isVisible(em, actor, type, id)
        : can.manageSystem(actor) || (actor.entityType === type && actor.entityId === id);
  const exists = visible && (await count(em, `SELECT COUNT(*) AS n FROM ${ORG_TABLE[type]} WHERE id = ?`, [id])) > 0;
  if (!exists) throw notFound(NOT_FOUND_NAME[type]);
  if (type === 'BROADCASTER' || type === 'ADTECH') assertSystemAdmin(actor);
  else if (!can.editEntity(actor, type, id)) throw forbidden();
  const blocker = await blockerOf(em, type, id);
  if (blocker) throw conflict(blocker);
  await app.ds.transaction(async (tx) => {
    await dropRelationshipsOf(tx, type, id);
    if (type !== 'AGENCY') {
      await tx.query('DELETE FROM operational_country WHERE owner_type = ? AND owner_id = ?', [ORG_TABLE[type], id]);
    }
    if (type === 'ADTECH') await tx.query('DELETE FROM adtech_group_member WHERE adtech_id = ?', [id]);
    await deleteUsersOf(tx, type, id);
    await tx.query(`DELETE FROM ${ORG_TABLE[type]} WHERE id = ?`, [id]);
  });
  return { message: ORGANISATION_REMOVED };
}

async function removeChannel(app: AppContext, actor: Actor, id: number) {
  assertSystemAdmin(actor);
  const em = app.ds.manager;
  if ((await count(em, 'SELECT COUNT(*) AS n FROM channel WHERE id = ?', [id])) === 0) throw notFound('Channel');
  if ((await count(em, 'SELECT COUNT(*) AS n FROM booking WHERE channel_id = ?', [id])) > 0) {
    throw conflict('This channel still has bookings.');
  }
  await em.query('DELETE FROM channel WHERE id = ?', [id]);
  return { message: ORGANISATION_REMOVED };
}

/**
 * DELETE /entities/:type/:id (and DELETE /agencies/:id, /customers/:id, /users/:id): organisations
 * by the super admin or their own admin; broadcasters, adtechs and channels by the super admin only.
 */
export async function removeEntity(
  app: AppContext,
  actor: Actor,
  type: string,
  id: number,
): Promise<{ message: string }> {
  if (!REMOVABLE_TYPES.includes(type as RemovableType)) {
    throw badRequest('Unable to delete. Unknown entity type.', { type: 'Unknown entity type' });
  }
  const t = type as RemovableType;
  if (t === 'user') return deleteUser(app, actor, id);
  if (t === 'channel') return removeChannel(app, actor, id);
  return removeOrganisation(app, actor, ORG_OF[t], id);
}
