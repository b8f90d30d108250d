import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { conflict, DomainError, forbidden, notFound } from '../../shared/errors';
import { type Actor, isAdmin, isSuperAdmin, type OrgEntityType, type RelationshipType } from '@infinitum/rules';
import { ASSOCIATE_NEEDS_ADMIN, assertMayAssociate, sameName } from './association-policy';
import { findRelationship, insertRelationship, ORG_TABLE, TYPE_OF_ENTITY } from './related';

/**
 * Association requests (consent). Associating an existing agency or client no longer relates
 * anything by itself: it files a pending request from the asking organisation (requester) to the record
 * (target). The target's own admin, or the super admin, accepts or declines it; the requester's admin may
 * withdraw it. Only an accepted request inserts the relationship.
 *
 * Every refusal about a particular request answers the same 404 whether the request does not exist or
 * belongs to others; refusals that do not depend on the record (not an admin) come first.
 */
export type AssociationStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn';

export interface AssociationRequestRecord {
  id: number;
  status: AssociationStatus;
  requester_type: RelationshipType;
  requester_id: number;
  requester_name: string;
  target_type: RelationshipType;
  target_id: number;
  target_name: string;
  created_at: string;
  decided_at: string | null;
}

export interface AssociationRequestLists {
  /** Pending requests the caller may accept or decline (every pending one for the super admin). */
  incoming: AssociationRequestRecord[];
  /** Pending requests the caller's organisation sent. */
  outgoing: AssociationRequestRecord[];
}

export const REQUEST_NOT_FOUND = 'Association request not found.';
export const LIST_NEEDS_ADMIN = 'Only an administrator sees association requests.';
export const ALREADY_ASSOCIATED = 'Already associated.';
export const ALREADY_PENDING = 'An association request between these organisations is already pending.';

/** Fixed identifier map: the name column of each organisation table. */
const NAME_COLUMN: Record<OrgEntityType, string> = {
  CUSTOMER: 'cust_name',
  AGENCY: 'agency_name',
  BROADCASTER: 'broadcaster_name',
  ADTECH: 'adtech_name',
};

const nameOf = (side: 'requester' | 'target') =>
  `CASE r.${side}_type ${(Object.keys(ORG_TABLE) as OrgEntityType[])
    .map((t) => `WHEN '${t}' THEN (SELECT ${NAME_COLUMN[t]} FROM ${ORG_TABLE[t]} WHERE id = r.${side}_id)`)
    .join(' ')} END`;

const SELECT = `SELECT r.id, r.status, r.requester_type, r.requester_id, r.target_type, r.target_id, r.created_at,
  r.decided_at, ${nameOf('requester')} AS requester_name, ${nameOf('target')} AS target_name
  FROM association_request r`;

interface Row {
  id: number;
  status: AssociationStatus;
  requester_type: OrgEntityType;
  requester_id: number;
  target_type: OrgEntityType;
  target_id: number;
  created_at: Date;
  decided_at: Date | null;
  requester_name: string | null;
  target_name: string | null;
}

const toRecord = (r: Row): AssociationRequestRecord => ({
  id: Number(r.id),
  status: r.status,
  requester_type: TYPE_OF_ENTITY[r.requester_type],
  requester_id: Number(r.requester_id),
  requester_name: r.requester_name ?? '',
  target_type: TYPE_OF_ENTITY[r.target_type],
  target_id: Number(r.target_id),
  target_name: r.target_name ?? '',
  created_at: new Date(r.created_at).toISOString(),
  decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
});

interface Side {
  type: OrgEntityType;
  id: number;
}

/** The pair key of a pending request: the same for both directions. */
const pairKey = (a: Side, b: Side) => [`${a.type}:${a.id}`, `${b.type}:${b.id}`].sort().join('|');

async function recordOf(em: EntityManager, id: number): Promise<AssociationRequestRecord> {
  const rows: Row[] = await em.query(`${SELECT} WHERE r.id = ?`, [id]);
  return toRecord(rows[0]);
}

/**
 * Files a request from the actor's organisation to an existing agency or client (POST
 * /agencies/:id/associate, /customers/:id/associate). `name` must be the record's own name, as the
 * search offered it: an unknown id and a known id with another name answer the same 404, so ids cannot
 * be walked to learn other tenants' names. 409 when already related or a request of the pair is pending.
 */
export async function requestAssociation(
  app: AppContext,
  actor: Actor,
  target: Side,
  name: string | null,
  label: string,
): Promise<AssociationRequestRecord> {
  assertMayAssociate(actor);
  const em = app.ds.manager;
  const rows: { name: string }[] = await em.query(
    `SELECT ${NAME_COLUMN[target.type]} AS name FROM ${ORG_TABLE[target.type]} WHERE id = ?`,
    [target.id],
  );
  const requester: Side = { type: actor.entityType as OrgEntityType, id: actor.entityId };
  if (!rows[0] || !sameName(name, rows[0].name) || (requester.type === target.type && requester.id === target.id)) {
    throw notFound(label);
  }
  if (await findRelationship(em, requester, target)) throw conflict(ALREADY_ASSOCIATED);
  let res: { insertId: number };
  try {
    res = await em.query(
      `INSERT INTO association_request (requester_type, requester_id, target_type, target_id, status, pending_pair, created_by)
       VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
      [requester.type, requester.id, target.type, target.id, pairKey(requester, target), actor.userId],
    );
  } catch (e) {
    if ((e as { code?: string }).code === 'ER_DUP_ENTRY') throw conflict(ALREADY_PENDING);
    throw e;
  }
  return recordOf(em, Number(res.insertId));
}

/** GET /association-requests: the caller's organisation's pending requests, both ways. */
export async function listAssociationRequests(app: AppContext, actor: Actor): Promise<AssociationRequestLists> {
  if (!isAdmin(actor)) throw forbidden(LIST_NEEDS_ADMIN);
  const em = app.ds.manager;
  if (isSuperAdmin(actor)) {
    const rows: Row[] = await em.query(`${SELECT} WHERE r.status = 'pending' ORDER BY r.created_at, r.id`);
    return { incoming: rows.map(toRecord), outgoing: [] };
  }
  const own = [actor.entityType, actor.entityId];
  const incoming: Row[] = await em.query(
    `${SELECT} WHERE r.target_type = ? AND r.target_id = ? AND r.status = 'pending' ORDER BY r.created_at, r.id`,
    own,
  );
  const outgoing: Row[] = await em.query(
    `${SELECT} WHERE r.requester_type = ? AND r.requester_id = ? AND r.status = 'pending' ORDER BY r.created_at, r.id`,
    own,
  );
  return { incoming: incoming.map(toRecord), outgoing: outgoing.map(toRecord) };
}

export type AssociationDecision = 'accept' | 'decline' | 'withdraw';

const OUTCOME: Record<AssociationDecision, AssociationStatus> = {
  accept: 'accepted',
  decline: 'declined',
  withdraw: 'withdrawn',
};

/** Whether the actor decides this request: the target's admin (or the super admin) accepts or declines; the requester's admin withdraws. */
function decides(
  actor: Actor,
  r: { requester_type: string; requester_id: number; target_type: string; target_id: number },
  decision: AssociationDecision,
): boolean {
  const is = (type: string, id: number) => actor.admin && actor.entityType === type && actor.entityId === Number(id);
  if (decision === 'withdraw') return is(r.requester_type, r.requester_id);
  return isSuperAdmin(actor) || is(r.target_type, r.target_id);
}

/**
 * POST /association-requests/:id/{accept,decline,withdraw}. The request row is locked while deciding, so
 * two admins deciding at once cannot both win; accepting inserts the relationship in the same transaction
 * (an existing one, e.g. related meanwhile under Manage Relationships, is kept).
 */
export async function decideAssociationRequest(
  app: AppContext,
  actor: Actor,
  id: number,
  decision: AssociationDecision,
): Promise<AssociationRequestRecord> {
  if (!isAdmin(actor)) throw forbidden(ASSOCIATE_NEEDS_ADMIN);
  await app.ds.transaction(async (tx) => {
    const rows: Row[] = await tx.query(
      'SELECT id, status, requester_type, requester_id, target_type, target_id FROM association_request WHERE id = ? FOR UPDATE',
      [id],
    );
    const r = rows[0];
    if (!r || !decides(actor, r, decision)) throw notFound('Association request');
    if (r.status !== 'pending') throw conflict(`This association request has already been ${r.status}.`);
    if (decision === 'accept') {
      try {
        await insertRelationship(
          tx,
          { type: r.requester_type, id: Number(r.requester_id) },
          { type: r.target_type, id: Number(r.target_id) },
          actor.userId,
        );
      } catch (e) {
        if (!(e instanceof DomainError && e.code === 'CONFLICT')) throw e;
      }
    }
    await tx.query(
      `UPDATE association_request SET status = ?, pending_pair = NULL, decided_by = ?, decided_at = CURRENT_TIMESTAMP(3)
       WHERE id = ?`,
      [OUTCOME[decision], actor.userId, id],
    );
  });
  return recordOf(app.ds.manager, id);
}
