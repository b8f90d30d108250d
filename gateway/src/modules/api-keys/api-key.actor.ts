import type { Request } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../shared/app-context';
import { DomainError, forbidden, unauthenticated } from '../../shared/errors';
import { type Actor, type ApiKeyScope, type EntityType, roleOf } from '@infinitum/rules';
import { type KeyNeed, refusal } from './api-key.scope';
import { presentedKey, sameSecret, SHOWN_LENGTH, wellFormed } from './api-key.secret';
import { recordUse } from './api-key.usage';

export const INVALID_KEY = 'Invalid, revoked or expired API key.';
const BOTH = 'Send either an API key or an access token, not both.';

/** Which organisation table an owner lives in (the key dies with its organisation). */
const OWNER_TABLE: Record<Exclude<EntityType, 'SYSTEM'>, string> = {
  CUSTOMER: 'customer',
  AGENCY: 'agency',
  BROADCASTER: 'broadcaster',
  ADTECH: 'adtech',
};

interface KeyRow {
  id: number;
  name: string;
  secret_hash: string;
  entity_type: EntityType;
  entity_id: number;
  scopes: string;
  expires_at: Date | null;
  revoked_at: Date | null;
}

const limiters = new WeakMap<AppContext, RateLimiterRedis>();
function limiterOf(app: AppContext): RateLimiterRedis {
  let limiter = limiters.get(app);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: app.redis,
      keyPrefix: app.keys.of('api-key-rate'),
      points: app.config.API_KEY_RATE_PER_MINUTE,
      duration: 60,
    });
    limiters.set(app, limiter);
  }
  return limiter;
}

/**
 * The presented secret -> its key's row, read on every call (no cache: revocation and expiry take effect
 * at once). The row is found by its shown prefix (or, within a rotation's grace, the replaced secret's
 * prefix), then the secret's hash is compared in constant time.
 */
async function findKey(app: AppContext, secret: string): Promise<KeyRow> {
  if (!wellFormed(secret)) throw unauthenticated(INVALID_KEY);
  const shown = secret.slice(0, SHOWN_LENGTH);
  const rows: KeyRow[] = await app.ds.query(
    `SELECT id, name, secret_hash, entity_type, entity_id, scopes, expires_at, revoked_at
       FROM api_key WHERE prefix = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > UTC_TIMESTAMP(3))
     UNION ALL
     SELECT id, name, previous_secret_hash, entity_type, entity_id, scopes, expires_at, revoked_at
       FROM api_key WHERE previous_prefix = ? AND previous_until > UTC_TIMESTAMP(3) AND revoked_at IS NULL
        AND (expires_at IS NULL OR expires_at > UTC_TIMESTAMP(3))`,
    [shown, shown],
  );
  const row = rows.find((r) => sameSecret(secret, r.secret_hash));
  if (!row) throw unauthenticated(INVALID_KEY);
  if (row.entity_type !== 'SYSTEM') {
    const owner: unknown[] = await app.ds.query(`SELECT 1 FROM ${OWNER_TABLE[row.entity_type]} WHERE id = ?`, [
      row.entity_id,
    ]);
    if (owner.length === 0) throw unauthenticated(INVALID_KEY);
  }
  return row;
}

/** Requests per minute per key; Redis down fails closed (503), like sign-in's throttle. */
async function assertRate(app: AppContext, keyId: number): Promise<void> {
  try {
    await limiterOf(app).consume(String(keyId));
  } catch (e) {
    if (e instanceof RateLimiterRes) {
      throw new DomainError(
        'TOO_MANY_REQUESTS',
        `Rate limit of ${app.config.API_KEY_RATE_PER_MINUTE} requests per minute reached for this API key.`,
        undefined,
        Math.max(1, Math.ceil(e.msBeforeNext / 1000)),
      );
    }
    app.log.warn({ err: e }, 'API key rate limit unavailable (Redis): call refused with 503');
    throw new DomainError('UNAVAILABLE', 'API keys are temporarily unavailable; retry in a minute.', undefined, 30);
  }
}

/** Checks the key, its rate and its scopes for the operations asked; answers the key's actor. */
export async function authenticateKey(app: AppContext, secret: string, needs: KeyNeed[]): Promise<Actor> {
  const row = await findKey(app, secret);
  await assertRate(app, row.id);
  recordUse(app, row.id);
  const scopes = row.scopes.split(',').filter(Boolean) as ApiKeyScope[];
  for (const need of needs) {
    const why = refusal(scopes, need);
    if (why) throw forbidden(why);
  }
  return {
    userId: 0,
    name: `API key ${row.name}`,
    email: '',
    role: roleOf({ entityType: row.entity_type, admin: true }),
    entityType: row.entity_type,
    entityId: Number(row.entity_id),
    admin: true,
    apiKey: { id: Number(row.id), scopes },
  };
}

type KeyHeaders = Pick<Request, 'headers'>;

/**
 * The API key a request presents (`Authorization: Bearer ifk_...` or `X-Api-Key`), or null; both a key
 * header and an Authorization header is a 401. Read by the authentication middleware (auth/authenticate.ts).
 */
export function keyOf(req: KeyHeaders): string | null {
  const secret = presentedKey(req.headers);
  if (secret !== null && req.headers['x-api-key'] !== undefined && req.headers.authorization) {
    throw unauthenticated(BOTH);
  }
  return secret;
}
