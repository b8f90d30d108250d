import type { EntityManager } from 'typeorm';
import { SUMMARY } from '../../../etl/stale-days';
import { datesOf } from '../dates';
import { recordBuilt, type StaleDay } from '../summary-days';
import { placeholders } from '../scope';
import { OFFSETS, RESPONSE_GROUPINGS, responsesPerCut } from './refresh-attribution';

/** The groupings per visit day and lag (migration ResponseSiteSummaries): table, columns, their values. */
const BY_LAG: [table: string, columns: string[], values: string[]][] = [
  ...RESPONSE_GROUPINGS.filter(([name]) => name !== 'views').map(([name, columns]): [string, string[], string[]] => [
    `response_site_${name}`,
    columns,
    columns.map((c) => `a.${c}`),
  ]),
  ['response_site_pages', ['page_site_tag_id'], ['q.site_tag_id']],
];

/**
 * The response summaries per site tag (response_site_views per cut, _region, _touch and _pages per
 * lag: migration ResponseSiteSummaries) for the days a
 * site-filtered range reads, from visit_attribution (brought up to date by refreshAttribution first).
 * A day is rebuilt when visit_attribution's day was built from another version than the one these
 * rows were (summary 7 against summary 2 in summary_built_day): the visits summary's own marks decide,
 * so the writers mark nothing more. The visits summary's versions of those days are read FOR UPDATE
 * inside the rebuild, so no rebuild of visit_attribution commits between that read and this one's
 * (READ COMMITTED: visit_attribution is read without locks); the versions recorded are the ones the
 * rows were built from.
 */
export async function refreshSiteAttribution(em: EntityManager, customerId: number, start: string, end: string) {
  const versions = (summary: number) =>
    em.query(
      'SELECT local_date, version FROM summary_built_day WHERE customer_id = ? AND summary = ? AND local_date BETWEEN ? AND ?',
      [customerId, summary, start, end],
    ) as Promise<{ local_date: string; version: string | number }[]>;
  const [visits, sites] = await Promise.all([versions(SUMMARY.visits), versions(SUMMARY.visitSites)]);
  const built = new Map(sites.map((r) => [String(r.local_date), String(r.version)]));
  const range = new Set(datesOf(start, end));
  const stale = visits.filter(
    (r) => range.has(String(r.local_date)) && built.get(String(r.local_date)) !== String(r.version),
  );
  if (stale.length === 0) return;
  await em.transaction('READ COMMITTED', async (tx) => {
    const locked: { local_date: string; version: string | number }[] = await tx.query(
      `SELECT local_date, version FROM summary_built_day
        WHERE customer_id = ? AND summary = ? AND local_date IN (${placeholders(stale.length)}) FOR UPDATE`,
      [customerId, SUMMARY.visits, ...stale.map((r) => String(r.local_date))],
    );
    const days: StaleDay[] = locked.map((r) => ({ date: String(r.local_date), version: String(r.version) }));
    if (days.length === 0) return;
    const dates = days.map((d) => d.date);
    // The site tags the customer's rows carry (every grouping's rows have a pages row of their own site),
    // so each delete is index ranges of (customer, site, cut, day).
    const tagged: { site_tag_id: number }[] = await tx.query(
      'SELECT site_tag_id FROM response_site_pages WHERE customer_id = ? GROUP BY site_tag_id',
      [customerId],
    );
    const tables = ['response_site_views', ...BY_LAG.map(([table]) => table)];
    if (tagged.length > 0)
      for (const table of tables)
        await tx.query(
          `DELETE FROM ${table}
            WHERE customer_id = ? AND site_tag_id IN (${placeholders(tagged.length)})${
              table === 'response_site_views' ? ` AND cut IN (${OFFSETS.join(', ')})` : ''
            } AND visit_local_date IN (${placeholders(dates.length)})`,
          [customerId, ...tagged.map((t) => t.site_tag_id), ...dates],
        );
    await tx.query(
      `INSERT INTO response_site_views (customer_id, site_tag_id, cut, visit_local_date, bucket, views, responses)
       ${responsesPerCut('views', [['p.site_tag_id', 'site_tag_id']], dates.length)}`,
      [customerId, ...dates],
    );
    // The lag: local days from the activating touch to the visit (at most 8: 7 x 24 h and a DST hour).
    for (const [table, columns, values] of BY_LAG) {
      const keys = Array.from({ length: 4 + values.length }, (_, i) => i + 1).join(', ');
      await tx.query(
        `INSERT INTO ${table} (customer_id, site_tag_id, visit_local_date, lag, ${columns.join(', ')}, responses)
         SELECT a.customer_id, p.site_tag_id, a.visit_local_date, LEAST(DATEDIFF(a.visit_local_date, a.act_local_date), 8),
                ${values.join(', ')}, COUNT(*)
           FROM visit_attribution a JOIN visit_page p ON p.visit_id = a.visit_id${
             table === 'response_site_pages' ? ' JOIN visit_page q ON q.visit_id = a.visit_id' : ''
           }
          WHERE a.customer_id = ? AND a.visit_local_date IN (${placeholders(dates.length)})
          GROUP BY ${keys}`,
        [customerId, ...dates],
      );
    }
    await recordBuilt(tx, customerId, SUMMARY.visitSites, days);
  });
}
