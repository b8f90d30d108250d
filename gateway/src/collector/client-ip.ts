import type { IncomingMessage } from 'node:http';

/** Addresses of proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES, comma separated). */
export type TrustedProxies = Set<string>;

export const trustedProxies = (list: string): TrustedProxies =>
  new Set(
    list
      .split(',')
      .map((s) => normalise(s.trim()))
      .filter(Boolean),
  );

const normalise = (ip: string) => (ip.startsWith('::ffff:') ? ip.slice(7) : ip);

/** The socket address, or the first X-Forwarded-For hop when the socket is a trusted proxy (docs/design.md#identity-time-and-geography). */
export function clientIp(req: IncomingMessage, trusted: TrustedProxies): string {
  const socket = normalise(req.socket.remoteAddress ?? '');
  if (trusted.size && trusted.has(socket)) {
    const xff = req.headers['x-forwarded-for'];
    const first = (Array.isArray(xff) ? xff[0] : xff)?.split(',')[0]?.trim();
    if (first) return normalise(first);
  }
  return socket;
}
