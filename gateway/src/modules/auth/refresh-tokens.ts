import { createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { randomKey, sha256Hex } from '../../shared/ids';

export const REFRESH_TOKEN_DAYS = 30;
/**
 * Two refreshes racing with the same token (two tabs, a retried request, a page that navigated away before
 * its refresh's response set the new cookie and then booted again) both keep the user signed in when the
 * second comes within this many seconds of the first: it gets the same successor (RFC 9700 4.14.2), as
 * long as nobody has spent that successor yet. A reuse after the window still revokes the family. 30 s is
 * Okta's default grace: a page's reload on a slow phone or a loaded server took longer than the 5 s this
 * once was, and the user was signed out (docs/security.md#sessions).
 */
export const REFRESH_GRACE_SECONDS = 30;

const expiry = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_DAYS * 24 * 3600 * 1000);

/**
 * The successor of a refresh token is derived from it with the server's secret, so a caller inside the
 * grace window can be handed the same successor again without its plain text ever being stored.
 */
const successorOf = (secret: string, token: string) =>
  createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');

/** A new opaque refresh token in the given family (a new family at login); only its hash is stored. */
export async function issueRefreshToken(
  em: EntityManager,
  userId: number,
  familyId = randomBytes(16).toString('hex'),
  now = new Date(),
  token = randomKey(32),
): Promise<string> {
  await em.query(
    'INSERT INTO refresh_token (user_id, family_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
    [userId, familyId, sha256Hex(token), expiry(now), now],
  );
  return token;
}

/** The session (refresh-token family) a new login starts. */
export const newFamilyId = () => randomBytes(16).toString('hex');

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

const rowOf = async (em: EntityManager, token: string): Promise<TokenRow | undefined> =>
  (
    (await em.query(
      'SELECT id, user_id, family_id, expires_at, used_at, revoked_at FROM refresh_token WHERE token_hash = ? FOR UPDATE',
      [sha256Hex(token)],
    )) as TokenRow[]
  )[0];

/**
 * Spends a refresh token and issues its successor in the same family. A token that was already spent
 * means it leaked: the whole family is revoked, so the thief's and the owner's newest tokens stop working
 * alike, unless the reuse comes within REFRESH_GRACE_SECONDS and the successor is still unspent (a race of
 * the owner's own requests): then the same successor is answered. Run inside a READ COMMITTED transaction
 * (ROTATION_ISOLATION): the row lock serialises racing callers, and without gap locks the successor's insert
 * does not deadlock with a caller waiting for the row (under REPEATABLE READ MariaDB waits with a next-key
 * lock, and the successor's insert intention into the gap before it made InnoDB roll one caller back).
 */
export const ROTATION_ISOLATION = 'READ COMMITTED';

export async function rotateRefreshToken(
  em: EntityManager,
  secret: string,
  token: string,
  now = new Date(),
): Promise<Rotation> {
  const row = await rowOf(em, token);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  const successor = successorOf(secret, token);
  if (row.used_at) {
    // A negative age is a racing request that read the clock before it waited for the row lock.
    const age = now.getTime() - new Date(row.used_at).getTime();
    if (age <= REFRESH_GRACE_SECONDS * 1000) {
      const next = await rowOf(em, successor);
      if (next && !next.used_at && !next.revoked_at) {
        return { ok: true, userId: Number(row.user_id), familyId: row.family_id, token: successor };
      }
    }
    await revokeFamily(em, row.family_id, now);
    return { ok: false, reason: 'reused' };
  }
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  await em.query('UPDATE refresh_token SET used_at = ? WHERE id = ?', [now, row.id]);
  await issueRefreshToken(em, Number(row.user_id), row.family_id, now, successor);
  return { ok: true, userId: Number(row.user_id), familyId: row.family_id, token: successor };
}

export async function revokeFamily(em: EntityManager, familyId: string, now = new Date()): Promise<void> {
  await em.query('UPDATE refresh_token SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL', [now, familyId]);
}

/** The family of a refresh token (any state), or null when unknown. */
export async function familyOf(em: EntityManager, token: string): Promise<string | null> {
  const rows: { family_id: string }[] = await em.query('SELECT family_id FROM refresh_token WHERE token_hash = ?', [
    sha256Hex(token),
  ]);
  return rows[0]?.family_id ?? null;
}

/** Signs a user out everywhere (after a password change). */
export async function revokeUserRefreshTokens(em: EntityManager, userId: number, now = new Date()): Promise<void> {
  await em.query('UPDATE refresh_token SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [now, userId]);
}
