import { newSecret } from '../../gateway/src/modules/api-keys/api-key.secret';
import type { ApiKeyScope, EntityType } from '@infinitum/rules';
import type { TestGateway } from './gateway';

/** An API key row written straight to the test database (as createApiKey would), with its secret. */
export async function insertApiKey(
  t: TestGateway,
  opts: { entityType: EntityType; entityId: number; scopes: ApiKeyScope[]; name?: string; expiresAt?: Date },
): Promise<{ id: number; secret: string; prefix: string }> {
  const { secret, prefix, hash } = newSecret();
  const res: { insertId: number } = await t.gateway.app.ds.query(
    `INSERT INTO api_key (name, prefix, secret_hash, entity_type, entity_id, scopes, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      opts.name ?? `Key ${prefix}`,
      prefix,
      hash,
      opts.entityType,
      opts.entityId,
      opts.scopes.join(','),
      opts.expiresAt ?? null,
    ],
  );
  return { id: res.insertId, secret, prefix };
}
