import DOMPurify from 'dompurify';

export interface AnalysisSections {
  summary: string;
  campaign_performance: string;
  creative_effectiveness: string;
  geographic_distribution: string;
  response_profile: string;
}

/** The four sections of Campaign Intelligence (spec 2), after the summary. */
export const ANALYSIS_SECTIONS: { key: keyof AnalysisSections; title: string }[] = [
  { key: 'campaign_performance', title: 'Campaign Performance' },
  { key: 'creative_effectiveness', title: 'Creative Effectiveness' },
  { key: 'geographic_distribution', title: 'Geographic Distribution' },
  { key: 'response_profile', title: 'Response Profile' },
];

/** HTML from the server is sanitised again here: text formatting only, no scripts, no handlers. */
export const sanitise = (html: string) =>
  DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'span', 'h3', 'h4'],
    ALLOWED_ATTR: [],
  });

/** Plain text of sanitised HTML: tags stripped, paragraphs on their own lines. */
export function toPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(
    sanitise(html)
      .replace(/<\/(p|li|h3|h4)>/g, '</$1>\n')
      .replace(/<br\s*\/?>/g, '\n'),
    'text/html',
  );
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

export const hasAnalysis = (a: AnalysisSections | undefined) =>
  !!a && [a.summary, ...ANALYSIS_SECTIONS.map((s) => a[s.key])].some((h) => toPlainText(h ?? '') !== '');

/** The Copy Report text: the title, the summary and every section with its heading. */
export function reportText(a: AnalysisSections): string {
  const parts = ['Campaign Intelligence'];
  if (toPlainText(a.summary)) parts.push(toPlainText(a.summary));
  for (const s of ANALYSIS_SECTIONS) if (toPlainText(a[s.key])) parts.push(`${s.title}\n${toPlainText(a[s.key])}`);
  return parts.join('\n\n');
}
