import type { BenchCustomer } from './dashboard-world';

/** Seeded PRNG (mulberry32). */
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

const REGIONS = ['AUK', 'AUK', 'AUK', 'WGN', 'CAN', 'WKO', 'BOP', 'OTA', 'MWT', 'HKB', 'NTL', 'UNK'];
const DAY = 86_400_000;

/**
 * NDJSON lines for one customer: `impressions` impressions over `days` days ending at `endMs`,
 * impressions / 10 site hits, households ~ impressions / 20 (so most visits follow an impression
 * within the 7-day window). In time order, day by day, as a live feed (or an ad server's daily log)
 * sends them; streams in chunks, so 10 M events never sit in memory at once (a day's at most).
 */
export function* eventChunks(
  c: BenchCustomer,
  opts: { seed: number; impressions: number; days: number; endMs: number; chunk: number },
): Generator<string[]> {
  const rnd = prng(opts.seed);
  const households = Math.max(50, Math.floor(opts.impressions / 20));
  const startMs = opts.endMs - opts.days * DAY;
  const hh = (i: number) => String(10_000_000 + opts.seed * 100_000_000 + i);
  const regionOf = (i: number) => REGIONS[i % REGIONS.length];
  // Evening-heavy traffic, so the heatmap has a shape; never after endMs.
  const when = (dayStart: number) => {
    const base = dayStart + Math.floor(rnd() * DAY);
    if (rnd() >= 0.4) return base;
    const evening = base - (base % DAY) + 7 * 3_600_000 + Math.floor(rnd() * 4 * 3_600_000);
    return evening <= opts.endMs ? evening : base;
  };
  let lines: string[] = [];
  const hits = Math.floor(opts.impressions / 10);
  const total = opts.impressions + hits;
  for (let d = 0; d < opts.days; d++) {
    const day: { ts: number; line: string }[] = [];
    for (let i = Math.floor((d * total) / opts.days); i < Math.floor(((d + 1) * total) / opts.days); i++) {
      const h = Math.floor(rnd() * households);
      if (i % 11 === 10) {
        const site = c.siteTags[Math.floor(rnd() * c.siteTags.length)];
        const ts = when(startMs + d * DAY);
        day.push({
          ts,
          line: `{"type":"visit","tag":"${site.key}","ts":"${new Date(ts).toISOString()}","household":"${hh(h)}","region":"${regionOf(h)}","id":"b${opts.seed}v${i}"}`,
        });
      } else {
        const tag = c.tags[Math.floor(rnd() * c.tags.length)];
        const ts = when(startMs + d * DAY);
        day.push({
          ts,
          line: `{"type":"impression","tag":"${tag.key}","ts":"${new Date(ts).toISOString()}","household":"${hh(h)}","region":"${regionOf(h)}","id":"b${opts.seed}i${i}"}`,
        });
      }
    }
    day.sort((a, b) => a.ts - b.ts);
    for (const e of day) {
      lines.push(e.line);
      if (lines.length >= opts.chunk) {
        yield lines;
        lines = [];
      }
    }
  }
  if (lines.length) yield lines;
}

/** Expected counts of eventChunks (to decide whether a bench database is already loaded). */
export const expectedCounts = (impressions: number) => {
  const hits = Math.floor(impressions / 10);
  const total = impressions + hits;
  const visits = Math.floor(total / 11);
  return { impressions: total - visits, hits: visits };
};
