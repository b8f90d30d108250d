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

/** Rule 6: an impression with another of its household and tag at most this long before it is a `repeat`. */
export const REPEAT_MS = 1000;
/** Rule 7 counts per UTC clock hour. */
export const HOUR_MS = 3_600_000;
/** Rule 7's H when the customer sets none (customer.nat_hourly_limit). */
export const DEFAULT_NAT_HOURLY_LIMIT = 100;

/** One impression as rules 6-7 read it: its event id, impression tag and time (ms). */
export interface TimedImpression {
  eventId: string;
  tagId: number;
  ts: number;
}

/** The UTC clock hour of a time (ms), as a whole number of hours since 1970. */
export const hourOf = (ts: number): number => Math.floor(ts / HOUR_MS);

/**
 * The hours whose classification under rules 6-7 a new impression at `ts` can change: its own, and the hour of the
 * last impression it can make a repeat (`ts` + REPEAT_MS) when that crosses into the next hour.
 */
export const hoursTouchedBy = (ts: number): number[] =>
  hourOf(ts) === hourOf(ts + REPEAT_MS) ? [hourOf(ts)] : [hourOf(ts), hourOf(ts + REPEAT_MS)];

/**
 * Rules 6-7 for one customer x household (docs/invalid-traffic.md): `list` holds every impression of it left by rules
 * 1-5 from REPEAT_MS before the first hour of `hours` to the end of the last (more is harmless); answers the reason
 * (`repeat`, `nat` or null: counted) of each impression whose UTC hour is in `hours`. An impression is a repeat when
 * another of the same tag lies at most REPEAT_MS before it (an equal time counts when its event id sorts first, by
 * code unit): in time order per tag, when its predecessor is that close. Then an hour with more than `limit`
 * impressions that are not repeats makes all of those `nat`.
 */
export function classifyRepeatNat(
  list: readonly TimedImpression[],
  hours: ReadonlySet<number>,
  limit: number,
): Map<string, 'repeat' | 'nat' | null> {
  const byTag = new Map<number, TimedImpression[]>();
  for (const x of list) {
    const same = byTag.get(x.tagId);
    if (same) same.push(x);
    else byTag.set(x.tagId, [x]);
  }
  const repeats = new Set<string>();
  for (const same of byTag.values()) {
    same.sort((a, b) => a.ts - b.ts || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
    for (let n = 1; n < same.length; n++) if (same[n].ts - same[n - 1].ts <= REPEAT_MS) repeats.add(same[n].eventId);
  }
  const out = new Map<string, 'repeat' | 'nat' | null>();
  const left = new Map<number, string[]>();
  for (const x of list) {
    const hour = hourOf(x.ts);
    if (!hours.has(hour)) continue;
    if (repeats.has(x.eventId)) {
      out.set(x.eventId, 'repeat');
      continue;
    }
    const ids = left.get(hour);
    if (ids) ids.push(x.eventId);
    else left.set(hour, [x.eventId]);
  }
  for (const ids of left.values()) for (const id of ids) out.set(id, ids.length > limit ? 'nat' : null);
  return out;
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
