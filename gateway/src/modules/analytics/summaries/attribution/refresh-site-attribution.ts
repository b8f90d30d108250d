import type { EntityManager } from 'typeorm';
import { SUMMARY } from '../../../../summaries/marks';
import { datesOf } from '../../../../summaries/days';
import { recordBuilt, type StaleDay } from '../built-days';
import { placeholders } from '../../scope';
import { deleteKeyedDays, insertKeyedDays } from './keyed-summaries';

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
    await deleteKeyedDays(tx, 'response_site', ['site_tag_id'], customerId, dates);
    await insertKeyedDays(
      tx,
      'response_site',
      [['p.site_tag_id', 'site_tag_id']],
      'visit_attribution',
      customerId,
      dates,
    );
    await recordBuilt(tx, customerId, SUMMARY.visitSites, days);
  });
}
