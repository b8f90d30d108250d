import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { randomKey, sha256Hex } from '../../shared/ids';

export const REFRESH_TOKEN_DAYS = 30;

const expiry = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_DAYS * 24 * 3600 * 1000);

/** A new opaque refresh token in the given family (a new family at login); only its hash is stored. */
export async function issueRefreshToken(
  em: EntityManager,
  userId: number,
  familyId = randomBytes(16).toString('hex'),
  now = new Date(),
): Promise<string> {
  const token = randomKey(32);
  await em.query(
    'INSERT INTO refresh_token (user_id, family_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
    [userId, familyId, sha256Hex(token), expiry(now), now],
  );
  return token;
}

export type Rotation =
  | { ok: true; userId: number; familyId: string; token: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

interface TokenRow {
  id: string;
  user_id: number;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

/**
 * Spends a refresh token and issues its successor in the same family. A token that was already
 * spent means it leaked (or a client raced itself): the whole family is revoked, so the thief's
 * and the owner's newest tokens stop working alike. Run inside a transaction.
 */
export async function rotateRefreshToken(em: EntityManager, token: string, now = new Date()): Promise<Rotation> {
  const rows: TokenRow[] = await em.query(
    'SELECT id, user_id, family_id, expires_at, used_at, revoked_at FROM refresh_token WHERE token_hash = ? FOR UPDATE',
    [sha256Hex(token)],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    await revokeFamily(em, row.family_id, now);
    return { ok: false, reason: 'reused' };
  }
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  await em.query('UPDATE refresh_token SET used_at = ? WHERE id = ?', [now, row.id]);
  const next = await issueRefreshToken(em, Number(row.user_id), row.family_id, now);
  return { ok: true, userId: Number(row.user_id), familyId: row.family_id, token: next };
}

export async function revokeFamily(em: EntityManager, familyId: string, now = new Date()): Promise<void> {
  await em.query('UPDATE refresh_token SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [now, familyId]);
}

/** Signs a user out everywhere (after a password change). */
export async function revokeUserRefreshTokens(em: EntityManager, userId: number, now = new Date()): Promise<void> {
  await em.query('UPDATE refresh_token SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [now, userId]);
}
