import type { EntityManager } from 'typeorm';
import { forbidden } from '../../shared/errors';
import { type Actor, isEntityAdmin } from '../../shared/roles';

/**
 * Who may associate an existing agency or client with their own organisation (the association mode of
 * the agency and client modals, spec 4), and which clients qualify.
 *
 * Associating a client hands the actor's whole organisation that client's campaigns, bookings, creatives,
 * tags and dashboard. Left open, any broadcaster, agency or adtech user could pick any client from the
 * search and read its data. The rule a client would accept:
 *  - only an ADMIN of the acting organisation associates (an ordinary user cannot widen what the whole
 *    organisation sees, nor, as a client, hand its data to an agency);
 *  - only a client WITHOUT campaign data (no campaigns, creatives or site tags yet) can be associated this
 *    way: a client that has data is related by the super admin (Manage Relationships), who can check
 *    with the client first. The association search lists only such clients, and nothing for non-admins.
 */
export const ASSOCIATE_NEEDS_ADMIN = 'Only an administrator of your organisation can associate an existing record.';
export const CLIENT_HAS_DATA =
  'This client already has campaign data; ask the super admin to relate it under Manage Relationships.';

export function assertMayAssociate(actor: Actor): void {
  if (!isEntityAdmin(actor)) throw forbidden(ASSOCIATE_NEEDS_ADMIN);
}

/** SQL condition (on `customer` aliased as c) true when the client has no campaign data. Fixed text. */
export const CLIENT_WITHOUT_DATA = `NOT EXISTS (SELECT 1 FROM campaign x WHERE x.customer_id = c.id)
  AND NOT EXISTS (SELECT 1 FROM creative x WHERE x.customer_id = c.id)
  AND NOT EXISTS (SELECT 1 FROM site_tag x WHERE x.customer_id = c.id)`;

export async function assertClientWithoutData(em: EntityManager, customerId: number): Promise<void> {
  const rows: unknown[] = await em.query(`SELECT 1 FROM customer c WHERE c.id = ? AND ${CLIENT_WITHOUT_DATA}`, [
    customerId,
  ]);
  if (rows.length === 0) throw forbidden(CLIENT_HAS_DATA);
}
