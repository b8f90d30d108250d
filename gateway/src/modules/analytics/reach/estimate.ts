import type { FrequencyCount } from '../queries/reach-lift';
import type { SampleRow } from '../queries/reach-sample';
import { SAMPLE_BUCKETS, STORED_BUCKETS } from '../../../summaries/sample';

/**
 * docs/design.md#reach-frequency-and-lift's Reach and frequency rows: exact (sampleRate 1), or estimated from a household sample
 * when I(F) is large. `sample` holds the sample's own counts, which the lift's rates and interval use.
 */
export interface ReachCounts {
  rows: FrequencyCount[];
  reach: number;
  sampleRate: number;
  sample: null | { households: number; responding: number; kept: number; post: number; pre: number };
}

/** An estimate is used only when its reach lands within this share of the exact one (3 standard errors). */
export const REACH_MAX_ERROR = 0.01;
const Z = 3;
/** The first read takes about this many sampled impressions in I(F), at most FIRST_MAX_BUCKETS buckets. */
export const SAMPLE_FIRST_IMPRESSIONS = 20_000;
const FIRST_MAX_BUCKETS = 16;
/**
 * The buckets of a first read that starts before |I(F)| is known (sampling.ts reachCounts): about what
 * firstSampleBuckets gives an unfiltered month at the 10M reference size; its error then sizes the next.
 */
export const EARLY_SAMPLE_BUCKETS = 2;
/** Default of REACH_SAMPLE_MIN_IMPRESSIONS: below this many impressions in I(F) reach is always exact. */
export const REACH_SAMPLE_MIN_IMPRESSIONS = 10_000;

/**
 * The buckets of a first sample read for |I(F)| = total: none (exact) below the threshold, else about
 * SAMPLE_FIRST_IMPRESSIONS of I(F) (1..FIRST_MAX_BUCKETS buckets).
 */
export function firstSampleBuckets(total: number, minImpressions: number): number | null {
  if (total < minImpressions || total <= 0) return null;
  return Math.min(FIRST_MAX_BUCKETS, Math.max(1, Math.ceil((SAMPLE_FIRST_IMPRESSIONS * SAMPLE_BUCKETS) / total)));
}

/**
 * The buckets a sample of `buckets` whose reach error was `error` needs to bring it within
 * REACH_MAX_ERROR, 15% more for the estimate's own noise; at least one more, at most the stored ones.
 * The variance (estimateReach) is (1 - b / SAMPLE_BUCKETS) x c / b for b buckets, so the b whose
 * variance is the target's is 1 / (1 / w + 1 / SAMPLE_BUCKETS), w being the size without the
 * finite-population factor at b. Leaving that factor out (as before) overshoots by b / SAMPLE_BUCKETS:
 * a 3-filter month at 10M read 53 buckets where 45 bring its error within 1%.
 */
export function nextSampleBuckets(buckets: number, error: number): number {
  return Math.min(STORED_BUCKETS, Math.max(buckets + 1, wantedSampleBuckets(buckets, error)));
}

/** nextSampleBuckets before its bounds: the buckets whose sample would bring the error within REACH_MAX_ERROR. */
export function wantedSampleBuckets(buckets: number, error: number): number {
  const w = (buckets * (error / REACH_MAX_ERROR) ** 2 * 1.15) / (1 - buckets / SAMPLE_BUCKETS);
  return Math.ceil(1 / (1 / w + 1 / SAMPLE_BUCKETS));
}

/**
 * A sample that wants more than half as many buckets again as are stored is given up at once: reach is then
 * counted exactly in any case, and reading the stored buckets first only delayed it (a 3-filter month at 1M,
 * 14k households of frequency 1.7, read all 64 buckets before counting exactly). An estimate from few buckets
 * is noisy, so the margin: a sample that could have made it by a little is counted exactly, never wrongly.
 */
export const sampleHopeless = (buckets: number, error: number) =>
  wantedSampleBuckets(buckets, error) > STORED_BUCKETS * 1.5;

/**
 * The ratio estimate of Reach from a sample at `rate`: |I(F)| (exact, from the rollup) x the sample's
 * households / the sample's impressions, i.e. |I(F)| / the sample's average frequency. Every row
 * (households, responding) is scaled by the same factor. Its relative standard error, from the
 * sample itself, is sqrt((1 - rate) x (sum n^2 / (sum n)^2 - 1 / m)) over the m sampled households
 * with n impressions each (0 when every household has the same n); `error` is 3 of them.
 */
export function estimateReach(
  total: number,
  rows: readonly SampleRow[],
  rate: number,
): { counts: ReachCounts; error: number } | null {
  const sum = (key: keyof SampleRow) => rows.reduce((a, r) => a + r[key], 0);
  const m = sum('households');
  const s = sum('impressions');
  if (m === 0 || s === 0) return null;
  const relVar = (1 - rate) * Math.max(0, sum('squares') / (s * s) - 1 / m);
  const scale = total / s;
  return {
    error: Z * Math.sqrt(relVar),
    counts: {
      rows: rows.map((r) => ({
        frequency: r.frequency,
        households: Math.round(r.households * scale),
        responding: Math.round(r.responding * scale),
      })),
      reach: Math.round(m * scale),
      sampleRate: rate,
      sample: { households: m, responding: sum('responding'), kept: sum('kept'), post: sum('post'), pre: sum('pre') },
    },
  };
}
