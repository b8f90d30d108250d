import type { EntityManager } from 'typeorm';
import { notFound } from '../../shared/errors';
import { type Actor, isSuperAdmin } from '@infinitum/rules';

const RELATION_COLUMN = { AGENCY: 'agency_id', BROADCASTER: 'broadcaster_id', ADTECH: 'adtech_id' } as const;

/**
 * Customers an actor can see (spec 6): the super admin all ('all'); a customer user its own;
 * broadcaster, agency and adtech users the customers related to their entity.
 */
export async function visibleCustomerIds(em: EntityManager, actor: Actor): Promise<'all' | number[]> {
  if (isSuperAdmin(actor)) return 'all';
  if (actor.entityType === 'CUSTOMER') return [actor.entityId];
  if (actor.entityType === 'SYSTEM') return [];
  const column = RELATION_COLUMN[actor.entityType];
  const rows: { customer_id: number }[] = await em.query(
    `SELECT DISTINCT customer_id FROM relationship WHERE ${column} = ? AND customer_id IS NOT NULL`,
    [actor.entityId],
  );
  return rows.map((r) => Number(r.customer_id));
}

export async function canSeeCustomer(em: EntityManager, actor: Actor, customerId: number): Promise<boolean> {
  const ids = await visibleCustomerIds(em, actor);
  return ids === 'all' || ids.includes(customerId);
}

/** Throws the same 404 for another tenant's customer as for an unknown one (no existence leak). */
export async function assertCustomerVisible(em: EntityManager, actor: Actor, customerId: number): Promise<void> {
  if (!(await canSeeCustomer(em, actor, customerId))) throw notFound('Customer');
  const exists: unknown[] = await em.query('SELECT 1 FROM customer WHERE id = ?', [customerId]);
  if (exists.length === 0) throw notFound('Customer');
}
