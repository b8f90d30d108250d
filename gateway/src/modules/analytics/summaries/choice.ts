import type { EntityManager } from 'typeorm';
import { type DashboardFilter, defaultWindows } from '../filters/filter';
import {
  attributionServes,
  creativeSummaryServes,
  queryAttributedResponseFacets,
  queryAttributedResponseSites,
  queryCreativeResponseFacets,
  queryCreativeResponseSites,
} from '../queries/attributed-responses';
import { queryImpressionCube } from '../queries/impression-cube';
import { facetsOfImpressionCube, type ImpressionFacets, queryImpressionCellFacets } from '../queries/impression-facets';
import { queryResponseFacets } from '../queries/response-cube';
import type { ResponseFacets } from '../queries/response-facets';
import { queryResponseSites, type SiteResponses } from '../queries/response-sites';
import { refreshAttribution } from './attribution/refresh-attribution';
import { refreshCreativeAttribution } from './attribution/refresh-creative-attribution';
import { refreshSiteAttribution } from './attribution/refresh-site-attribution';
import { refreshImpressionCells } from './impression-cells';
import { refreshedOnce } from './refresh';
import { withinBudget } from './wait';

/**
 * Which table answers a filter's impressions and responses: a per-day summary, brought up to date for the
 * range first, when the filter's shape allows it and the build succeeds (within the wait budget for a
 * filter's own summaries); the raw tables otherwise. Every path gives the same numbers.
 */
export class SummaryChoice {
  constructor(
    private readonly em: EntityManager,
    private readonly filter: DashboardFilter,
    /** How long a refresh waits for a filter's own summaries to be built (wait.ts withinBudget). */
    private readonly summaryWaitMs: number,
  ) {}

  /**
   * I(F)'s facets. A filter that leaves region open reads impression_cell (the rollup without region,
   * an eighth of the rows), refreshed for the range's days first (waited for at most summaryWaitMs: a
   * range nobody has read, before the summary keeper has built it, answers from the rollup while the build
   * goes on); a region filter, or any failure of the refresh, reads the rollup itself.
   */
  async impressionFacets(): Promise<ImpressionFacets> {
    const f = this.filter;
    if (f.regions.length === 0) {
      const ready = refreshedOnce(this.em, f, 'cells', refreshImpressionCells);
      if (await withinBudget(ready, this.summaryWaitMs)) return queryImpressionCellFacets(this.em, f);
    }
    return facetsOfImpressionCube(await queryImpressionCube(this.em, f));
  }

  /**
   * Responses broken down by day, region and activating touch. An unfiltered range (dates and
   * site only) reads the dashboard's visit_attribution summary, refreshed for the range's days
   * first; any failure there (say, a deadlock with a concurrent refresh) falls back to the window
   * over touch. One creative (dates and at most one site tag besides) reads the per-creative response
   * summaries the same way (refreshCreativeAttribution). The summaries are built for the default windows
   * (W = 7 x 24 h, S = 24 h): a customer with other windows always reads the window over touch.
   */
  async responses(): Promise<ResponseFacets> {
    if (!defaultWindows(this.filter)) return queryResponseFacets(this.em, this.filter);
    if (attributionServes(this.filter) && (await this.attributionReady())) {
      return queryAttributedResponseFacets(this.em, this.filter, await this.siteSummariesReady());
    }
    if (await this.creativeSummariesReady()) return queryCreativeResponseFacets(this.em, this.filter);
    return queryResponseFacets(this.em, this.filter);
  }

  async responseSites(): Promise<SiteResponses[]> {
    if (!defaultWindows(this.filter)) return queryResponseSites(this.em, this.filter);
    if (attributionServes(this.filter) && (await this.attributionReady())) {
      return queryAttributedResponseSites(this.em, this.filter, await this.siteSummariesReady());
    }
    if (await this.creativeSummariesReady()) return queryCreativeResponseSites(this.em, this.filter);
    return queryResponseSites(this.em, this.filter);
  }

  /**
   * One creative in F (creativeSummaryServes): the per-creative response summaries brought up to date,
   * waited for at most summaryWaitMs (the window answers meanwhile: see withinBudget).
   */
  private async creativeSummariesReady(): Promise<boolean> {
    return (
      creativeSummaryServes(this.filter) &&
      withinBudget(
        refreshedOnce(this.em, this.filter, 'attribution-creatives', refreshCreativeAttribution),
        this.summaryWaitMs,
      )
    );
  }

  /** visit_attribution brought up to date for the range, waited for at most summaryWaitMs (as the others). */
  private attributionReady(): Promise<boolean> {
    return withinBudget(refreshedOnce(this.em, this.filter, 'attribution', refreshAttribution), this.summaryWaitMs);
  }

  /**
   * One site tag in F: the per-site response summaries brought up to date (after visit_attribution),
   * waited for at most summaryWaitMs.
   */
  private async siteSummariesReady(): Promise<boolean> {
    return (
      this.filter.sites.length === 1 &&
      withinBudget(refreshedOnce(this.em, this.filter, 'attribution-sites', refreshSiteAttribution), this.summaryWaitMs)
    );
  }
}
