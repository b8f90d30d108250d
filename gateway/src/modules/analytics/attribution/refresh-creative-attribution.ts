import type { EntityManager } from 'typeorm';
import { SUMMARY } from '../../../etl/stale-days';
import { recordBuilt, staleSummaryDays } from '../summary-days';
import { placeholders } from '../scope';
import { OFFSETS, rebuildLatestTouches, responsesPerCut } from './refresh-attribution';

/** Who a creative's rows count (migration ResponseCreativeSummaries): every visit (site 0), or per site tag hit. */
const SITES: [expr: string, join: string][] = [
  ['0', ''],
  ['p.site_tag_id', ' JOIN visit_page p ON p.visit_id = a.visit_id'],
];

/** The groupings per visit day and lag: table, columns, their values (a: visit_creative_attribution). */
const BY_LAG: [table: string, columns: string[], values: string[]][] = [
  ['response_creative_region', ['region'], ['a.region']],
  ['response_creative_touch', ['channel_id', 'weekday', 'daypart'], ['a.channel_id', 'a.weekday', 'a.daypart']],
  ['response_creative_pages', ['page_site_tag_id'], ['q.site_tag_id']],
];

/**
 * The response summaries per creative (visit_creative_attribution, then response_creative_views per cut
 * and _region, _touch, _pages per lag: migration ResponseCreativeSummaries) for the days a range
 * filtered by one creative reads, every creative of a day at once (one window over the day's touches,
 * PARTITION BY visit and creative: the activating touch among the creative's touches alone). A day is
 * rebuilt when the writers' marks of the visits' day (summary 2's marks: touch, visit and visit_page)
 * passed the version it was built from, as visit_attribution is: a late touch marks its visit's day.
 * READ COMMITTED: the rebuild's reads of touch take no locks the ETL would wait on; the marks are read
 * before, so a write committed meanwhile leaves the day newer than what is recorded.
 */
export async function refreshCreativeAttribution(em: EntityManager, customerId: number, start: string, end: string) {
  const stale = await staleSummaryDays(em, customerId, SUMMARY.visitCreatives, start, end, SUMMARY.visits);
  if (stale.length === 0) return;
  const days = stale.map((d) => d.date);
  const inDays = placeholders(days.length);
  await em.transaction('READ COMMITTED', async (tx) => {
    // The (creative, site) keys the customer's rows carry (every grouping's rows have pages rows of
    // their own key), so each delete is index ranges of (customer, creative, site, [cut,] day).
    const keys: { creative_id: number; site_tag_id: number }[] = await tx.query(
      'SELECT creative_id, site_tag_id FROM response_creative_pages WHERE customer_id = ? GROUP BY creative_id, site_tag_id',
      [customerId],
    );
    const creatives = [...new Set(keys.map((k) => Number(k.creative_id)))];
    const sites = [...new Set(keys.map((k) => Number(k.site_tag_id)))];
    if (keys.length > 0)
      for (const table of ['response_creative_views', ...BY_LAG.map(([table]) => table)])
        await tx.query(
          `DELETE FROM ${table}
            WHERE customer_id = ? AND creative_id IN (${placeholders(creatives.length)})
              AND site_tag_id IN (${placeholders(sites.length)})${
                table === 'response_creative_views' ? ` AND cut IN (${OFFSETS.join(', ')})` : ''
              } AND visit_local_date IN (${inDays})`,
          [customerId, ...creatives, ...sites, ...days],
        );
    await rebuildLatestTouches(tx, 'visit_creative_attribution', customerId, days);
    for (const [site, join] of SITES) {
      await tx.query(
        `INSERT INTO response_creative_views (customer_id, creative_id, site_tag_id, cut, visit_local_date, bucket, views, responses)
         ${responsesPerCut(
           'views',
           [
             ['a.creative_id', 'creative_id'],
             [site, 'site_tag_id'],
           ],
           days.length,
           'visit_creative_attribution',
         )}`,
        [customerId, ...days],
      );
      // The lag: local days from the activating touch to the visit (at most 8: 7 x 24 h and a DST hour).
      for (const [table, columns, values] of BY_LAG) {
        const positions = Array.from({ length: 5 + values.length }, (_, i) => i + 1).join(', ');
        await tx.query(
          `INSERT INTO ${table} (customer_id, creative_id, site_tag_id, visit_local_date, lag, ${columns.join(', ')}, responses)
           SELECT a.customer_id, a.creative_id, ${site}, a.visit_local_date,
                  LEAST(DATEDIFF(a.visit_local_date, a.act_local_date), 8), ${values.join(', ')}, COUNT(*)
             FROM visit_creative_attribution a${join}${
               table === 'response_creative_pages' ? ' JOIN visit_page q ON q.visit_id = a.visit_id' : ''
             }
            WHERE a.customer_id = ? AND a.visit_local_date IN (${inDays})
            GROUP BY ${positions}`,
          [customerId, ...days],
        );
      }
    }
    await recordBuilt(tx, customerId, SUMMARY.visitCreatives, stale);
  });
}
