import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/** Signed token naming one recipient of one report schedule: `<schedule>.<user>.<mac>`. */
const mac = (secret: string, scheduleId: number, userId: number) =>
  createHmac('sha256', secret).update(`report-unsubscribe:${scheduleId}:${userId}`).digest('base64url');

export const reportUnsubscribeToken = (config: Pick<Config, 'JWT_SECRET'>, scheduleId: number, userId: number) =>
  `${scheduleId}.${userId}.${mac(config.JWT_SECRET, scheduleId, userId)}`;

export const reportUnsubscribeUrl = (
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL'>,
  scheduleId: number,
  userId: number,
) =>
  `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/reports/unsubscribe?token=${reportUnsubscribeToken(config, scheduleId, userId)}`;

export function readReportUnsubscribeToken(
  config: Pick<Config, 'JWT_SECRET'>,
  token: unknown,
): { scheduleId: number; userId: number } | null {
  const m = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(typeof token === 'string' ? token : '');
  if (!m) return null;
  const scheduleId = Number(m[1]);
  const userId = Number(m[2]);
  const want = Buffer.from(mac(config.JWT_SECRET, scheduleId, userId));
  const got = Buffer.from(m[3]);
  return want.length === got.length && timingSafeEqual(want, got) ? { scheduleId, userId } : null;
}
