import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { badRequest, DomainError, forbidden, notFound } from '../../shared/errors';
import {
  type Actor,
  can,
  ENTITY_TYPE_BY_NUMBER,
  ENTITY_TYPE_NUMBER,
  type EntityType,
  isSuperAdmin,
  type OrgEntityType,
  roleOf,
  userRules,
} from '@infinitum/rules';
import { assertValid } from '../../shared/validation/assert';
import { flag, type Input, insertedId, optionalCode, optionalText, positiveId } from '../../shared/input';
import { issueInvitation } from '../auth/auth.service';
import { organisationExists } from '../relationships/related';

/** A user as the API answers it (spec 3): entity_type as a number (1 client, 2 agency, 3 broadcaster, 4 adtech; 0 system). */
export interface UserRecord {
  id: number;
  name: string;
  email: string;
  admin: boolean;
  role: string;
  entity_type: number;
  entity_id: number;
  active: boolean;
}

interface UserRow {
  id: number;
  name: string;
  email: string;
  admin: number;
  entity_type: EntityType;
  entity_id: number;
  active: number;
}

const COLUMNS = 'id, name, email, admin, entity_type, entity_id, active';

export const toUserRecord = (r: UserRow): UserRecord => ({
  id: Number(r.id),
  name: r.name,
  email: r.email,
  admin: Boolean(r.admin),
  role: roleOf({ entityType: r.entity_type, admin: Boolean(r.admin) }),
  entity_type: r.entity_type === 'SYSTEM' ? 0 : ENTITY_TYPE_NUMBER[r.entity_type],
  entity_id: Number(r.entity_id),
  active: Boolean(r.active),
});

export const DUPLICATE_EMAIL = 'A user with this email already exists';

function assertManagesUsers(actor: Actor): void {
  if (!can.manageUsers(actor)) throw forbidden();
}

/** Only the super admin sees every user; an entity admin the users of their own entity. */
async function visibleRow(em: EntityManager, actor: Actor, id: number): Promise<UserRow> {
  const rows: UserRow[] = isSuperAdmin(actor)
    ? await em.query(`SELECT ${COLUMNS} FROM user WHERE id = ?`, [id])
    : await em.query(`SELECT ${COLUMNS} FROM user WHERE id = ? AND entity_type = ? AND entity_id = ?`, [
        id,
        actor.entityType,
        actor.entityId,
      ]);
  if (!rows[0]) throw notFound('User');
  return rows[0];
}

/** 409 when another user has the email (emails are unique, compared lower case). */
export async function assertEmailFree(em: EntityManager, email: string, exceptId = 0): Promise<void> {
  const rows: unknown[] = await em.query('SELECT 1 FROM user WHERE email = ? AND id <> ?', [email, exceptId]);
  if (rows.length > 0) throw new DomainError('CONFLICT', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
}

/**
 * Runs a write that sets an email. The unique index settles what `assertEmailFree` cannot: two saves of
 * one email at the same moment; the loser gets the same 409 with the field, not a 500.
 */
export async function savingEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const err = e as { code?: string; driverError?: { code?: string } };
    if ((err.code ?? err.driverError?.code) === 'ER_DUP_ENTRY') {
      throw new DomainError('CONFLICT', DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
    }
    throw e;
  }
}

/** GET /users/: users of the actor's own entity, every user for the super admin. */
export async function listUsers(app: AppContext, actor: Actor): Promise<UserRecord[]> {
  assertManagesUsers(actor);
  const rows: UserRow[] = isSuperAdmin(actor)
    ? await app.ds.query(`SELECT ${COLUMNS} FROM user ORDER BY name, id`)
    : await app.ds.query(`SELECT ${COLUMNS} FROM user WHERE entity_type = ? AND entity_id = ? ORDER BY name, id`, [
        actor.entityType,
        actor.entityId,
      ]);
  return rows.map(toUserRecord);
}

export async function getUser(app: AppContext, actor: Actor, id: number): Promise<UserRecord> {
  assertManagesUsers(actor);
  return toUserRecord(await visibleRow(app.ds.manager, actor, id));
}

const ORGANISATION_REQUIRED = 'Please select an organisation';

/** The organisation of a user the super admin saves: entity_type as a number (1-4) or name, plus entity_id. */
async function chosenEntity(em: EntityManager, input: Input): Promise<{ type: OrgEntityType; id: number }> {
  const raw = optionalCode(input, 'entity_type')?.toUpperCase() ?? '';
  const type: OrgEntityType | undefined =
    ENTITY_TYPE_BY_NUMBER[Number(raw)] ?? (raw === 'CLIENT' ? 'CUSTOMER' : (raw as OrgEntityType));
  const id = positiveId(input.entity_id);
  if (!type || !(type in ENTITY_TYPE_NUMBER) || id === null || !(await organisationExists(em, type, id))) {
    throw badRequest(ORGANISATION_REQUIRED, { entity_id: ORGANISATION_REQUIRED });
  }
  return { type, id };
}

function cleaned(input: Input) {
  return { name: optionalText(input, 'name') ?? '', email: (optionalText(input, 'email') ?? '').toLowerCase() };
}

/**
 * POST /users/: an invited, inactive user of the actor's own entity (the super admin names the
 * entity); the invitation email lets them in. entity_type/entity_id from anyone else are ignored.
 */
export async function createUser(app: AppContext, actor: Actor, input: Input): Promise<UserRecord> {
  assertManagesUsers(actor);
  const data = cleaned(input);
  assertValid(userRules, data);
  const em = app.ds.manager;
  const entity = isSuperAdmin(actor)
    ? await chosenEntity(em, input)
    : { type: actor.entityType as OrgEntityType, id: actor.entityId };
  await assertEmailFree(em, data.email);
  const id = insertedId(
    await savingEmail(() =>
      em.query(
        'INSERT INTO user (name, email, password_hash, admin, entity_type, entity_id, active, created_by) VALUES (?, ?, NULL, ?, ?, ?, 0, ?)',
        [data.name, data.email, flag(input.admin), entity.type, entity.id, actor.userId],
      ),
    ),
  );
  await issueInvitation(app, id);
  return getUser(app, actor, id);
}

/** PUT /users/:id: name, email and the admin flag; the super admin may also move the user. */
export async function updateUser(app: AppContext, actor: Actor, id: number, input: Input): Promise<UserRecord> {
  assertManagesUsers(actor);
  const em = app.ds.manager;
  const row = await visibleRow(em, actor, id);
  const data = cleaned(input);
  assertValid(userRules, data);
  await assertEmailFree(em, data.email, id);
  const moves = isSuperAdmin(actor) && row.entity_type !== 'SYSTEM' && input.entity_id !== undefined;
  const entity = moves ? await chosenEntity(em, input) : { type: row.entity_type, id: Number(row.entity_id) };
  // An admin cannot drop their own admin flag (nobody would be left to manage the entity's users).
  const keepsFlag = input.admin === undefined || row.entity_type === 'SYSTEM' || id === actor.userId;
  const admin = keepsFlag ? Boolean(row.admin) : flag(input.admin);
  await savingEmail(() =>
    em.query('UPDATE user SET name = ?, email = ?, admin = ?, entity_type = ?, entity_id = ? WHERE id = ?', [
      data.name,
      data.email,
      admin,
      entity.type,
      entity.id,
      id,
    ]),
  );
  return getUser(app, actor, id);
}

export const USER_REMOVED = 'User removed successfully';

/** DELETE /users/:id: the user and their sessions and pending links. */
export async function deleteUser(app: AppContext, actor: Actor, id: number): Promise<{ message: string }> {
  assertManagesUsers(actor);
  await visibleRow(app.ds.manager, actor, id);
  if (id === actor.userId) throw badRequest('You cannot remove your own account.');
  await app.ds.transaction(async (em) => {
    await em.query('DELETE FROM refresh_token WHERE user_id = ?', [id]);
    await em.query('DELETE FROM one_time_token WHERE user_id = ?', [id]);
    await em.query('DELETE FROM user WHERE id = ?', [id]);
  });
  return { message: USER_REMOVED };
}

/** Removes every user of an organisation that is being removed (inside its transaction). */
export async function deleteUsersOf(em: EntityManager, type: OrgEntityType, id: number): Promise<void> {
  const rows: { id: number }[] = await em.query('SELECT id FROM user WHERE entity_type = ? AND entity_id = ?', [
    type,
    id,
  ]);
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return;
  await em.query('DELETE FROM refresh_token WHERE user_id IN (?)', [ids]);
  await em.query('DELETE FROM one_time_token WHERE user_id IN (?)', [ids]);
  await em.query('DELETE FROM user WHERE id IN (?)', [ids]);
}
