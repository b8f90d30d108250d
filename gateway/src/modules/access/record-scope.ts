import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { assertCustomerVisible, canSeeCustomer } from './customer-scope';
import { assertValid } from '../../shared/validation/assert';
import { badRequest, notFound } from '../../shared/errors';
import { type Actor, chosenId } from '@infinitum/rules';

/**
 * Tenant scope shared by the campaign records (campaigns, bookings, creatives, impression and site tags):
 * a record is reachable only through a customer the actor can see, and another tenant's record answers
 * exactly like an unknown id (spec 6).
 */
export async function findVisible<T extends ObjectLiteral & { customerId: number }>(
  em: EntityManager,
  actor: Actor,
  entity: EntityTarget<T>,
  id: number,
  what: string,
): Promise<T> {
  const row = Number.isInteger(id) && id > 0 ? await em.getRepository(entity).findOneBy({ id } as never) : null;
  if (!row || !(await canSeeCustomer(em, actor, row.customerId))) throw notFound(what);
  return row;
}

/** The customer a new record belongs to: required, and visible to the actor (else 404 like an unknown one). */
export async function customerForNewRecord(em: EntityManager, actor: Actor, input: Record<string, unknown>) {
  assertValid({ customer_id: [chosenId('Customer')] }, input);
  const customerId = Number(input.customer_id);
  await assertCustomerVisible(em, actor, customerId);
  return customerId;
}

/** Fixed identifier map: the tables of the records that are locked while saved. */
const RECORD_TABLE = { campaign: 'campaign', booking: 'booking', creative: 'creative', site_tag: 'site_tag' } as const;

/**
 * Locks a record's row for the caller's transaction: a save and a delete of one record take turns, so
 * an update cannot re-insert a record deleted a moment earlier, nor a delete pass its "still in use"
 * check while a booking or tag is being added under the record. 404 when it is gone.
 */
export async function lockRecord(
  tx: EntityManager,
  table: keyof typeof RECORD_TABLE,
  id: number,
  what: string,
): Promise<void> {
  const rows: unknown[] = await tx.query(`SELECT id FROM ${RECORD_TABLE[table]} WHERE id = ? FOR UPDATE`, [id]);
  if (rows.length === 0) throw notFound(what);
}

export const CUSTOMER_CANNOT_CHANGE = 'A record cannot be moved to another customer';

/**
 * Records never move between customers: a different customer_id in an update is refused with the same
 * answer whether or not that customer exists or is visible (no existence leak).
 */
export function refuseCustomerChange(input: Record<string, unknown>, current: number): void {
  const v = input.customer_id;
  if (v === undefined || v === null || v === '' || Number(v) === current) return;
  throw badRequest(CUSTOMER_CANNOT_CHANGE, { customer_id: CUSTOMER_CANNOT_CHANGE });
}

/** Today in the customer's own time zone (statuses are derived from it, spec 4). */
export async function customerTimeZone(em: EntityManager, customerId: number): Promise<string> {
  const rows: { time_zone: string }[] = await em.query('SELECT time_zone FROM customer WHERE id = ?', [customerId]);
  return rows[0]?.time_zone ?? 'UTC';
}
