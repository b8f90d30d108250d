import type { AppContext } from '../../shared/app-context';
import { badRequest } from '../../shared/errors';
import {
  type Actor,
  DIRECT_USER_ENTITY_TYPES,
  type DirectUserEntityType,
  directUserRules,
  ORGANISATION_FIELD,
} from '@infinitum/rules';
import { assertValid } from '../../shared/validation/assert';
import { assertPasswordAllowed } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { type Input, insertedId, optionalText, positiveId } from '../../shared/input';
import { assertSystemAdmin } from '../organisations/system-access';
import { ENTITY_OF_TYPE, organisationExists } from '../relationships/related';
import { assertEmailFree, getUser, savingEmail, type UserRecord } from './user.service';

/**
 * POST /admin/users/direct (spec 3 directUser): the super admin creates an active user with a preset
 * password (argon2id), role_id 1 admin or 2 user (default), in a broadcaster (default), agency, client or adtech.
 */
export async function createDirectUser(app: AppContext, actor: Actor, input: Input): Promise<UserRecord> {
  assertSystemAdmin(actor);
  const rawType = optionalText(input, 'entity_type')?.toLowerCase() ?? 'broadcaster';
  const entityType: DirectUserEntityType = DIRECT_USER_ENTITY_TYPES.includes(rawType as DirectUserEntityType)
    ? (rawType as DirectUserEntityType)
    : 'broadcaster';
  const field = ORGANISATION_FIELD[entityType];
  const data = {
    name: optionalText(input, 'name') ?? '',
    email: (optionalText(input, 'email') ?? '').toLowerCase(),
    // Passwords are taken as typed: spaces may be part of them; a non-string is refused by the rules.
    password: input.password,
    role_id: input.role_id ?? 2,
    entity_type: rawType,
    [field]: input[field],
  };
  assertValid(directUserRules({ entityType, creating: true }), data);
  const em = app.ds.manager;
  const orgId = positiveId(input[field]);
  const type = ENTITY_OF_TYPE[entityType];
  if (orgId === null || !(await organisationExists(em, type, orgId))) {
    throw badRequest('Please select an organisation', { [field]: 'Please select an organisation' });
  }
  await assertEmailFree(em, data.email);
  const passwordHash = await hashPassword(assertPasswordAllowed(data.password, 'password', 'Password'));
  const id = insertedId(
    await savingEmail(() =>
      em.query(
        'INSERT INTO user (name, email, password_hash, admin, entity_type, entity_id, active, created_by) VALUES (?, ?, ?, ?, ?, ?, 1, ?)',
        [data.name, data.email, passwordHash, Number(data.role_id) === 1, type, orgId, actor.userId],
      ),
    ),
  );
  return getUser(app, actor, id);
}
