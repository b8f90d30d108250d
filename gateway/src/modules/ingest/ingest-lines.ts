import ipaddr from 'ipaddr.js';
import { regionOf } from '../../geo/regions';
import { EVENT_ID, householdOfIp, newEventId, parseHousehold, TAG_KEY, type Hit } from '../../stream/hit';
import { geoOfIp } from '../../geo/lookup';
import { controlProblem } from './control-line';
import { classifyRequest, NO_CIDRS, type CidrList } from '../../shared/invalid-traffic';

/**
 * Validation of bulk ingest NDJSON (docs/design.md#collection): one event per line, lines counted from 1. Tag keys
 * are checked for existence by the caller (it needs the database).
 */
export interface LineError {
  line: number;
  reason: string;
}

const TWO_YEARS_MS = 2 * 366 * 24 * 3600 * 1000;
const FIVE_MINUTES_MS = 5 * 60 * 1000;
/** At most this many line errors are listed (the count of rejected lines is always complete). */
export const MAX_LISTED_ERRORS = 1000;

/** One NDJSON line as a hit, or why it is rejected; null for a blank line (skipped, still counted). */
export function parseLine(
  row: string,
  salt: string,
  now: number,
  datacenter: CidrList = NO_CIDRS,
): Hit | string | null {
  const text = row.trim();
  if (!text) return null;
  let e: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
    e = parsed as Record<string, unknown>;
  } catch {
    return 'not a JSON object';
  }
  const reason = validate(e, now);
  if (reason) return reason;
  const ts = Date.parse(e.ts as string);
  const ip = typeof e.ip === 'string' ? e.ip : undefined;
  const household = e.household !== undefined ? parseHousehold(e.household)! : householdOfIp(salt, ip!);
  const hit: Hit = {
    i: typeof e.id === 'string' ? e.id : newEventId(now),
    k: e.type === 'impression' ? 'i' : 'v',
    t: e.tag as string,
    ts,
    h: household,
  };
  if (e.control === true) hit.c = 1;
  if (typeof e.region === 'string') hit.r = e.region;
  else if (ip) hit.g = geoOfIp(ip);
  if (typeof e.url === 'string' && hit.k === 'v') hit.u = e.url.slice(0, 2000);
  // Rules 3 and 5 of docs/invalid-traffic.md (a line has no GPC or prefetch header): stored apart, never counted.
  const invalid = classifyRequest({ userAgent: typeof e.ua === 'string' ? e.ua : null, ip }, datacenter);
  if (invalid) hit.x = invalid;
  return hit;
}

function validate(e: Record<string, unknown>, now: number): string | null {
  if (e.type !== 'impression' && e.type !== 'visit') return 'type must be "impression" or "visit"';
  if (typeof e.tag !== 'string' || !TAG_KEY.test(e.tag)) return 'tag must be a tag key';
  if (typeof e.ts !== 'string' || Number.isNaN(Date.parse(e.ts)) || !/^\d{4}-\d{2}-\d{2}T/.test(e.ts)) {
    return 'ts must be an ISO 8601 time';
  }
  const ts = Date.parse(e.ts);
  if (ts < now - TWO_YEARS_MS) return 'ts is more than two years back';
  if (ts > now + FIVE_MINUTES_MS) return 'ts is more than five minutes ahead';
  // Checked whenever given: without a region, the address also places the hit (geo lookup).
  if (e.ip !== undefined && !isIp(e.ip)) return 'ip must be an IPv4 or IPv6 address';
  if (e.household !== undefined) {
    if (parseHousehold(e.household) === null) return 'household must be a decimal unsigned 64-bit number';
  } else if (e.ip === undefined) {
    return 'ip or household is required';
  }
  if (e.region !== undefined && (typeof e.region !== 'string' || !regionOf(e.region)))
    return 'region is not a region code';
  if (e.url !== undefined && typeof e.url !== 'string') return 'url must be a string';
  if (e.ua !== undefined && typeof e.ua !== 'string') return 'ua must be a string';
  const control = controlProblem(e);
  if (control) return control;
  if (e.id !== undefined && (typeof e.id !== 'string' || !EVENT_ID.test(e.id))) {
    return 'id must be 1-64 letters, digits, _ . : -';
  }
  return null;
}

/**
 * IPv4 in dotted decimal (four parts, no leading zeros: not the 32-bit number, hex or octal forms
 * ipaddr.js' lenient parser also reads), or IPv6 in any of its notations.
 */
const isIp = (s: unknown): s is string =>
  typeof s === 'string' && (ipaddr.IPv4.isValidFourPartDecimal(s) || ipaddr.IPv6.isValid(s));
