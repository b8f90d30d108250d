import type { EntityManager } from 'typeorm';
import { SUMMARY } from '../../../../summaries/marks';
import { recordBuilt, staleSummaryDays } from '../built-days';
import { deleteKeyedDays, insertKeyedDays } from './keyed-summaries';
import { rebuildLatestTouches } from './refresh-attribution';

/** Who a creative's rows count (migration ResponseCreativeSummaries): every visit (site 0), or per site tag hit. */
const SITES = ['0', 'p.site_tag_id'];

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
  await em.transaction('READ COMMITTED', async (tx) => {
    await deleteKeyedDays(tx, 'response_creative', ['creative_id', 'site_tag_id'], customerId, days);
    await rebuildLatestTouches(tx, 'visit_creative_attribution', customerId, days);
    for (const site of SITES)
      await insertKeyedDays(
        tx,
        'response_creative',
        [
          ['a.creative_id', 'creative_id'],
          [site, 'site_tag_id'],
        ],
        'visit_creative_attribution',
        customerId,
        days,
      );
    await recordBuilt(tx, customerId, SUMMARY.visitCreatives, stale);
  });
}
