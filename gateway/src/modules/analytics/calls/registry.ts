import { analysis } from './analysis';
import { creativePerformanceCost } from './creative-performance-cost';
import { creativePerformanceSummary } from './creative-performance-summary';
import { impressionHeatmap } from './impression-heatmap';
import { impressionSummary } from './impression-summary';
import { impressionsBeforeVisit } from './impressions-before-visit';
import { platformCreativePerformance } from './platform-creative-performance';
import { responsesByRegion } from './responses-by-region';
import { responsesBySite } from './responses-by-site';
import { responsesOverTime } from './responses-over-time';
import { visitResponseTiming } from './visit-response-timing';
import { incrementalLift } from './incremental-lift';
import { reachFrequency } from './reach-frequency';

/** The 11 dashboard calls of spec 7 and the two of DESIGN 4b, by their path name: POST /api/dashboard/<name>. */
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
  reach_frequency: reachFrequency,
  incremental_lift: incrementalLift,
} as const;

export type DashboardCallName = keyof typeof DASHBOARD_CALLS;
export type DashboardAnswer<N extends DashboardCallName> = Awaited<ReturnType<(typeof DASHBOARD_CALLS)[N]>>;

export const DASHBOARD_CALL_NAMES = Object.keys(DASHBOARD_CALLS) as DashboardCallName[];
