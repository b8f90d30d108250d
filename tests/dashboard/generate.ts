import type { RefHit, RefImpression } from '../reference/types';
import type { WorldCustomer } from './world';

/** Seeded PRNG (mulberry32): the same seed gives the same events. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REGIONS = ['AUK', 'WGN', 'CAN', 'WKO', 'OTA', 'UNK'];

/** An impression (or control impression) of one of the customer's tags: its booking's campaign and channel. */
export function tagImpression(
  c: WorldCustomer,
  tag: { bookingId: number; creativeId: number },
  i: Pick<RefImpression, 'id' | 'household' | 'ts' | 'region'>,
): RefImpression {
  const b = c.bookings.find((x) => x.id === tag.bookingId)!;
  return {
    id: i.id,
    customerId: c.id,
    household: i.household,
    ts: i.ts,
    bookingId: b.id,
    campaignId: b.campaignId,
    creativeId: tag.creativeId,
    channelId: b.channelId,
    region: i.region,
  };
}

export interface GeneratedEvents {
  impressions: RefImpression[];
  hits: RefHit[];
}

/**
 * Impressions and site hits of one customer between two UTC instants: a few hundred households,
 * impressions spread over the bookings and creatives, and visits that often follow an impression
 * (minutes to days later) so every delay bucket, view count and tie case occurs. Some impressions
 * share a timestamp (ties broken by event id); some hits come in bursts (multi-page sessions).
 */
export function generateEvents(
  c: WorldCustomer,
  opts: { seed: number; fromMs: number; toMs: number; impressions: number; households?: number; prefix?: string },
): GeneratedEvents {
  const rnd = prng(opts.seed);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const span = opts.toMs - opts.fromMs;
  const households = Array.from({ length: opts.households ?? 150 }, (_, i) =>
    String(1_000_000 + opts.seed * 10_000 + i),
  );
  const homeRegion = new Map(households.map((h) => [h, pick(REGIONS)]));
  const tags = [...c.impressionTags.values()];
  const prefix = opts.prefix ?? `s${opts.seed}`;
  const impressions: RefImpression[] = [];
  const hits: RefHit[] = [];
  let n = 0;
  for (let i = 0; i < opts.impressions; i++) {
    let tag = pick(tags);
    // 5%: the same household and instant as the previous impression (a tie broken by event id), of a tag none of
    // that instant's impressions has: the same tag would make it a repeat (invalid traffic rule 6,
    // docs/invalid-traffic.md), never counted. When that instant has every tag already, no tie.
    let previous = i > 0 && rnd() < 0.05 ? impressions[impressions.length - 1] : null;
    const used = new Set<string>();
    for (let k = impressions.length - 1; previous && k >= 0; k--) {
      const x = impressions[k];
      if (x.ts !== previous.ts || x.household !== previous.household) break;
      used.add(`${x.bookingId}:${x.creativeId}`);
    }
    if (used.size >= tags.length) {
      previous = null;
      used.clear();
    }
    for (let k = 0; k < tags.length && used.has(`${tag.bookingId}:${tag.creativeId}`); k++)
      tag = tags[(tags.indexOf(tag) + 1) % tags.length];
    const household = previous?.household ?? pick(households);
    const ts = previous?.ts ?? opts.fromMs + Math.floor(rnd() * span);
    impressions.push(
      tagImpression(c, tag, {
        id: `${prefix}-i-${Math.floor(rnd() * 36 ** 4).toString(36)}-${String(i).padStart(6, '0')}`,
        household,
        ts,
        region: rnd() < 0.9 ? homeRegion.get(household)! : pick(REGIONS),
      }),
    );
  }
  const delays = [0, 20_000, 30 * 60_000, 3_600_000, 3_600_001, 5 * 3_600_000, 86_400_000, 86_400_001, 3 * 86_400_000];
  for (const imp of impressions) {
    if (rnd() > 0.35) continue;
    const delay = rnd() < 0.3 ? pick(delays) : Math.floor(rnd() * 7 * 86_400_000);
    let ts = imp.ts + delay;
    const pages = rnd() < 0.3 ? 2 : 1;
    for (let p = 0; p < pages; p++) {
      hits.push({
        id: `${prefix}-h-${String(n++).padStart(6, '0')}`,
        customerId: c.id,
        household: imp.household,
        ts,
        siteTagId: pick(c.siteTags).id,
        region: imp.region,
      });
      ts += Math.floor(rnd() * 20 * 60_000);
    }
  }
  // Visits with no impression before them (never responses).
  for (let i = 0; i < opts.impressions / 10; i++) {
    hits.push({
      id: `${prefix}-h-${String(n++).padStart(6, '0')}`,
      customerId: c.id,
      household: String(9_000_000 + i),
      ts: opts.fromMs + Math.floor(rnd() * span),
      siteTagId: pick(c.siteTags).id,
      region: 'AUK',
    });
  }
  return { impressions, hits };
}
