import type { EntityManager } from 'typeorm';
import { type DashboardFilter, filterKey } from './filters/filter';
import { type CustomerNames, queryCustomerNames } from './queries/customer-names';
import type { ImpressionFacets } from './queries/impression-facets';
import type { ResponseFacets } from './queries/response-facets';
import type { SiteResponses } from './queries/response-sites';
import { type InvalidTrafficCount, queryInvalidTraffic } from './queries/invalid-traffic';
import { queryPrePost } from './queries/reach-lift';
import { queryWhatIf } from './queries/what-if';
import { type ControlCounts, controlCounts, HOLDOUT_MIN_HOUSEHOLDS } from './reach/control-group';
import { REACH_SAMPLE_MIN_IMPRESSIONS, type ReachCounts } from './reach/estimate';
import { reachCounts, type ReachInputs, sampled } from './reach/sampling';
import { dashboardFlights } from './single-flight';
import { SummaryChoice } from './summaries/choice';
import { SUMMARY_WAIT_MS } from './summaries/wait';

/** I(F)'s facets, the booking x creative x channel cells priced (impressions x booking cpm / 1000). */
export type PricedImpressions = Omit<ImpressionFacets, 'byCell'> & {
  byCell: (ImpressionFacets['byCell'][number] & { spend: number })[];
};

/**
 * The parts cache: the shared inputs of the dashboard calls for one customer and filter. Each part is
 * read at most once per concurrent refresh (single-flight keyed by customer + normalised filter + part).
 * Which table answers a part is decided elsewhere: the summaries' choice (summaries/choice.ts) for
 * impressions and responses, the reach room (reach/) for reach and the control group.
 */
export class DashboardData {
  private readonly key: string;
  private readonly summaries: SummaryChoice;
  private readonly reachInputs: ReachInputs;

  constructor(
    private readonly em: EntityManager,
    readonly filter: DashboardFilter,
    /** Below this many impressions in I(F) reach is always exact (config REACH_SAMPLE_MIN_IMPRESSIONS). */
    private readonly sampleMinImpressions = REACH_SAMPLE_MIN_IMPRESSIONS,
    /** How long a refresh waits for a filter's own summaries to be built (summaries/wait.ts). */
    private readonly summaryWaitMs = SUMMARY_WAIT_MS,
  ) {
    this.key = filterKey(filter);
    this.summaries = new SummaryChoice(em, filter, summaryWaitMs);
    this.reachInputs = {
      em,
      filter,
      sampleMinImpressions,
      impressionTotal: () => this.impressionTotal(),
      summaryWaitMs,
      // Reach counted exactly (no sample, or one that cannot estimate it): the pre/post lift's exact read of the same
      // households starts beside it, not after it, unless a holdout group makes it unneeded. Kept 3 s like every
      // part, so the lift's own call joins it; a reach_frequency call alone reads it in vain.
      countingExactly: () => {
        this.controlGroup()
          .then((c) => (c.households < HOLDOUT_MIN_HOUSEHOLDS ? this.prePost() : undefined))
          .catch(() => undefined);
      },
    };
  }

  private part<T>(name: string, compute: () => Promise<T>): Promise<T> {
    return dashboardFlights.run(`${name}|${this.key}`, compute);
  }

  names(): Promise<CustomerNames> {
    return dashboardFlights.run(`names|${this.filter.customerId}`, () =>
      queryCustomerNames(this.em, this.filter.customerId),
    );
  }

  /** I(F)'s facets, priced. */
  impressions(): Promise<PricedImpressions> {
    return this.part('impressions', async () => {
      const [facets, names] = await Promise.all([this.summaries.impressionFacets(), this.names()]);
      return {
        ...facets,
        byCell: facets.byCell.map((r) => ({
          ...r,
          spend: (r.impressions * (names.bookingCpm.get(r.bookingId) ?? 0)) / 1000,
        })),
      };
    });
  }

  /** Responses broken down by day, region and activating touch. */
  responses(): Promise<ResponseFacets> {
    return this.part('responses', () => this.summaries.responses());
  }

  responseSites(): Promise<SiteResponses[]> {
    return this.part('sites', () => this.summaries.responseSites());
  }

  /** docs/design.md#reach-frequency-and-lift: households of Reach per frequency, with those that responded (reach/sampling.ts). */
  reach(): Promise<ReachCounts> {
    return this.part('reach', () => reachCounts(this.reachInputs));
  }

  /** |I(F)|: the impressions in the filter, which decide whether reach is sampled. */
  private async impressionTotal(): Promise<number> {
    return (await this.impressions()).byCell.reduce((a, r) => a + r.impressions, 0);
  }

  /** docs/design.md#reach-frequency-and-lift: the control group and its responders, exact (reach/control-group.ts). */
  controlGroup(): Promise<ControlCounts> {
    return this.part('control', () => controlCounts(this.reachInputs));
  }

  /** Whether reach reads the household sample (I(F) that large) rather than every household. */
  reachSampled(): Promise<boolean> {
    return this.part('sampled', () => sampled(this.reachInputs));
  }

  /** docs/design.md#reach-frequency-and-lift: the pre/post shares of Reach's households. */
  prePost(): Promise<{ kept: number; post: number; pre: number }> {
    return this.part('prepost', () => queryPrePost(this.em, this.filter));
  }

  /** docs/design.md#attribution-what-if: responses under each touch window of the what-if. */
  whatIf(): Promise<{ hours: number; responses: number }[]> {
    return this.part('whatif', () => queryWhatIf(this.em, this.filter));
  }

  /** docs/invalid-traffic.md#the-report: the filter's invalid hits per reason, kind and booking. */
  invalidTraffic(): Promise<InvalidTrafficCount[]> {
    return this.part('invalid', () => queryInvalidTraffic(this.em, this.filter));
  }

  /**
   * The counted impressions invalid ones are compared with: |I(F)| of F without region, weekday and time slot
   * (invalid hits carry none of them: docs/invalid-traffic.md#the-report), so the share compares like with like.
   */
  async countedBesideInvalid(): Promise<number> {
    const f = this.filter;
    if (f.regions.length + f.weekdays.length + f.dayparts.length === 0) return (await this.totals()).impressions;
    const wide = new DashboardData(
      this.em,
      { ...f, regions: [], weekdays: [], dayparts: [] },
      this.sampleMinImpressions,
      this.summaryWaitMs,
    );
    return (await wide.totals()).impressions;
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
