import type { EntityManager } from 'typeorm';
import { randomKey, sha256Hex } from '../../shared/ids';
import type { OneTimeTokenKind } from './one-time-token.entity';

/** How long each kind of emailed link works. */
export const ONE_TIME_TOKEN_SECONDS: Record<OneTimeTokenKind, number> = {
  reset: 60 * 60,
  invitation: 7 * 24 * 60 * 60,
};

/** A new single-use token (256 random bits); the email carries it, the database only its hash. */
export async function createOneTimeToken(
  em: EntityManager,
  userId: number,
  kind: OneTimeTokenKind,
  now = new Date(),
): Promise<string> {
  const token = randomKey(32);
  await em.query(
    'INSERT INTO one_time_token (user_id, kind, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
    [userId, kind, sha256Hex(token), new Date(now.getTime() + ONE_TIME_TOKEN_SECONDS[kind] * 1000), now],
  );
  return token;
}

interface TokenRow {
  id: string;
  user_id: number;
}

/** The user of a live (unused, unexpired) token of this kind, locked for the caller's transaction. */
export async function findLiveToken(
  em: EntityManager,
  token: string,
  kind: OneTimeTokenKind,
  now = new Date(),
  lock = false,
): Promise<{ id: string; userId: number } | null> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 200) return null;
  const rows: TokenRow[] = await em.query(
    `SELECT id, user_id FROM one_time_token
     WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?${lock ? ' FOR UPDATE' : ''}`,
    [sha256Hex(token), kind, now],
  );
  return rows[0] ? { id: String(rows[0].id), userId: Number(rows[0].user_id) } : null;
}

/** Spends every live token of this kind of the user (a used reset link kills its siblings too). */
export async function spendTokens(em: EntityManager, userId: number, kind: OneTimeTokenKind, now = new Date()) {
  await em.query('UPDATE one_time_token SET used_at = ? WHERE user_id = ? AND kind = ? AND used_at IS NULL', [
    now,
    userId,
    kind,
  ]);
}
