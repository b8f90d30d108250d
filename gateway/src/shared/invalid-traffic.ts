import { readFileSync } from 'node:fs';
import ipaddr from 'ipaddr.js';
import { isbot } from 'isbot';

/**
 * General invalid traffic (docs/invalid-traffic.md, shared DESIGN.md section 3b): the reasons a hit never counts,
 * in the order they are tried. Rules 1-5 read the request alone (collector, bulk ingest); rules 6-7 read the
 * impressions around it (ETL).
 */
export const INVALID_REASONS = ['gpc', 'opt_out', 'bot', 'prefetch', 'datacenter', 'repeat', 'nat'] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

/** What a request says about itself: a pixel's headers and address, or a bulk line's `ua` and `ip`. */
export interface TrafficSignals {
  /** `Sec-GPC` header. */
  gpc?: string | null;
  /** The household opted out for this hit's customer (rule 2; the caller looks it up). */
  optedOut?: boolean;
  userAgent?: string | null;
  /** `Sec-Purpose`, `Purpose` and `X-Moz` headers. */
  secPurpose?: string | null;
  purpose?: string | null;
  xMoz?: string | null;
  ip?: string | null;
}

/** A parsed data-centre CIDR list; matches nothing when empty. */
export interface CidrList {
  readonly size: number;
  has(ip: string): boolean;
}

const mentionsPrefetch = (v: string | null | undefined) => !!v && v.toLowerCase().includes('prefetch');

/** Rules 1-5: the first reason that matches, or null (a hit that may count). */
export function classifyRequest(s: TrafficSignals, datacenter: CidrList): InvalidReason | null {
  if (s.gpc != null && s.gpc.trim() === '1') return 'gpc';
  if (s.optedOut) return 'opt_out';
  if (s.userAgent && isbot(s.userAgent)) return 'bot';
  if (mentionsPrefetch(s.secPurpose) || mentionsPrefetch(s.purpose) || mentionsPrefetch(s.xMoz)) return 'prefetch';
  if (s.ip && datacenter.size && datacenter.has(s.ip)) return 'datacenter';
  return null;
}

/**
 * A CIDR list from text: one range per line (`203.0.113.0/24`, `2001:db8::/32`), `#` comments and blank lines
 * skipped; a line that is no CIDR is an error naming its line (a typo must not silently let traffic through).
 */
export function parseCidrs(text: string): CidrList {
  const v4: [ipaddr.IPv4, number][] = [];
  const v6: [ipaddr.IPv6, number][] = [];
  for (const [n, raw] of text.split('\n').entries()) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
    try {
      range = ipaddr.parseCIDR(line);
    } catch {
      throw new Error(`data-centre list line ${n + 1}: "${line}" is not a CIDR range`);
    }
    if (range[0].kind() === 'ipv4') v4.push(range as [ipaddr.IPv4, number]);
    else v6.push(range as [ipaddr.IPv6, number]);
  }
  return {
    size: v4.length + v6.length,
    has(ip: string): boolean {
      if (!ipaddr.isValid(ip)) return false;
      // IPv4-mapped IPv6 (::ffff:a.b.c.d) is matched as the IPv4 address it is.
      const addr = ipaddr.process(ip);
      if (addr.kind() === 'ipv4') return v4.some((r) => (addr as ipaddr.IPv4).match(r));
      return v6.some((r) => (addr as ipaddr.IPv6).match(r));
    },
  };
}

export const NO_CIDRS: CidrList = { size: 0, has: () => false };

const loaded = new Map<string, CidrList>();

/** The configured list (DATACENTER_CIDRS_FILE), read once per path per process; no path: the empty list. */
export function loadCidrs(path: string | undefined): CidrList {
  if (!path) return NO_CIDRS;
  let list = loaded.get(path);
  if (!list) loaded.set(path, (list = parseCidrs(readFileSync(path, 'utf8'))));
  return list;
}

/** What each reason means, in the words the dashboard, the export, the ingest status and Monitoring show. */
export const INVALID_REASON_LABELS: Record<InvalidReason, string> = {
  gpc: 'Global Privacy Control (Sec-GPC)',
  opt_out: 'Opted out',
  bot: 'Bots and crawlers',
  prefetch: 'Prefetch and prerender',
  datacenter: 'Data-centre addresses',
  repeat: 'Repeats within 1 second',
  nat: 'Implausible households (NAT)',
};
