import type { z } from 'zod';
import { analysisCall } from './analysis';
import { attributionWhatIfCall } from './attribution-what-if';
import { creativePerformanceCostCall } from './creative-performance-cost';
import { creativePerformanceSummaryCall } from './creative-performance-summary';
import { impressionHeatmapCall } from './impression-heatmap';
import { impressionSummaryCall } from './impression-summary';
import { impressionsBeforeVisitCall } from './impressions-before-visit';
import { incrementalLiftCall } from './incremental-lift';
import { invalidTrafficCall } from './invalid-traffic';
import { platformCreativePerformanceCall } from './platform-creative-performance';
import { reachFrequencyCall } from './reach-frequency';
import { responsesByRegionCall } from './responses-by-region';
import { responsesBySiteCall } from './responses-by-site';
import { responsesOverTimeCall } from './responses-over-time';
import { visitResponseTimingCall } from './visit-response-timing';

/**
 * Every dashboard call: the 11 of spec 7, the two of docs/design.md#reach-frequency-and-lift, the invalid traffic of
 * docs/invalid-traffic.md#the-report and the what-if of docs/design.md#attribution-what-if. An entry here is the whole of a call's
 * wiring: `POST /api/dashboard/<name>` and its OpenAPI answer schema (analytics.routes.ts), the GraphQL
 * query `<name>(filter:)` and its types (dashboard.resolver.ts), all from the entry's zod shapes.
 */
export const DASHBOARD_CALLS = [
  impressionSummaryCall,
  impressionsBeforeVisitCall,
  responsesByRegionCall,
  responsesBySiteCall,
  responsesOverTimeCall,
  visitResponseTimingCall,
  platformCreativePerformanceCall,
  creativePerformanceSummaryCall,
  creativePerformanceCostCall,
  impressionHeatmapCall,
  analysisCall,
  reachFrequencyCall,
  incrementalLiftCall,
  attributionWhatIfCall,
  invalidTrafficCall,
] as const;

type Entry = (typeof DASHBOARD_CALLS)[number];
export type DashboardCallName = Entry['name'];
export type DashboardCallOf<N extends DashboardCallName> = Extract<Entry, { name: N }>;
export type DashboardAnswer<N extends DashboardCallName> = z.output<DashboardCallOf<N>['answer']>;

export const DASHBOARD_CALL_NAMES: readonly DashboardCallName[] = DASHBOARD_CALLS.map((c) => c.name);

const byName = new Map<string, Entry>(DASHBOARD_CALLS.map((c) => [c.name, c]));

export function dashboardCallOf<N extends DashboardCallName>(name: N): DashboardCallOf<N> {
  return byName.get(name) as DashboardCallOf<N>;
}
