import type { EntityManager } from 'typeorm';
import { type DashboardFilter, filterKey } from './filter';
import { type CustomerNames, queryCustomerNames } from './queries/customer-names';
import { queryImpressionCube } from './queries/impression-cube';
import { facetsOfImpressionCube, type ImpressionFacets, queryImpressionCellFacets } from './queries/impression-facets';
import { refreshImpressionCells } from './rollup/refresh-impression-cells';
import { queryResponseFacets } from './queries/response-cube';
import type { ResponseFacets } from './queries/response-facets';
import { queryResponseSites, type SiteResponses } from './queries/response-sites';
import { refreshAttribution } from './attribution/refresh-attribution';
import { refreshSiteAttribution } from './attribution/refresh-site-attribution';
import { refreshCreativeAttribution } from './attribution/refresh-creative-attribution';
import {
  attributionServes,
  creativeSummaryServes,
  queryAttributedResponseFacets,
  queryAttributedResponseSites,
  queryCreativeResponseFacets,
  queryCreativeResponseSites,
} from './queries/attributed-responses';
import { dashboardFlights } from './single-flight';
import { SUMMARY_WAIT_MS } from './summary-wait';
import { queryControlGroup, queryFrequencies, queryHoldoutGroup, queryPrePost } from './queries/reach-lift';
import { addSampleRows, queryFirstHitMs, querySampleRows, type SampleRow, sampleRate } from './queries/reach-sample';
import { reachExposureFresh, refreshReachExposure, STORED_BUCKETS } from './rollup/refresh-reach-exposure';
import {
  EARLY_SAMPLE_BUCKETS,
  estimateReach,
  firstSampleBuckets,
  nextSampleBuckets,
  REACH_MAX_ERROR,
  REACH_SAMPLE_MIN_IMPRESSIONS,
  type ReachCounts,
} from './reach-estimate';

/** I(F)'s facets, the booking x creative x channel cells priced (impressions x booking cpm / 1000). */
export type PricedImpressions = Omit<ImpressionFacets, 'byCell'> & {
  byCell: (ImpressionFacets['byCell'][number] & { spend: number })[];
};

/** DESIGN 4b's control group (households of C(F) not in Reach) and its responders: always exact. */
export interface ControlCounts {
  households: number;
  responding: number;
}

/**
 * The shared inputs of the dashboard calls for one customer and filter. Each part is read at most
 * once per concurrent refresh (single-flight keyed by customer + normalised filter + part).
 */
export class DashboardData {
  private readonly key: string;

  constructor(
    private readonly em: EntityManager,
    readonly filter: DashboardFilter,
    /** Below this many impressions in I(F) reach is always exact (config REACH_SAMPLE_MIN_IMPRESSIONS). */
    private readonly sampleMinImpressions = REACH_SAMPLE_MIN_IMPRESSIONS,
    /** How long a refresh waits for a filter's own summaries to be built (withinBudget). */
    private readonly summaryWaitMs = SUMMARY_WAIT_MS,
  ) {
    this.key = filterKey(filter);
  }

  private part<T>(name: string, compute: () => Promise<T>): Promise<T> {
    return dashboardFlights.run(`${name}|${this.key}`, compute);
  }

  names(): Promise<CustomerNames> {
    return dashboardFlights.run(`names|${this.filter.customerId}`, () =>
      queryCustomerNames(this.em, this.filter.customerId),
    );
  }

  /**
   * I(F)'s facets, priced. A filter that leaves region open reads impression_cell (the rollup
   * without region, an eighth of the rows), refreshed for the range's days first; a region filter,
   * or any failure of the refresh, reads the rollup itself.
   */
  impressions(): Promise<PricedImpressions> {
    return this.part('impressions', async () => {
      const [facets, names] = await Promise.all([this.impressionFacets(), this.names()]);
      return {
        ...facets,
        byCell: facets.byCell.map((r) => ({
          ...r,
          spend: (r.impressions * (names.bookingCpm.get(r.bookingId) ?? 0)) / 1000,
        })),
      };
    });
  }

  private async impressionFacets(): Promise<ImpressionFacets> {
    const f = this.filter;
    if (f.regions.length === 0) {
      if (await this.refreshed('cells', refreshImpressionCells)) return queryImpressionCellFacets(this.em, f);
    }
    return facetsOfImpressionCube(await queryImpressionCube(this.em, f));
  }

  /**
   * Responses broken down by day, region and activating touch. An unfiltered range (dates and
   * site only) reads the dashboard's visit_attribution summary, refreshed for the range's days
   * first; any failure there (say, a deadlock with a concurrent refresh) falls back to the window
   * over touch. One creative (dates and at most one site tag besides) reads the per-creative response
   * summaries the same way (refreshCreativeAttribution).
   */
  responses(): Promise<ResponseFacets> {
    return this.part('responses', async () => {
      if (attributionServes(this.filter) && (await this.attributionReady())) {
        return queryAttributedResponseFacets(this.em, this.filter, await this.siteSummariesReady());
      }
      if (await this.creativeSummariesReady()) return queryCreativeResponseFacets(this.em, this.filter);
      return queryResponseFacets(this.em, this.filter);
    });
  }

  responseSites(): Promise<SiteResponses[]> {
    return this.part('sites', async () => {
      if (attributionServes(this.filter) && (await this.attributionReady())) {
        return queryAttributedResponseSites(this.em, this.filter, await this.siteSummariesReady());
      }
      if (await this.creativeSummariesReady()) return queryCreativeResponseSites(this.em, this.filter);
      return queryResponseSites(this.em, this.filter);
    });
  }

  /**
   * One creative in F (creativeSummaryServes): the per-creative response summaries brought up to date,
   * waited for at most summaryWaitMs (the window answers meanwhile: see withinBudget).
   */
  private async creativeSummariesReady(): Promise<boolean> {
    return (
      creativeSummaryServes(this.filter) &&
      this.withinBudget(this.refreshed('attribution-creatives', refreshCreativeAttribution))
    );
  }

  private attributionReady(): Promise<boolean> {
    return this.refreshed('attribution', refreshAttribution);
  }

  /**
   * One site tag in F: the per-site response summaries brought up to date (after visit_attribution),
   * waited for at most summaryWaitMs.
   */
  private async siteSummariesReady(): Promise<boolean> {
    return (
      this.filter.sites.length === 1 && this.withinBudget(this.refreshed('attribution-sites', refreshSiteAttribution))
    );
  }

  /**
   * A filter's own summaries (per site, per creative) are built for every day of a range on its first
   * read: 3.8 s (sites) and 8.8 s (creatives) for 30 days of the 10M holdout world, where the exact
   * window over touch answers in about 0.3-1 s. A refresh waits for such a build at most summaryWaitMs,
   * then answers from the window while the build goes on (single-flight: the refreshes after it join
   * the same build, and read the summaries once it is done). A day's rebuild while hits arrive fits in
   * the budget.
   */
  private withinBudget(ready: Promise<boolean>): Promise<boolean> {
    if (!Number.isFinite(this.summaryWaitMs)) return ready;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.summaryWaitMs);
    });
    return Promise.race([ready, late]).finally(() => clearTimeout(timer));
  }

  /** Brings a summary up to date for the range's days once per refresh; false when that failed. */
  private refreshed(
    name: string,
    refresh: (em: EntityManager, customerId: number, start: string, end: string) => Promise<void>,
  ): Promise<boolean> {
    const f = this.filter;
    return dashboardFlights.run(`${name}|${f.customerId}|${f.start}|${f.end}`, () =>
      refresh(this.em, f.customerId, f.start, f.end).then(
        () => true,
        () => false,
      ),
    );
  }

  /**
   * DESIGN 4b: households of Reach per frequency, with those that responded. Exact when I(F) has
   * fewer than sampleMinImpressions impressions; above, estimated from the household sample
   * (reach_exposure, refreshed for the range's days first) at the lowest rate whose reach error stays
   * within REACH_MAX_ERROR: a small first read, then as many more households as its error says are
   * needed, up to the stored 1 in 4, else exact after all. Any failure of the refresh reads the exact
   * way. The first read does not wait for |I(F)| (earlySample) when the sample is up to date.
   */
  reach(): Promise<ReachCounts> {
    return this.part('reach', async () => {
      const f = this.filter;
      const early = this.earlySample();
      const total = await this.impressionTotal();
      const first = firstSampleBuckets(total, this.sampleMinImpressions);
      if (first !== null) {
        const earlyRows = await early;
        if (earlyRows || (await this.refreshed('exposure', refreshReachExposure))) {
          const firstHit = await this.firstHitMs();
          // Each read adds the next buckets' households to the ones read before (disjoint, so the sums add).
          let [rows, read] = earlyRows ? [earlyRows, EARLY_SAMPLE_BUCKETS] : [[] as SampleRow[], 0];
          for (let buckets = read || first; ;) {
            if (buckets > read) rows = addSampleRows(rows, await this.sampleRows(read, buckets, firstHit));
            read = buckets;
            const estimate = estimateReach(total, rows, sampleRate(read));
            if (estimate && estimate.error <= REACH_MAX_ERROR) return estimate.counts;
            if (read === STORED_BUCKETS) break;
            buckets = estimate ? nextSampleBuckets(read, estimate.error) : Math.min(STORED_BUCKETS, read * 4);
          }
        }
      }
      const rows = await queryFrequencies(this.em, f);
      return { rows, reach: rows.reduce((a, r) => a + r.households, 0), sampleRate: 1, sample: null };
    });
  }

  /**
   * The sample rows of buckets from..to - 1 as two reads of halves at once (disjoint households, so
   * their sums add): the read after the first one comes when the other calls' parts are mostly done,
   * and one statement would leave the second core idle.
   */
  private async sampleRows(from: number, to: number, firstHit: number | null): Promise<SampleRow[]> {
    if (to - from < 2) return querySampleRows(this.em, this.filter, from, to, firstHit);
    const mid = from + Math.ceil((to - from) / 2);
    const [a, b] = await Promise.all([
      querySampleRows(this.em, this.filter, from, mid, firstHit),
      querySampleRows(this.em, this.filter, mid, to, firstHit),
    ]);
    return addSampleRows(a, b);
  }

  /**
   * The sample's first EARLY_SAMPLE_BUCKETS buckets, read while |I(F)| is (it decides whether reach is
   * sampled, and reading it takes as long as the other calls' shared parts), when reach_exposure is up
   * to date for the range as it stands; null when it is not (reach() refreshes it, then reads) or the
   * read failed. Wasted when I(F) turns out too small to sample, which makes those buckets small too.
   */
  private earlySample(): Promise<SampleRow[] | null> {
    const f = this.filter;
    const firstHit = this.firstHitMs();
    return reachExposureFresh(this.em, f.customerId, f.start, f.end)
      .then(async (fresh) => (fresh ? querySampleRows(this.em, f, 0, EARLY_SAMPLE_BUCKETS, await firstHit) : null))
      .catch(() => null);
  }

  /** |I(F)|: the impressions in the filter, which decide whether reach is sampled. */
  private async impressionTotal(): Promise<number> {
    return (await this.impressions()).byCell.reduce((a, r) => a + r.impressions, 0);
  }

  /** DESIGN 4b pre/post: the customer's first site hit, in milliseconds since 1970 (null: none). */
  private firstHitMs(): Promise<number | null> {
    const c = this.filter.customerId;
    return dashboardFlights.run(`firsthit|${c}`, () => queryFirstHitMs(this.em, c));
  }

  /**
   * DESIGN 4b: the control group and its responders (holdout method), exact. Where reach() reads the
   * household sample (I(F) that large), from reach_holdout (every control household's impressions
   * with the dates of the visits they touch, per site; brought up to date with reach_exposure): no
   * probe of visit. Otherwise, or when that refresh failed, from the raw events.
   */
  controlGroup(): Promise<ControlCounts> {
    return this.part('control', async () => {
      if (
        firstSampleBuckets(await this.impressionTotal(), this.sampleMinImpressions) !== null &&
        (await this.refreshed('exposure', refreshReachExposure))
      ) {
        return queryHoldoutGroup(this.em, this.filter);
      }
      return queryControlGroup(this.em, this.filter);
    });
  }

  /** DESIGN 4b: the pre/post shares of Reach's households. */
  prePost(): Promise<{ kept: number; post: number; pre: number }> {
    return this.part('prepost', () => queryPrePost(this.em, this.filter));
  }

  /** |I(F)|, Ad_Spend and Total_Responses: the totals several calls divide by. */
  async totals(): Promise<{ impressions: number; spend: number; responses: number }> {
    const [cc, responses] = await Promise.all([this.impressions(), this.responses()]);
    return {
      impressions: cc.byCell.reduce((a, r) => a + r.impressions, 0),
      spend: cc.byCell.reduce((a, r) => a + r.spend, 0),
      responses: responses.byRegion.reduce((a, r) => a + r.responses, 0),
    };
  }
}
