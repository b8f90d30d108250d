import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Recognisable by secret scanners (GitHub, gitleaks custom rules): `ifk_` then 40 base64url characters. */
export const API_KEY_PREFIX = 'ifk_';
const FORMAT = /^ifk_[A-Za-z0-9_-]{40}$/;
/** The part shown in lists and used to find the row: `ifk_` + 8 characters (48 bits, not secret). */
export const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

/** 30 random bytes = 240 bits; 192 of them lie past the shown prefix. */
export function newSecret(): { secret: string; prefix: string; hash: string } {
  const secret = API_KEY_PREFIX + randomBytes(30).toString('base64url');
  return { secret, prefix: secret.slice(0, SHOWN_LENGTH), hash: hashSecret(secret) };
}

/** SHA-256 is right for a high-entropy secret: no dictionary to slow down, so no password hash needed. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const wellFormed = (secret: string): boolean => FORMAT.test(secret);

/** Constant-time comparison of the presented secret's hash with the stored one. */
export function sameSecret(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when the request carries an API key rather than an access token. */
export function presentedKey(headers: { authorization?: string; 'x-api-key'?: string | string[] }): string | null {
  const header = headers['x-api-key'];
  if (header !== undefined) return Array.isArray(header) ? header.join(',') : header.trim();
  const m = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  return m && m[1].startsWith(API_KEY_PREFIX) ? m[1] : null;
}
