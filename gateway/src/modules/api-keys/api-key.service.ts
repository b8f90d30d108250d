import type { AppContext } from '../../shared/app-context';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { type Input, optionalCode, optionalText, positiveId } from '../../shared/input';
import {
  type Actor,
  API_KEY_SCOPES,
  type ApiKeyScope,
  ENTITY_TYPE_BY_NUMBER,
  ENTITY_TYPE_NUMBER,
  type EntityType,
  isEntityAdmin,
  isSuperAdmin,
} from '@infinitum/rules';
import { ApiKey } from './api-key.entity';
import { newSecret } from './api-key.secret';
import { usageOf } from './api-key.usage';

/** A key as lists answer it: never the secret, never its hash. */
export interface ApiKeyRecord {
  id: number;
  name: string;
  /** `ifk_` and the first 8 characters: enough to recognise a key, not to use it. */
  prefix: string;
  scopes: ApiKeyScope[];
  /** 0 the system, then spec 3's numbers: 1 client, 2 agency, 3 broadcaster, 4 adtech. */
  entity_type: number;
  entity_id: number;
  entity_name: string;
  status: 'Active' | 'Revoked' | 'Expired';
  expires_at: string | null;
  revoked_at: string | null;
  /** After a rotation: until when the replaced secret is still accepted (null when it is not). */
  old_secret_valid_until: string | null;
  last_used_at: string | null;
  created_at: string;
  created_by: string | null;
  usage_total: number;
  usage_today: number;
}

/** A created or rotated key: the only answer that carries the secret. */
export interface IssuedApiKey {
  key: ApiKeyRecord;
  secret: string;
}

export const NAME_REQUIRED = 'Name is required';
export const NAME_TOO_LONG = 'Name must be at most 100 characters';
export const SCOPES_REQUIRED = 'Choose at least one scope: read, write or ingest';
export const EXPIRY_INVALID = 'Expiry must be a future date (yyyy-MM-dd) or date and time';
export const NOT_ROTATABLE = 'Only an active key can be rotated.';
const MAX_ACTIVE_KEYS = 50;

const ORG_TABLE: Record<Exclude<EntityType, 'SYSTEM'>, [string, string]> = {
  CUSTOMER: ['customer', 'cust_name'],
  AGENCY: ['agency', 'agency_name'],
  BROADCASTER: ['broadcaster', 'broadcaster_name'],
  ADTECH: ['adtech', 'adtech_name'],
};

/** Keys are managed by people: the super admin (any key) and organisation admins (their organisation's). */
function assertManager(actor: Actor): void {
  if (actor.apiKey || !(isSuperAdmin(actor) || isEntityAdmin(actor))) throw forbidden();
}

const mayManage = (actor: Actor, k: ApiKey) =>
  isSuperAdmin(actor) || (k.entityType === actor.entityType && Number(k.entityId) === actor.entityId);

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

async function records(app: AppContext, keys: ApiKey[]): Promise<ApiKeyRecord[]> {
  const usage = await usageOf(
    app,
    keys.map((k) => k.id),
  );
  const names = new Map<string, string>();
  for (const [type, [table, column]] of Object.entries(ORG_TABLE)) {
    const ids = [...new Set(keys.filter((k) => k.entityType === type).map((k) => Number(k.entityId)))];
    if (ids.length === 0) continue;
    const rows: { id: number; name: string }[] = await app.ds.query(
      `SELECT id, ${column} AS name FROM ${table} WHERE id IN (?)`,
      [ids],
    );
    for (const r of rows) names.set(`${type}:${r.id}`, r.name);
  }
  const creatorIds = [...new Set(keys.map((k) => k.createdBy).filter((id): id is number => id !== null))];
  const creators = new Map<number, string>();
  if (creatorIds.length) {
    const rows: { id: number; name: string }[] = await app.ds.query('SELECT id, name FROM user WHERE id IN (?)', [
      creatorIds,
    ]);
    for (const r of rows) creators.set(Number(r.id), r.name);
  }
  const now = Date.now();
  return keys.map((k) => {
    const u = usage.get(k.id) ?? { total: 0, today: 0 };
    return {
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      scopes: k.scopes.split(',').filter(Boolean) as ApiKeyScope[],
      entity_type: k.entityType === 'SYSTEM' ? 0 : ENTITY_TYPE_NUMBER[k.entityType],
      entity_id: Number(k.entityId),
      entity_name: k.entityType === 'SYSTEM' ? 'System' : (names.get(`${k.entityType}:${k.entityId}`) ?? ''),
      status: k.revokedAt ? 'Revoked' : k.expiresAt && new Date(k.expiresAt).getTime() <= now ? 'Expired' : 'Active',
      expires_at: iso(k.expiresAt),
      revoked_at: iso(k.revokedAt),
      old_secret_valid_until:
        !k.revokedAt && k.previousUntil && new Date(k.previousUntil).getTime() > now ? iso(k.previousUntil) : null,
      last_used_at: iso(k.lastUsedAt),
      created_at: iso(k.createdAt)!,
      created_by: k.createdBy === null ? null : (creators.get(k.createdBy) ?? null),
      usage_total: u.total,
      usage_today: u.today,
    };
  });
}

/** The keys the actor manages, newest first. */
export async function listApiKeys(app: AppContext, actor: Actor): Promise<ApiKeyRecord[]> {
  assertManager(actor);
  const keys = await app.ds.getRepository(ApiKey).find({
    where: isSuperAdmin(actor) ? {} : { entityType: actor.entityType, entityId: actor.entityId },
    order: { id: 'DESC' },
  });
  return records(app, keys);
}

function scopesOf(input: Input): ApiKeyScope[] {
  const v = input.scopes;
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()) : [];
  const unknown = list.filter((s) => !API_KEY_SCOPES.includes(s as ApiKeyScope));
  if (unknown.length || list.length === 0) throw badRequest(SCOPES_REQUIRED, { scopes: SCOPES_REQUIRED });
  return API_KEY_SCOPES.filter((s) => list.includes(s));
}

function expiryOf(input: Input): Date | null {
  const s = optionalText(input, 'expires_at');
  if (s === null) return null;
  const ok = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(s);
  const d = new Date(s.length === 10 ? `${s}T00:00:00Z` : s);
  if (!ok || Number.isNaN(d.getTime()) || d.getTime() <= Date.now()) {
    throw badRequest(EXPIRY_INVALID, { expires_at: EXPIRY_INVALID });
  }
  return d;
}

/** Whose key: an organisation admin's own organisation; the super admin names one (or none: a system key). */
async function ownerOf(app: AppContext, actor: Actor, input: Input): Promise<[EntityType, number]> {
  if (!isSuperAdmin(actor)) return [actor.entityType, actor.entityId];
  const code = optionalCode(input, 'entity_type');
  if (code === null || code === '0' || code.toUpperCase() === 'SYSTEM') return ['SYSTEM', 0];
  const type = ENTITY_TYPE_BY_NUMBER[Number(code)];
  const id = positiveId(input.entity_id);
  if (!type) throw badRequest('entity_type must be 0 to 4.', { entity_type: 'entity_type must be 0 to 4.' });
  if (id === null) throw badRequest('entity_id is required.', { entity_id: 'entity_id is required.' });
  const [table] = ORG_TABLE[type];
  const found: unknown[] = await app.ds.query(`SELECT 1 FROM ${table} WHERE id = ?`, [id]);
  if (found.length === 0) throw notFound('Organisation');
  return [type, id];
}

export async function createApiKey(app: AppContext, actor: Actor, input: Input): Promise<IssuedApiKey> {
  assertManager(actor);
  const name = optionalText(input, 'name');
  if (name === null) throw badRequest(NAME_REQUIRED, { name: NAME_REQUIRED });
  if (name.length > 100) throw badRequest(NAME_TOO_LONG, { name: NAME_TOO_LONG });
  const scopes = scopesOf(input);
  const expiresAt = expiryOf(input);
  const [entityType, entityId] = await ownerOf(app, actor, input);
  const [{ n }]: { n: number }[] = await app.ds.query(
    'SELECT COUNT(*) AS n FROM api_key WHERE entity_type = ? AND entity_id = ? AND revoked_at IS NULL',
    [entityType, entityId],
  );
  if (Number(n) >= MAX_ACTIVE_KEYS) throw conflict(`An organisation may hold at most ${MAX_ACTIVE_KEYS} active keys.`);
  const { secret, prefix, hash } = newSecret();
  const k = new ApiKey();
  Object.assign(k, {
    name,
    prefix,
    secretHash: hash,
    entityType,
    entityId,
    scopes: scopes.join(','),
    expiresAt,
    revokedAt: null,
    lastUsedAt: null,
    createdBy: actor.userId,
  });
  const saved = await app.ds.getRepository(ApiKey).save(k);
  const [key] = await records(app, [await app.ds.getRepository(ApiKey).findOneByOrFail({ id: saved.id })]);
  return { key, secret };
}

async function managedKey(app: AppContext, actor: Actor, id: number): Promise<ApiKey> {
  assertManager(actor);
  const k = await app.ds.getRepository(ApiKey).findOneBy({ id });
  if (!k || !mayManage(actor, k)) throw notFound('API key');
  return k;
}

/** Revoked at once: every call reads the row, so the next request with this secret answers 401. */
export async function revokeApiKey(app: AppContext, actor: Actor, id: number): Promise<ApiKeyRecord> {
  const k = await managedKey(app, actor, id);
  if (!k.revokedAt)
    await app.ds.query('UPDATE api_key SET revoked_at = UTC_TIMESTAMP(3) WHERE id = ? AND revoked_at IS NULL', [id]);
  const [record] = await records(app, [await app.ds.getRepository(ApiKey).findOneByOrFail({ id })]);
  return record;
}

/**
 * A new secret for the same key (name, scopes, expiry, usage kept). The old secret keeps working for
 * API_KEY_ROTATION_GRACE_HOURS so a partner can roll the new one out; a second rotation or a revocation
 * ends that at once. MySQL assigns left to right, so `previous_*` take the values being replaced.
 */
export async function rotateApiKey(app: AppContext, actor: Actor, id: number): Promise<IssuedApiKey> {
  const k = await managedKey(app, actor, id);
  if (k.revokedAt || (k.expiresAt && new Date(k.expiresAt).getTime() <= Date.now())) throw conflict(NOT_ROTATABLE);
  const { secret, prefix, hash } = newSecret();
  const graceMs = Math.round(app.config.API_KEY_ROTATION_GRACE_HOURS * 3600_000);
  const res: { affectedRows: number } = await app.ds.query(
    graceMs > 0
      ? `UPDATE api_key SET previous_prefix = prefix, previous_secret_hash = secret_hash,
           previous_until = UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND, prefix = ?, secret_hash = ?
         WHERE id = ? AND revoked_at IS NULL`
      : `UPDATE api_key SET previous_prefix = NULL, previous_secret_hash = NULL, previous_until = NULL,
           prefix = ?, secret_hash = ? WHERE id = ? AND revoked_at IS NULL`,
    graceMs > 0 ? [graceMs * 1000, prefix, hash, id] : [prefix, hash, id],
  );
  if (res.affectedRows !== 1) throw conflict(NOT_ROTATABLE);
  const [key] = await records(app, [await app.ds.getRepository(ApiKey).findOneByOrFail({ id })]);
  return { key, secret };
}
