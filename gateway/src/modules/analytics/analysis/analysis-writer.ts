import type { CreativePerformanceSummaryRow } from '../calls/creative-performance-summary';
import type { ImpressionSummaryData } from '../calls/impression-summary';
import type { HeatmapRow } from '../calls/impression-heatmap';
import type { ResponsesByRegionRow } from '../calls/responses-by-region';
import type { VisitResponseTimingData } from '../calls/visit-response-timing';

/** The computed figures an analysis is written from (never raw rows or user text). */
export interface AnalysisFacts {
  start: string;
  end: string;
  summary: ImpressionSummaryData;
  correlation: number;
  creatives: CreativePerformanceSummaryRow[];
  heatmap: { impressions: HeatmapRow[]; webhits: HeatmapRow[]; response_ratio: HeatmapRow[] };
  regions: ResponsesByRegionRow[];
  timing: VisitResponseTimingData;
  /** The customer's touch window W in hours (default 168): which delays the timing can hold (docs/design.md#attribution-settings). */
  touchWindowHours?: number;
  viewsFor80Percent: number;
  meanViews: number;
}

/** The sections of the Campaign Intelligence dialog: HTML paragraphs (sanitised by the caller). */
export interface AnalysisSections {
  summary: string;
  campaign_performance: string;
  creative_effectiveness: string;
  geographic_distribution: string;
  response_profile: string;
}

/**
 * Writes an analysis from figures. The template writer is the default; a language-model provider
 * can implement this interface later (its output goes through the same sanitiser).
 */
export interface AnalysisWriter {
  write(facts: AnalysisFacts): Promise<AnalysisSections>;
}
