import type { Hit } from '../stream';
import { regionOfGeo } from '../geo/lookup';
import { isRegionOf } from '../geo/regions';
import { memoized, turn } from '../shared/memo';
import { localParts } from '../shared/time';
import type { TagDirectory } from './tags';
import type { InvalidReason } from '../shared/invalid-traffic';
import type { OptOutDirectory } from './opt-outs';

/** An event's identity: its id within its customer (senders choose ids, so two customers may share one). */
export interface EventKey {
  customerId: number;
  eventId: string;
}

const uniques = memoized((rows: readonly EventKey[]) => {
  const seen = new Map<number, Set<string>>();
  // Rows of one customer mostly follow each other: its set is looked up once per run of them.
  let customer = -1;
  let ids = new Set<string>();
  return rows.filter((r) => {
    if (r.customerId !== customer) {
      customer = r.customerId;
      ids = seen.get(customer) ?? new Set();
      seen.set(customer, ids);
    }
    return ids.has(r.eventId) ? false : (ids.add(r.eventId), true);
  });
});

/**
 * The rows with each event once (its first row kept; an event is its id within its customer): a batch may
 * carry a redelivered event twice. Made once per array (the same array answers the same list: the
 * writer's memoized steps key on it).
 */
export const uniqueBy = <T extends EventKey>(rows: readonly T[]): T[] => uniques(rows) as T[];

/** Rows a batch of hits becomes (before idempotency: some may already be stored). */
export interface ImpressionRow {
  eventId: string;
  customerId: number;
  tagId: number;
  bookingId: number;
  campaignId: number;
  creativeId: number;
  channelId: number;
  household: string;
  ts: number;
  localDate: string;
  weekday: number;
  daypart: number;
  region: string;
}
export interface SiteHitRow {
  eventId: string;
  customerId: number;
  siteTagId: number;
  household: string;
  ts: number;
  region: string;
  url: string | null;
  timeZone: string;
}

/** A hit of invalid traffic (docs/invalid-traffic.md), stored apart in invalid_event: never counted. */
export interface InvalidRow {
  eventId: string;
  customerId: number;
  kind: 'i' | 'v';
  tagId: number;
  /** The impression's booking (its would-be spend); null for a site hit. */
  bookingId: number | null;
  /** Null for `gpc` (never stored with a household). */
  household: string | null;
  ts: number;
  localDate: string;
  reason: InvalidReason;
  control: boolean;
  /** An impression set apart by rule 6 or 7: its dimensions, so it can count again when a late hit changes its class. */
  detail?: {
    campaignId: number;
    creativeId: number;
    channelId: number;
    region: string;
    weekday: number;
    daypart: number;
  };
}

export interface PreparedBatch {
  impressions: ImpressionRow[];
  hits: SiteHitRow[];
  /** Control (holdout) impressions, docs/design.md#reach-frequency-and-lift: stored apart, never in any section 4 number. */
  controls?: ImpressionRow[];
  /** Invalid traffic (rules 1-5 of docs/invalid-traffic.md): stored apart, never in any section 4 number. */
  invalid?: InvalidRow[];
  rejected: Record<string, number>;
}

/** Hits prepared between turns of the event loop (see turn). */
const YIELD_HITS = 5000;

/** Resolves tags, region and local time of each hit; unknown tags are counted as rejected. */
export async function prepareRows(hits: Hit[], tags: TagDirectory, optOuts?: OptOutDirectory): Promise<PreparedBatch> {
  const out: PreparedBatch = { impressions: [], hits: [], controls: [], invalid: [], rejected: {} };
  const [resolved] = await Promise.all([tags.resolve(hits), optOuts?.refresh()]);
  for (const [n, h] of hits.entries()) {
    if (n % YIELD_HITS === YIELD_HITS - 1) await turn();
    const tag = resolved.get(`${h.k}:${h.t}`);
    if (!tag || tag.kind !== h.k) {
      out.rejected.unknown_tag = (out.rejected.unknown_tag ?? 0) + 1;
      continue;
    }
    // Rule 2 (opt_out) needs the tag's customer, so it is applied here; rule 1 (gpc) still comes first.
    const reason = h.x === 'gpc' ? h.x : optOuts?.has(tag.customerId, h.h) ? 'opt_out' : h.x;
    if (reason) {
      out.invalid!.push({
        eventId: h.i,
        customerId: tag.customerId,
        kind: tag.kind,
        tagId: tag.tagId,
        bookingId: tag.kind === 'i' ? tag.bookingId : null,
        household: reason === 'gpc' ? null : h.h,
        ts: h.ts,
        localDate: localParts(h.ts, tag.timeZone).date,
        reason,
        control: h.c === 1,
      });
      continue;
    }
    const region = h.r && isRegionOf(tag.country, h.r) ? h.r : regionOfGeo(h.g, tag.country);
    if (tag.kind === 'i') {
      const local = localParts(h.ts, tag.timeZone);
      (h.c === 1 ? out.controls! : out.impressions).push({
        eventId: h.i,
        customerId: tag.customerId,
        tagId: tag.tagId,
        bookingId: tag.bookingId,
        campaignId: tag.campaignId,
        creativeId: tag.creativeId,
        channelId: tag.channelId,
        household: h.h,
        ts: h.ts,
        localDate: local.date,
        weekday: local.weekday,
        daypart: local.daypart,
        region,
      });
    } else {
      out.hits.push({
        eventId: h.i,
        customerId: tag.customerId,
        siteTagId: tag.tagId,
        household: h.h,
        ts: h.ts,
        region,
        url: h.u ?? null,
        timeZone: tag.timeZone,
      });
    }
  }
  return out;
}
