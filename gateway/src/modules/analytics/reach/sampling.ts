import type { EntityManager } from 'typeorm';
import { STORED_BUCKETS } from '../../../summaries/sample';
import { type DashboardFilter, defaultWindows } from '../filters/filter';
import { queryFrequencies } from '../queries/reach-lift';
import { addSampleRows, queryFirstHitMs, querySampleRows, type SampleRow, sampleRate } from '../queries/reach-sample';
import { dashboardFlights } from '../single-flight';
import { refreshedOnce } from '../summaries/refresh';
import { withinBudget } from '../summaries/wait';
import {
  EARLY_SAMPLE_BUCKETS,
  estimateReach,
  firstSampleBuckets,
  nextSampleBuckets,
  REACH_MAX_ERROR,
  type ReachCounts,
  sampleHopeless,
} from './estimate';
import { reachExposureFresh, refreshReachExposure } from './refresh-exposure';

/** What reach and the control group read of one refresh: its filter and |I(F)| from the parts cache. */
export interface ReachInputs {
  em: EntityManager;
  filter: DashboardFilter;
  /** Below this many impressions in I(F) reach is always exact (config REACH_SAMPLE_MIN_IMPRESSIONS). */
  sampleMinImpressions: number;
  /** |I(F)|: the impressions in the filter, which decide whether reach is sampled (the parts cache's). */
  impressionTotal: () => Promise<number>;
  /** How long a read waits for the household sample's build before it answers exactly (summaries/wait.ts). */
  summaryWaitMs: number;
  /** Told when reach is counted exactly: what the lift reads beside exact reach can start now (DashboardData). */
  countingExactly?: () => void;
}

/**
 * reach_exposure and reach_holdout brought up to date for the range once per refresh, waited for at most
 * `waitMs` (the summary keeper builds the days the ETL writes; a range whose days are not built yet answers
 * exactly while the build goes on); false when that failed or the budget ran out.
 */
export const exposureReady = (em: EntityManager, filter: DashboardFilter, waitMs: number) =>
  withinBudget(refreshedOnce(em, filter, 'exposure', refreshReachExposure), waitMs);

/** Whether reach reads the household sample: I(F) has at least sampleMinImpressions impressions. */
export const sampled = async (input: ReachInputs) =>
  firstSampleBuckets(await sampleableTotal(input), input.sampleMinImpressions) !== null;

/**
 * |I(F)| as the sampling sees it: the household sample (reach_exposure, reach_holdout) stores visit flags for the
 * default touch window of 7 x 24 h only, so a customer with other windows is counted exactly (0: never sampled).
 */
const sampleableTotal = async (input: ReachInputs): Promise<number> =>
  defaultWindows(input.filter) ? input.impressionTotal() : 0;

/**
 * docs/design.md#reach-frequency-and-lift: households of Reach per frequency, with those that responded. Exact when I(F) has
 * fewer than sampleMinImpressions impressions; above, estimated from the household sample
 * (reach_exposure, refreshed for the range's days first) at the lowest rate whose reach error stays
 * within REACH_MAX_ERROR: a small first read, then as many more households as its error says are
 * needed, up to the stored 1 in 4, else exact after all. Any failure of the refresh reads the exact
 * way. The first read does not wait for |I(F)| (earlySample) when the sample is up to date.
 */
export async function reachCounts(input: ReachInputs): Promise<ReachCounts> {
  const { em, filter: f } = input;
  const early = defaultWindows(f) ? earlySample(em, f) : Promise.resolve(null);
  const total = await input.impressionTotal();
  const first = firstSampleBuckets(await sampleableTotal(input), input.sampleMinImpressions);
  if (first !== null) {
    const earlyRows = await early;
    if (earlyRows || (await exposureReady(em, f, input.summaryWaitMs))) {
      const firstHit = await firstHitMs(em, f.customerId);
      // Each read adds the next buckets' households to the ones read before (disjoint, so the sums add).
      let [rows, read] = earlyRows ? [earlyRows, EARLY_SAMPLE_BUCKETS] : [[] as SampleRow[], 0];
      for (let buckets = read || first; ;) {
        if (buckets > read) rows = addSampleRows(rows, await sampleRows(em, f, read, buckets, firstHit));
        read = buckets;
        const estimate = estimateReach(total, rows, sampleRate(read));
        if (estimate && estimate.error <= REACH_MAX_ERROR) return estimate.counts;
        if (read === STORED_BUCKETS || (estimate && sampleHopeless(read, estimate.error))) break;
        buckets = estimate ? nextSampleBuckets(read, estimate.error) : Math.min(STORED_BUCKETS, read * 4);
      }
    }
  }
  input.countingExactly?.();
  const rows = await queryFrequencies(em, f);
  return { rows, reach: rows.reduce((a, r) => a + r.households, 0), sampleRate: 1, sample: null };
}

/**
 * The sample rows of buckets from..to - 1 as two reads of halves at once (disjoint households, so
 * their sums add): the read after the first one comes when the other calls' parts are mostly done,
 * and one statement would leave the second core idle.
 */
async function sampleRows(
  em: EntityManager,
  f: DashboardFilter,
  from: number,
  to: number,
  firstHit: number | null,
): Promise<SampleRow[]> {
  if (to - from < 2) return querySampleRows(em, f, from, to, firstHit);
  const mid = from + Math.ceil((to - from) / 2);
  const [a, b] = await Promise.all([
    querySampleRows(em, f, from, mid, firstHit),
    querySampleRows(em, f, mid, to, firstHit),
  ]);
  return addSampleRows(a, b);
}

/**
 * The sample's first EARLY_SAMPLE_BUCKETS buckets, read while |I(F)| is (it decides whether reach is
 * sampled, and reading it takes as long as the other calls' shared parts), when reach_exposure is up
 * to date for the range as it stands; null when it is not (reachCounts refreshes it, then reads) or the
 * read failed. Wasted when I(F) turns out too small to sample, which makes those buckets small too.
 */
function earlySample(em: EntityManager, f: DashboardFilter): Promise<SampleRow[] | null> {
  const firstHit = firstHitMs(em, f.customerId);
  return reachExposureFresh(em, f.customerId, f.start, f.end)
    .then(async (fresh) => (fresh ? querySampleRows(em, f, 0, EARLY_SAMPLE_BUCKETS, await firstHit) : null))
    .catch(() => null);
}

/** docs/design.md#reach-frequency-and-lift pre/post: the customer's first site hit, in milliseconds since 1970 (null: none). */
function firstHitMs(em: EntityManager, customerId: number): Promise<number | null> {
  return dashboardFlights.run(`firsthit|${customerId}`, () => queryFirstHitMs(em, customerId));
}
