import type { EntityManager } from 'typeorm';
import { type DashboardFilter, filterKey } from './filter';
import { type CustomerNames, queryCustomerNames } from './queries/customer-names';
import { type ImpressionCubeRow, queryImpressionCube } from './queries/impression-cube';
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

/** A rollup cube row with its spend (impressions x booking cpm / 1000). */
export type PricedImpressions = ImpressionCubeRow & { spend: number };

/**
 * The shared inputs of the dashboard calls for one customer and filter. Each part is read at most
 * once per concurrent refresh (single-flight keyed by customer + normalised filter + part).
 */
export class DashboardData {
  private readonly key: string;

  constructor(
    private readonly em: EntityManager,
    readonly filter: DashboardFilter,
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

  /** I(F) grouped by date, weekday, daypart, creative and channel (one rollup scan), priced. */
  impressions(): Promise<PricedImpressions[]> {
    return this.part('impressions', async () => {
      const [rows, names] = await Promise.all([queryImpressionCube(this.em, this.filter), this.names()]);
      return rows.map((r) => ({ ...r, spend: (r.impressions * (names.bookingCpm.get(r.bookingId) ?? 0)) / 1000 }));
    });
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
    const f = this.filter;
    return dashboardFlights.run(`attribution|${f.customerId}|${f.start}|${f.end}`, () =>
      refreshAttribution(this.em, f.customerId, f.start, f.end).then(
        () => true,
        () => false,
      ),
    );
  }

  /** |I(F)|, Ad_Spend and Total_Responses: the totals several calls divide by. */
  async totals(): Promise<{ impressions: number; spend: number; responses: number }> {
    const [cc, responses] = await Promise.all([this.impressions(), this.responses()]);
    return {
      impressions: cc.reduce((a, r) => a + r.impressions, 0),
      spend: cc.reduce((a, r) => a + r.spend, 0),
      responses: responses.byRegion.reduce((a, r) => a + r.responses, 0),
    };
  }
}
