import { isbot } from 'isbot';

/**
 * The reference's own reading of shared DESIGN.md section 3b, rules 1-5 (written apart from the gateway's
 * gateway/src/shared/invalid-traffic.ts: the suites compare the two). `isbot` is the list the design names; the
 * CIDR test is plain 32-bit arithmetic (IPv4 only: the suites' data-centre addresses are IPv4).
 */
export interface RefSignals {
  gpc?: string;
  optedOut?: boolean;
  ua?: string;
  secPurpose?: string;
  purpose?: string;
  xMoz?: string;
  ip?: string;
}

const v4 = (ip: string): number | null => {
  const m = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  if (!m) return null;
  return m.slice(1).reduce((n, part) => n * 256 + Number(part), 0);
};

export function inCidrs(ip: string, cidrs: string[]): boolean {
  const a = v4(ip);
  if (a === null) return false;
  return cidrs.some((c) => {
    const [base, bits] = c.split('/');
    const b = v4(base);
    if (b === null) return false;
    const size = 2 ** (32 - Number(bits));
    return Math.floor(a / size) === Math.floor(b / size);
  });
}

/** The reason of rules 1-5, or null for human traffic. */
export function referenceReason(s: RefSignals, datacenter: string[]): string | null {
  if (s.gpc === '1') return 'gpc';
  if (s.optedOut) return 'opt_out';
  if (s.ua && isbot(s.ua)) return 'bot';
  if ([s.secPurpose, s.purpose, s.xMoz].some((v) => v?.toLowerCase().includes('prefetch'))) return 'prefetch';
  if (s.ip && inCidrs(s.ip, datacenter)) return 'datacenter';
  return null;
}
