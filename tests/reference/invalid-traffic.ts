import { isbot } from 'isbot';
import { referenceAnswers, type RefCustomer, type RefFilter } from './metrics';
import { localParts } from './sessions';
import type { RefHit, RefImpression } from './types';

/**
 * The reference's own reading of shared DESIGN.md section 3b, rules 1-5 (and rules 6-7: referenceRepeatNat) (written apart from the gateway's
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

/** An invalid hit as the reference sees it: the event it would have been, and its reason. */
export interface RefInvalid {
  event: RefImpression | RefHit;
  reason: string;
}

const REASONS = ['gpc', 'opt_out', 'bot', 'prefetch', 'datacenter', 'repeat', 'nat'];

/**
 * The `invalid_traffic` call (docs/invalid-traffic.md#the-report) from plain lists: invalid impressions of the range
 * narrowed by campaign, booking, creative and channel, invalid site hits by site tag, and counted impressions of the
 * filter without its region, weekday and time slot. Labels are the gateway's words (not a figure).
 */
export function referenceInvalidTraffic(
  c: RefCustomer,
  human: RefImpression[],
  hits: RefHit[],
  invalid: RefInvalid[],
  f: RefFilter,
) {
  const has = <T>(list: T[] | undefined, v: T) => !list || list.length === 0 || list.includes(v);
  const inRange = (ts: number) => {
    const d = localParts(ts, c.timeZone).date;
    return d >= f.start && d <= f.end;
  };
  const mine = invalid.filter((x) => x.event.customerId === c.id && inRange(x.event.ts));
  const imps = mine.filter(
    (x): x is { event: RefImpression; reason: string } =>
      'bookingId' in x.event &&
      has(f.campaigns, x.event.campaignId) &&
      has(f.bookings, x.event.bookingId) &&
      has(f.creatives, x.event.creativeId) &&
      has(f.channels, x.event.channelId),
  );
  const visits = mine.filter((x) => 'siteTagId' in x.event && has(f.sites, x.event.siteTagId));
  const rows = REASONS.map((reason) => {
    const ri = imps.filter((x) => x.reason === reason);
    return {
      Reason: reason,
      Invalid_Impressions: ri.length,
      Invalid_Visits: visits.filter((x) => x.reason === reason).length,
      Invalid_Spend: ri.reduce((a, x) => a + (c.cpmOfBooking.get(x.event.bookingId) ?? 0), 0) / 1000,
    };
  });
  const wide = { ...f, regions: [], weekdays: [], dayparts: [] };
  const counted = referenceAnswers(c, human, hits, wide).impression_summary.summary_data.Actual_Impressions;
  const n = imps.length;
  return {
    table_data: rows,
    summary_data: {
      Invalid_Impressions: n,
      Invalid_Visits: visits.length,
      Invalid_Spend: rows.reduce((a, r) => a + r.Invalid_Spend, 0),
      Counted_Impressions: counted,
      Filtered_Share: n + counted === 0 ? 0 : n / (n + counted),
    },
  };
}

/**
 * Rules 6-7 (shared DESIGN.md section 3b) on a plain list of impressions left by rules 1-5 (control impressions
 * excluded by the caller), read straight from the text: an impression is a `repeat` when another impression of its
 * customer, household and impression tag lies in the 1,000 ms before it (1,000 ms included; an equal time counts
 * when that one's event id sorts first); then, of the impressions left, a customer x household x UTC clock hour with
 * more than H of them makes all of them `nat`. Pairwise, no sorting: the order of the list cannot matter. An
 * impression tag is (booking, creative) unless `tagOf` says otherwise; H is `limitOf(customer)` (100 by default).
 */
export function referenceRepeatNat(
  impressions: readonly RefImpression[],
  limitOf: (customerId: number) => number = () => 100,
  tagOf: (i: RefImpression) => string = (i) => `${i.bookingId}:${i.creativeId}`,
): { counted: RefImpression[]; invalid: RefInvalid[] } {
  const isRepeat = (x: RefImpression) =>
    impressions.some(
      (y) =>
        y !== x &&
        y.customerId === x.customerId &&
        y.household === x.household &&
        tagOf(y) === tagOf(x) &&
        x.ts - y.ts <= 1000 &&
        (y.ts < x.ts || (y.ts === x.ts && y.id < x.id)),
    );
  const invalid: RefInvalid[] = [];
  const left: RefImpression[] = [];
  for (const x of impressions) {
    if (isRepeat(x)) invalid.push({ event: x, reason: 'repeat' });
    else left.push(x);
  }
  const cellOf = (x: RefImpression) => `${x.customerId}|${x.household}|${Math.floor(x.ts / 3_600_000)}`;
  const perCell = new Map<string, number>();
  for (const x of left) perCell.set(cellOf(x), (perCell.get(cellOf(x)) ?? 0) + 1);
  const counted: RefImpression[] = [];
  for (const x of left) {
    if (perCell.get(cellOf(x))! > limitOf(x.customerId)) invalid.push({ event: x, reason: 'nat' });
    else counted.push(x);
  }
  return { counted, invalid };
}
