import type { AnalysisFacts, AnalysisSections, AnalysisWriter } from './analysis-writer';
import { count, decimal, dollars, escapeHtml, p, percent } from './format';

const strength = (r: number) => (r >= 0.7 ? 'strong' : r >= 0.4 ? 'moderate' : 'weak');

function campaignPerformance(f: AnalysisFacts): string {
  const s = f.summary;
  if (s.Actual_Impressions === 0) {
    return p(`No impressions were recorded between ${f.start} and ${f.end} for the selected filters.`);
  }
  return p(
    `Between ${f.start} and ${f.end} the campaign delivered <strong>${count(s.Actual_Impressions)}</strong> impressions for ${dollars(s.Ad_Spend)} (CPM ${dollars(s.CPM_Actual)}).`,
    `They were followed by <strong>${count(s.Total_Responses)}</strong> site visits, a response rate of ${percent(s.Response_Rate)}` +
      (s.Total_Responses > 0 ? ` and a cost per visit of ${dollars(s.Current_CPR)}.` : '.'),
    `Daily impressions and visits show a ${strength(f.correlation)} correlation (r = ${f.correlation.toFixed(2)}).`,
  );
}

function creativeEffectiveness(f: AnalysisFacts): string {
  const ranked = f.creatives.filter((c) => c.Total_Impressions > 0);
  if (ranked.length === 0) return p('No creative delivered impressions in this period.');
  const byRate = [...ranked].sort((a, b) => b.Response_Rate_Percent - a.Response_Rate_Percent);
  const best = byRate[0];
  const worst = byRate[byRate.length - 1];
  const name = (c: { Creative: string }) => `<strong>${escapeHtml(c.Creative)}</strong>`;
  return p(
    `${name(best)} has the highest response rate at ${percent(best.Response_Rate_Percent)} (${count(best.Total_Responses)} visits from ${count(best.Total_Impressions)} impressions` +
      (best.Total_Responses > 0 ? `, ${dollars(best.Current_CPR)} per visit).` : ').'),
    ranked.length > 1
      ? `${name(worst)} has the lowest at ${percent(worst.Response_Rate_Percent)} (${count(worst.Total_Responses)} visits from ${count(worst.Total_Impressions)} impressions).`
      : '',
  );
}

function strongestDaypart(f: AnalysisFacts): string {
  const rows = f.heatmap.webhits.map((w, i) => ({
    time: w.time,
    hits: w.Total,
    ratio: f.heatmap.response_ratio[i].Total,
  }));
  const top = [...rows].sort((a, b) => b.hits - a.hits)[0];
  if (!top || top.hits === 0) return '';
  return `The strongest daypart is <strong>${escapeHtml(top.time)}</strong> with ${count(top.hits)} visits activated (a response rate of ${percent(top.ratio)}).`;
}

function geographicDistribution(f: AnalysisFacts): string {
  const top = f.regions.slice(0, 3);
  if (top.length === 0) return p('No visits could be attributed to a region in this period.');
  const list = top.map((r) => `${escapeHtml(r.Region)} (${count(r.Responses)}, ${percent(r.Percentage)})`).join(', ');
  return p(
    `Visits came from ${f.regions.length} region${f.regions.length === 1 ? '' : 's'}; the top ${top.length === 1 ? 'region is' : `${top.length} are`} ${list}.`,
    top.length > 1 ? `Together they account for ${percent(top.reduce((a, r) => a + r.Percentage, 0))} of visits.` : '',
  );
}

/** The timing buckets the touch window W leaves room for: no "later in the week" under a window of a day or less. */
function timingSentence(t: AnalysisFacts['timing'], touchWindowHours: number): string {
  const parts = [`${percent(t.Hour_1_Perc)} of visits came within an hour of the last impression`];
  if (touchWindowHours > 1) parts.push(`${percent(t.Day_1_Perc)} within a day`);
  if (touchWindowHours > 24) parts.push(`${percent(t.Week_1_Perc)} later in the week`);
  if (t.Beyond_Week_Perc !== undefined) parts.push(`${percent(t.Beyond_Week_Perc)} more than a week after`);
  if (parts.length === 1) return `${parts[0]}.`;
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}.`;
}

function responseProfile(f: AnalysisFacts): string {
  const t = f.timing;
  if (f.summary.Total_Responses === 0) return p('There were no attributed visits to profile.');
  return p(
    timingSentence(t, f.touchWindowHours ?? 168),
    `A visiting household saw ${decimal(f.meanViews)} impressions on average; 80% of visits followed ${count(f.viewsFor80Percent)} or fewer.`,
    strongestDaypart(f),
  );
}

/** Concrete sentences quoting the figures; no model, no network. */
export class TemplateAnalysisWriter implements AnalysisWriter {
  write(f: AnalysisFacts): Promise<AnalysisSections> {
    const campaign_performance = campaignPerformance(f);
    const creative_effectiveness = creativeEffectiveness(f);
    const geographic_distribution = geographicDistribution(f);
    const response_profile = responseProfile(f);
    const s = f.summary;
    const summary = p(
      `${count(s.Actual_Impressions)} impressions, ${count(s.Total_Responses)} visits, response rate ${percent(s.Response_Rate)}, ${dollars(s.Ad_Spend)} spent.`,
    );
    return Promise.resolve({
      summary,
      campaign_performance,
      creative_effectiveness,
      geographic_distribution,
      response_profile,
    });
  }
}
