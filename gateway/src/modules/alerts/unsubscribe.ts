import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/** Signed, unguessable token naming one recipient of one rule (docs/api.md#alerts): `<rule>.<user>.<mac>`. */
const mac = (secret: string, ruleId: number, userId: number) =>
  createHmac('sha256', secret).update(`alert-unsubscribe:${ruleId}:${userId}`).digest('base64url');

export const unsubscribeToken = (config: Pick<Config, 'JWT_SECRET'>, ruleId: number, userId: number) =>
  `${ruleId}.${userId}.${mac(config.JWT_SECRET, ruleId, userId)}`;

export const unsubscribeUrl = (config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL'>, ruleId: number, userId: number) =>
  `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/alerts/unsubscribe?token=${unsubscribeToken(config, ruleId, userId)}`;

/** The rule and user a token names, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(
  config: Pick<Config, 'JWT_SECRET'>,
  token: unknown,
): { ruleId: number; userId: number } | null {
  const m = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(typeof token === 'string' ? token : '');
  if (!m) return null;
  const ruleId = Number(m[1]);
  const userId = Number(m[2]);
  const want = Buffer.from(mac(config.JWT_SECRET, ruleId, userId));
  const got = Buffer.from(m[3]);
  return want.length === got.length && timingSafeEqual(want, got) ? { ruleId, userId } : null;
}
