import { analysis } from './analysis/analysis';
import { creativePerformanceCost } from './queries/creative-performance-cost';
import { creativePerformanceSummary } from './queries/creative-performance-summary';
import { impressionHeatmap } from './queries/impression-heatmap';
import { impressionSummary } from './queries/impression-summary';
import { impressionsBeforeVisit } from './queries/impressions-before-visit';
import { platformCreativePerformance } from './queries/platform-creative-performance';
import { responsesByRegion } from './queries/responses-by-region';
import { responsesBySite } from './queries/responses-by-site';
import { responsesOverTime } from './queries/responses-over-time';
import { visitResponseTiming } from './queries/visit-response-timing';

/** The 11 dashboard calls of spec 7, by their path name: POST /api/dashboard/<name>. */
export const DASHBOARD_CALLS = {
  impression_summary: impressionSummary,
  impressions_before_visit: impressionsBeforeVisit,
  responses_by_region: responsesByRegion,
  responses_by_site: responsesBySite,
  responses_over_time: responsesOverTime,
  visit_response_timing: visitResponseTiming,
  platform_creative_performance: platformCreativePerformance,
  creative_performance_summary: creativePerformanceSummary,
  creative_performance_cost: creativePerformanceCost,
  impression_heatmap: impressionHeatmap,
  analysis,
} as const;

export type DashboardCallName = keyof typeof DASHBOARD_CALLS;
export type DashboardAnswer<N extends DashboardCallName> = Awaited<ReturnType<(typeof DASHBOARD_CALLS)[N]>>;

export const DASHBOARD_CALL_NAMES = Object.keys(DASHBOARD_CALLS) as DashboardCallName[];
