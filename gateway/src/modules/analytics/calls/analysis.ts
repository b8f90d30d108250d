import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { windowsIn } from '../filters/filter';
import { meanViews, viewsFor80Percent } from '../metrics';
import { creativePerformanceSummary } from './creative-performance-summary';
import { impressionHeatmap } from './impression-heatmap';
import { impressionSummary } from './impression-summary';
import { responsesByRegion } from './responses-by-region';
import { responsesOverTime } from './responses-over-time';
import { visitResponseTiming } from './visit-response-timing';
import type { AnalysisSections, AnalysisWriter } from '../analysis/analysis-writer';
import { TemplateAnalysisWriter } from '../analysis/template-writer';
import { dashboardCall, noRows } from './call';

const html = z.string().describe('Sanitised HTML paragraphs');
const AnalysisSectionsSchema = z
  .object({
    summary: html,
    campaign_performance: html,
    creative_effectiveness: html,
    geographic_distribution: html,
    response_profile: html,
  })
  .meta({ id: 'AnalysisSections' });

const SAFE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'strong', 'em', 'ul', 'ol', 'li', 'br'],
  allowedAttributes: {},
};

let writer: AnalysisWriter = new TemplateAnalysisWriter();

/** Swaps the writer (e.g. a language-model provider); its output is sanitised all the same. */
export function useAnalysisWriter(w: AnalysisWriter): void {
  writer = w;
}

/** The analysis call: figures from the other calls' computations, written and sanitised. */
export async function analysis(data: DashboardData) {
  const [summary, overTime, creatives, heatmap, regions, timing, responses] = await Promise.all([
    impressionSummary(data),
    responsesOverTime(data),
    creativePerformanceSummary(data),
    impressionHeatmap(data),
    responsesByRegion(data),
    visitResponseTiming(data),
    data.responses(),
  ]);
  const counts = new Map<number, number>();
  for (const r of responses.byDay) counts.set(r.views, (counts.get(r.views) ?? 0) + r.responses);
  const written = await writer.write({
    start: data.filter.start,
    end: data.filter.end,
    summary: summary.summary_data,
    correlation: overTime.summary_data.correlation,
    creatives: creatives.table_data,
    heatmap: heatmap.table_data,
    regions: regions.table_data,
    timing: timing.summary_data,
    touchWindowHours: windowsIn(data.filter).touchWindowHours,
    viewsFor80Percent: viewsFor80Percent(counts),
    meanViews: meanViews(counts),
  });
  const summary_data: AnalysisSections = {
    summary: sanitizeHtml(written.summary, SAFE),
    campaign_performance: sanitizeHtml(written.campaign_performance, SAFE),
    creative_effectiveness: sanitizeHtml(written.creative_effectiveness, SAFE),
    geographic_distribution: sanitizeHtml(written.geographic_distribution, SAFE),
    response_profile: sanitizeHtml(written.response_profile, SAFE),
  };
  return { table_data: [] as never[], summary_data };
}

export const analysisCall = dashboardCall({
  name: 'analysis',
  description: 'Written analysis (sanitised HTML paragraphs) of the figures.',
  table_data: noRows,
  summary_data: AnalysisSectionsSchema,
  compute: analysis,
});
