import { hash } from '@node-rs/argon2';
import { signAccessToken } from '../../gateway/src/modules/auth/access-token';
import { type Actor, type EntityType, roleOf } from '@infinitum/rules';
import type { TestGateway } from './gateway';

/**
 * Inserts a user of the given entity and role into the test database and answers the actor and a
 * valid access token for it (signed with the gateway's own secret, as login would).
 */
export async function makeUser(
  t: TestGateway,
  opts: { entityType: EntityType; entityId: number; admin: boolean; email?: string; name?: string; password?: string },
): Promise<{ actor: Actor; token: string; email: string; password: string }> {
  const email = (
    opts.email ??
    `${opts.entityType.toLowerCase()}-${opts.entityId}-${opts.admin ? 'admin' : 'user'}-${Math.random().toString(36).slice(2, 8)}@test.infinitum`
  ).toLowerCase();
  const password = opts.password ?? 'Password-123';
  const name = opts.name ?? `${opts.entityType} ${opts.admin ? 'Admin' : 'User'}`;
  const res: { insertId: number } = await t.gateway.app.ds.query(
    'INSERT INTO user (name, email, password_hash, admin, entity_type, entity_id, active) VALUES (?, ?, ?, ?, ?, ?, 1)',
    [name, email, await hash(password), opts.admin ? 1 : 0, opts.entityType, opts.entityId],
  );
  const actor: Actor = {
    userId: res.insertId,
    name,
    email,
    role: roleOf({ entityType: opts.entityType, admin: opts.admin }),
    entityType: opts.entityType,
    entityId: opts.entityId,
    admin: opts.admin,
  };
  return { actor, token: signAccessToken(t.config.JWT_SECRET, actor), email, password };
}
