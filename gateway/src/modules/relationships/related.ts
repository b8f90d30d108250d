import type { EntityManager } from 'typeorm';
import { conflict } from '../../shared/errors';
import { type Actor, isSuperAdmin, type OrgEntityType, type RelationshipType } from '@infinitum/rules';

/** Fixed identifier map: the relationship column of each organisation type. */
export const RELATION_COLUMN: Record<OrgEntityType, string> = {
  CUSTOMER: 'customer_id',
  AGENCY: 'agency_id',
  BROADCASTER: 'broadcaster_id',
  ADTECH: 'adtech_id',
};

/** API names of organisation types (relationship and direct-user forms) and back. */
export const ENTITY_OF_TYPE: Record<RelationshipType, OrgEntityType> = {
  client: 'CUSTOMER',
  agency: 'AGENCY',
  broadcaster: 'BROADCASTER',
  adtech: 'ADTECH',
};
export const TYPE_OF_ENTITY: Record<OrgEntityType, RelationshipType> = {
  CUSTOMER: 'client',
  AGENCY: 'agency',
  BROADCASTER: 'broadcaster',
  ADTECH: 'adtech',
};

/** Ids of organisations of `target` type related to the actor's own entity. */
export async function relatedIds(em: EntityManager, actor: Actor, target: OrgEntityType): Promise<number[]> {
  if (actor.entityType === 'SYSTEM' || actor.entityType === target) return [];
  const own = RELATION_COLUMN[actor.entityType];
  const other = RELATION_COLUMN[target];
  const rows: { id: number }[] = await em.query(
    `SELECT DISTINCT ${other} AS id FROM relationship WHERE ${own} = ? AND ${other} IS NOT NULL`,
    [actor.entityId],
  );
  return rows.map((r) => Number(r.id));
}

/** Organisations of a type the actor may see: all for the super admin, its own, and related ones. */
export async function visibleIds(em: EntityManager, actor: Actor, target: OrgEntityType): Promise<'all' | number[]> {
  if (isSuperAdmin(actor)) return 'all';
  if (actor.entityType === target) return [actor.entityId];
  return relatedIds(em, actor, target);
}

export async function isVisible(em: EntityManager, actor: Actor, target: OrgEntityType, id: number): Promise<boolean> {
  const ids = await visibleIds(em, actor, target);
  return ids === 'all' || ids.includes(id);
}

/** The relationship row linking two organisations, in either direction. */
export async function findRelationship(
  em: EntityManager,
  a: { type: OrgEntityType; id: number },
  b: { type: OrgEntityType; id: number },
): Promise<number | null> {
  const rows: { id: number }[] = await em.query(
    `SELECT id FROM relationship WHERE ${RELATION_COLUMN[a.type]} = ? AND ${RELATION_COLUMN[b.type]} = ? LIMIT 1`,
    [a.id, b.id],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * Inserts a relationship between two organisations; 409 when it exists already. Check and insert run
 * in one transaction holding both organisations' rows (locked in a fixed order), so concurrent saves of
 * the same pair cannot both pass the check and leave duplicates.
 */
export async function insertRelationship(
  em: EntityManager,
  a: { type: OrgEntityType; id: number },
  b: { type: OrgEntityType; id: number },
  createdBy: number,
): Promise<number> {
  const work = async (tx: EntityManager) => {
    const sides = [a, b].sort((x, y) => ORG_TABLE[x.type].localeCompare(ORG_TABLE[y.type]) || x.id - y.id);
    for (const side of sides)
      await tx.query(`SELECT id FROM ${ORG_TABLE[side.type]} WHERE id = ? FOR UPDATE`, [side.id]);
    if (await findRelationship(tx, a, b)) throw conflict('Relationship already exists.');
    const res: { insertId: number } = await tx.query(
      `INSERT INTO relationship (${RELATION_COLUMN[a.type]}, ${RELATION_COLUMN[b.type]}, created_by) VALUES (?, ?, ?)`,
      [a.id, b.id, createdBy],
    );
    return Number(res.insertId);
  };
  return em.queryRunner?.isTransactionActive ? work(em) : em.transaction(work);
}

/** Drops every relationship and association request of an organisation that is being removed. */
export async function dropRelationshipsOf(em: EntityManager, type: OrgEntityType, id: number): Promise<void> {
  await em.query(`DELETE FROM relationship WHERE ${RELATION_COLUMN[type]} = ?`, [id]);
  await em.query(
    'DELETE FROM association_request WHERE (requester_type = ? AND requester_id = ?) OR (target_type = ? AND target_id = ?)',
    [type, id, type, id],
  );
}

/** Fixed identifier map: the table of each organisation type. */
export const ORG_TABLE: Record<OrgEntityType, string> = {
  CUSTOMER: 'customer',
  AGENCY: 'agency',
  BROADCASTER: 'broadcaster',
  ADTECH: 'adtech',
};

export async function organisationExists(em: EntityManager, type: OrgEntityType, id: number): Promise<boolean> {
  const rows: unknown[] = await em.query(`SELECT 1 FROM ${ORG_TABLE[type]} WHERE id = ?`, [id]);
  return rows.length > 0;
}
