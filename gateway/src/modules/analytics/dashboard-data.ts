import type { EntityManager } from 'typeorm';
import { type DashboardFilter, filterKey } from './filter';
import { type CustomerNames, queryCustomerNames } from './queries/customer-names';
import { queryImpressionCube } from './queries/impression-cube';
import { facetsOfImpressionCube, type ImpressionFacets, queryImpressionCellFacets } from './queries/impression-facets';
import { refreshImpressionCells } from './rollup/refresh-impression-cells';
import { queryResponseCube } from './queries/response-cube';
import { facetsOfCube, type ResponseFacets } from './queries/response-facets';
import { queryResponseSites, type SiteResponses } from './queries/response-sites';
import { refreshAttribution } from './attribution/refresh-attribution';
import {
  attributionServes,
  queryAttributedResponseFacets,
  queryAttributedResponseSites,
} from './queries/attributed-responses';
import { dashboardFlights } from './single-flight';
import { queryControlGroup, queryFrequencies, queryPrePost } from './queries/reach-lift';
import {
  addSampleRows,
  queryControlSample,
  queryFirstHitMs,
  querySampleRows,
  type SampleRow,
  sampleRate,
} from './queries/reach-sample';
import { refreshReachExposure, SAMPLE_BUCKETS, STORED_BUCKETS } from './rollup/refresh-reach-exposure';
import {
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

/**
 * The control group is estimated from reach_control only when that holds at least this many of its
 * households (about 10,000 in all): below, the exact read costs little (it grows with the group) and
 * the sample's error would weigh most (the holdout's 100-household rule among them).
 */
export const CONTROL_SAMPLE_MIN_HOUSEHOLDS = 2_500;

/** DESIGN 4b's control group: exact (sample null), or estimated from reach_control's households. */
export interface ControlCounts {
  households: number;
  responding: number;
  sample: null | { households: number; responding: number };
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
    /** The control group is estimated only from this many sampled households up. */
    private readonly controlSampleMin = CONTROL_SAMPLE_MIN_HOUSEHOLDS,
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
   * over touch.
   */
  responses(): Promise<ResponseFacets> {
    return this.part('responses', async () => {
      if (attributionServes(this.filter) && (await this.attributionReady())) {
        return queryAttributedResponseFacets(this.em, this.filter);
      }
      return facetsOfCube(await queryResponseCube(this.em, this.filter));
    });
  }

  responseSites(): Promise<SiteResponses[]> {
    return this.part('sites', async () => {
      if (attributionServes(this.filter) && (await this.attributionReady())) {
        return queryAttributedResponseSites(this.em, this.filter);
      }
      return queryResponseSites(this.em, this.filter);
    });
  }

  private attributionReady(): Promise<boolean> {
    return this.refreshed('attribution', refreshAttribution);
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
   * needed, up to the stored 1 in 4, else exact after all. Any
   * failure of the refresh reads the exact way.
   */
  reach(): Promise<ReachCounts> {
    return this.part('reach', async () => {
      const f = this.filter;
      const total = await this.impressionTotal();
      const first = firstSampleBuckets(total, this.sampleMinImpressions);
      if (first !== null && (await this.refreshed('exposure', refreshReachExposure))) {
        const firstHit = await this.firstHitMs();
        // Each read adds the next buckets' households to the ones read before (disjoint, so the sums add).
        let rows: SampleRow[] = [];
        for (let read = 0, buckets = first; read < buckets;) {
          rows = addSampleRows(rows, await querySampleRows(this.em, f, read, buckets, firstHit));
          read = buckets;
          const estimate = estimateReach(total, rows, sampleRate(buckets));
          if (estimate && estimate.error <= REACH_MAX_ERROR) return estimate.counts;
          if (buckets === STORED_BUCKETS) break;
          buckets = estimate ? nextSampleBuckets(buckets, estimate.error) : Math.min(STORED_BUCKETS, buckets * 4);
        }
      }
      const rows = await queryFrequencies(this.em, f);
      return { rows, reach: rows.reduce((a, r) => a + r.households, 0), sampleRate: 1, sample: null };
    });
  }

  /** |I(F)|: the impressions in the filter, which decide whether reach and the control group are sampled. */
  private async impressionTotal(): Promise<number> {
    return (await this.impressions()).byCell.reduce((a, r) => a + r.impressions, 0);
  }

  /** DESIGN 4b pre/post: the customer's first site hit, in milliseconds since 1970 (null: none). */
  private firstHitMs(): Promise<number | null> {
    const c = this.filter.customerId;
    return dashboardFlights.run(`firsthit|${c}`, () => queryFirstHitMs(this.em, c));
  }

  /**
   * DESIGN 4b: the control group and its responders (holdout method). Exact, or, when the household
   * sample is in use (I(F) as large as reach() samples it at, no site filter) and the group is large
   * (CONTROL_SAMPLE_MIN_HOUSEHOLDS), estimated from the households reach_control keeps (1 in 4, their
   * exclusion and responses exact): the counts scaled,
   * `sample` the sampled households' own counts (the lift's rate and interval use those).
   */
  controlGroup(): Promise<ControlCounts> {
    return this.part('control', async () => {
      const f = this.filter;
      if (f.sites.length === 0) {
        if (
          firstSampleBuckets(await this.impressionTotal(), this.sampleMinImpressions) !== null &&
          (await this.refreshed('exposure', refreshReachExposure))
        ) {
          const sample = await queryControlSample(this.em, f);
          // A small group is cheap to read exactly, and where a sample's error weighs most.
          if (sample.households < this.controlSampleMin) return this.exactControlGroup();
          const scale = SAMPLE_BUCKETS / STORED_BUCKETS;
          return {
            households: Math.round(sample.households * scale),
            responding: Math.round(sample.responding * scale),
            sample,
          };
        }
      }
      return this.exactControlGroup();
    });
  }

  /** DESIGN 4b: the control group read exactly (incremental_lift's when reach() did not sample after all). */
  exactControlGroup(): Promise<ControlCounts> {
    return this.part('control-exact', async () => ({
      ...(await queryControlGroup(this.em, this.filter)),
      sample: null,
    }));
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
