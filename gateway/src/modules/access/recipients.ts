import type { EntityManager } from 'typeorm';
import { type Actor, type EntityType, roleOf } from '@infinitum/rules';
import { badRequest } from '../../shared/errors';
import { canSeeCustomer } from './customer-scope';

/** A user as a customer's mail (alerts, scheduled reports) is addressed to: the columns that decide what they see. */
export interface RecipientRow {
  id?: number;
  user_id?: number;
  name: string;
  email: string;
  admin: number | boolean;
  entity_type: EntityType;
  entity_id: number;
}

/** The recipient as the actor the access rules judge (and the dashboard numbers are computed for). */
export const actorOfRecipient = (u: RecipientRow): Actor => ({
  userId: Number(u.user_id ?? u.id),
  name: u.name,
  email: u.email,
  role: roleOf({ entityType: u.entity_type, admin: Boolean(Number(u.admin)) }),
  entityType: u.entity_type,
  entityId: Number(u.entity_id),
  admin: Boolean(Number(u.admin)),
});

/**
 * Whether a user may receive a customer's mail: the one rule for alerts and reports, checked when a recipient
 * is chosen and again at each send (a recipient who has since lost sight of the customer is skipped, never
 * mailed). Only users who may see the customer receive it.
 */
export function mayReceive(em: EntityManager, u: RecipientRow, customerId: number): Promise<boolean> {
  return canSeeCustomer(em, actorOfRecipient(u), customerId);
}

const NOT_ALLOWED = 'recipient_ids must list users who can see this customer.';

/**
 * The recipients an editor chose for a customer's mail, checked: up to 100 ids of active users who may see the
 * customer (`mayReceive`), answered sorted without repeats; otherwise a 400 naming `recipient_ids`. An id the mail
 * did not have yet must also be one of the editor's choices (`recipientOptions`): an editor cannot address the
 * customer's mail to a third organisation's user (or the system's administrators) by guessing an id. The ids in
 * `kept` (the mail's recipients so far, perhaps chosen by another organisation's editor) may stay.
 */
export async function checkRecipients(
  em: EntityManager,
  actor: Actor,
  customerId: number,
  value: unknown,
  kept: readonly number[] = [],
): Promise<number[]> {
  const refuse = () => badRequest(NOT_ALLOWED, { recipient_ids: NOT_ALLOWED });
  if (!Array.isArray(value) || value.length > 100 || !value.every((v) => Number.isInteger(v) && v > 0)) throw refuse();
  const ids = [...new Set(value as number[])].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const users: RecipientRow[] = await em.query(
    'SELECT id, name, email, admin, entity_type, entity_id FROM user WHERE id IN (?) AND active = 1',
    [ids],
  );
  if (users.length !== ids.length) throw refuse();
  const added = ids.filter((id) => !kept.includes(id));
  if (added.length > 0) {
    const choices = new Set((await recipientOptions(em, actor, customerId)).map((u) => u.id));
    if (added.some((id) => !choices.has(id))) throw refuse();
  }
  for (const u of users) if (!(await mayReceive(em, u, customerId))) throw refuse();
  return ids;
}

/**
 * The users an editor may choose as recipients of a customer's mail (alerts, reports), by name: active users who
 * may see it, of the editor's own organisation or of the customer itself. Names and addresses of a third
 * organisation's users (another agency or broadcaster that sees the customer, the system's administrators) are
 * not the editor's to read. The caller must see the customer (checked by the service asking).
 */
export async function recipientOptions(
  em: EntityManager,
  actor: Actor,
  customerId: number,
): Promise<{ id: number; name: string; email: string }[]> {
  const users: RecipientRow[] = await em.query(
    `SELECT id, name, email, admin, entity_type, entity_id FROM user
     WHERE active = 1 AND ((entity_type = 'CUSTOMER' AND entity_id = ?) OR (entity_type = ? AND entity_id = ?))
     ORDER BY name, id LIMIT 2000`,
    [customerId, actor.entityType, actor.entityId],
  );
  const out: { id: number; name: string; email: string }[] = [];
  for (const u of users) {
    if (await mayReceive(em, u, customerId)) out.push({ id: Number(u.id), name: u.name, email: u.email });
  }
  return out;
}
