import { addSampleRows, type SampleRow } from '../../gateway/src/modules/analytics/queries/reach-sample';
import {
  estimateReach,
  firstSampleBuckets,
  nextSampleBuckets,
  sampleHopeless,
  REACH_MAX_ERROR,
} from '../../gateway/src/modules/analytics/reach/estimate';

const row = (frequency: number, households: number, extra: Partial<SampleRow> = {}): SampleRow => ({
  frequency,
  households,
  responding: 0,
  impressions: frequency * households,
  squares: frequency * frequency * households,
  kept: 0,
  post: 0,
  pre: 0,
  ...extra,
});

describe('the reach estimate from a household sample (reach at scale)', () => {
  it('is |I(F)| over the sample average frequency, every row scaled alike', () => {
    // 100 sampled households, 50 with 2 impressions and 50 with 4: average 3; |I(F)| = 30,000.
    const e = estimateReach(30_000, [row(2, 50, { responding: 10 }), row(4, 50, { responding: 20 })], 1 / 32)!;
    expect(e.counts.reach).toBe(10_000);
    expect(e.counts.rows).toEqual([
      { frequency: 2, households: 5_000, responding: 1_000 },
      { frequency: 4, households: 5_000, responding: 2_000 },
    ]);
    expect(e.counts.sample).toMatchObject({ households: 100, responding: 30 });
    // 3 x sqrt((1 - 1/32) x (sum n^2 / (sum n)^2 - 1/m)) = 3 x sqrt(31/32 x (1000/90000 - 1/100)).
    expect(e.error).toBeCloseTo(3 * Math.sqrt((31 / 32) * (1000 / 90_000 - 1 / 100)), 12);
  });
  it('has no error when every household has the same frequency, and no estimate from nothing', () => {
    expect(estimateReach(7_000, [row(7, 40)], 1 / 8)!.error).toBe(0);
    expect(estimateReach(7_000, [], 1 / 8)).toBeNull();
  });
  it('reads about 20,000 impressions first, then as many buckets as the error asks for', () => {
    expect(firstSampleBuckets(9_999, 10_000)).toBeNull();
    expect(firstSampleBuckets(3_333_000, 10_000)).toBe(2);
    expect(firstSampleBuckets(241_000, 10_000)).toBe(16);
    // Twice the allowed error: 4 x as many households, 15% more, less what sampling more of the
    // households takes off the variance (its finite-population factor 1 - b / 256).
    expect(nextSampleBuckets(4, 0.02)).toBe(18);
    // The smallest b whose predicted error (variance (1 - b / 256) x c / b) is the target's: a
    // 3-filter month at 10M, 4.8% after the 2 early buckets, 45 instead of 53.
    const predicted = (b: number) => 0.048 * Math.sqrt(((2 / b) * (1 - b / 256)) / (1 - 2 / 256));
    const b = nextSampleBuckets(2, 0.048);
    expect(b).toBe(45);
    expect(predicted(b)).toBeLessThanOrEqual(REACH_MAX_ERROR / Math.sqrt(1.15));
    expect(predicted(b - 1)).toBeGreaterThan(REACH_MAX_ERROR / Math.sqrt(1.15));
    expect(nextSampleBuckets(40, 0.02)).toBe(64);
    expect(nextSampleBuckets(4, 0.0101)).toBe(5);
  });
  it('gives a sample up at once when even the stored buckets could not bring its error within the target', () => {
    // The 10M 3-filter month above wants 45 of the 64 stored buckets: read on. 79 is beyond the stored ones but
    // the early estimate is noisy: read on too (the stored 64 may do).
    expect(sampleHopeless(2, 0.048)).toBe(false);
    expect(sampleHopeless(2, 0.07)).toBe(false);
    // 122 and 118 wanted, more than 1.5 x 64: counted exactly at once.
    expect(sampleHopeless(2, 0.1)).toBe(true);
    expect(sampleHopeless(40, 0.02)).toBe(true);
  });
  it('adds reads of disjoint buckets row by row', () => {
    expect(addSampleRows([row(1, 3), row(2, 1)], [row(2, 2), row(5, 1)])).toEqual([row(1, 3), row(2, 3), row(5, 1)]);
  });
});
