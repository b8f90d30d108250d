import type { EntityManager } from 'typeorm';
import { dayFromNumber, dayNumber } from '../filters/dates';
import { type DashboardFilter, narrowsByDateOnly } from '../filters/filter';
import { attributionScope, responseDayScope } from '../scope';
import type { DelayBucket, ResponseFacets } from './response-facets';
import type { SiteResponses } from './response-sites';

/** True when F narrows impressions only by date: visit_attribution answers it exactly. */
export const attributionServes = (f: DashboardFilter) => narrowsByDateOnly(f);

/**
 * Visits of the range that are responses: the latest touch is in I(F) exactly when its local date
 * is on or after the start (no touch can be after the end), and views are the touches at most
 * DATEDIFF(visit date, start) local days before the visit (docs/design.md#visits-and-attribution, unfiltered I(F)). Written as
 * date comparisons with precomputed bounds: visits 8+ days after the start (most of a range) take
 * all their touches without a per-row DATEDIFF.
 */
function responseVisits(f: DashboardFilter) {
  const start = dayNumber(f.start);
  const partial = [1, 2, 3, 4, 5, 6, 7]
    .map((k) => `CASE WHEN a.visit_local_date >= ? THEN a.v${k} ELSE 0 END`)
    .join(' + ');
  const views = `CASE WHEN a.visit_local_date >= ? THEN a.v0 + a.v1 + a.v2 + a.v3 + a.v4 + a.v5 + a.v6 + a.v7 + a.v8
                      ELSE a.v0 + ${partial} END`;
  const viewParams = [8, 1, 2, 3, 4, 5, 6, 7].map((k) => dayFromNumber(start + k));
  const scope = attributionScope(f);
  return { views, viewParams, sql: `FROM visit_attribution a WHERE ${scope.sql}`, params: scope.params };
}

/**
 * Unfiltered facets. Without a site filter: the response summaries (rebuilt with visit_attribution),
 * a few hundred rows per day of the range; with one site tag and `perSite` (the caller brought the
 * per-site summaries up to date: refreshSiteAttribution), the same from the site's summaries.
 * Otherwise (several site tags: a visit may hit more than one): three groupings of the range's
 * attributed visits that hit the sites, read in parallel.
 */
export async function queryAttributedResponseFacets(
  em: EntityManager,
  f: DashboardFilter,
  perSite = false,
): Promise<ResponseFacets> {
  if (f.sites.length === 0) return querySummarisedResponseFacets(em, f, null);
  if (perSite && f.sites.length === 1) return querySummarisedResponseFacets(em, f, { site: f.sites[0] });
  const r = responseVisits(f);
  const [byDay, byRegion, byTouch] = await Promise.all([
    em.query(
      `SELECT a.visit_local_date,
              CASE WHEN a.act_ts >= a.visit_ts - INTERVAL 1 HOUR THEN 1
                   WHEN a.act_ts >= a.visit_ts - INTERVAL 1 DAY THEN 2
                   ELSE 3 END AS bucket,
              ${r.views} AS views, COUNT(*) AS responses
         ${r.sql}
        GROUP BY 1, 2, 3 ORDER BY NULL`,
      [...r.viewParams, ...r.params],
    ) as Promise<{ visit_local_date: string; bucket: number; views: number; responses: string }[]>,
    em.query(`SELECT a.region, COUNT(*) AS responses ${r.sql} GROUP BY a.region ORDER BY NULL`, r.params) as Promise<
      { region: string; responses: string }[]
    >,
    em.query(
      `SELECT a.creative_id, a.channel_id, a.weekday, a.daypart, COUNT(*) AS responses
         ${r.sql}
        GROUP BY a.creative_id, a.channel_id, a.weekday, a.daypart ORDER BY NULL`,
      r.params,
    ) as Promise<{ creative_id: number; channel_id: number; weekday: number; daypart: number; responses: string }[]>,
  ]);
  return facetsOf(byDay, byRegion, byTouch);
}

function facetsOf(
  byDay: { visit_local_date: string; bucket: number; views: number; responses: number | string }[],
  byRegion: { region: string; responses: number | string }[],
  byTouch: { creative_id: number; channel_id: number; weekday: number; daypart: number; responses: number | string }[],
): ResponseFacets {
  return {
    byDay: byDay.map((x) => ({
      date: String(x.visit_local_date),
      bucket: Number(x.bucket) as DelayBucket,
      // The summaries serve the default windows only (summaries/choice.ts): Same_Day is S = 24 h, buckets 1 and 2.
      sameDay: Number(x.bucket) <= 2,
      views: Number(x.views),
      responses: Number(x.responses),
    })),
    byRegion: byRegion.map((x) => ({ region: String(x.region), responses: Number(x.responses) })),
    byTouch: byTouch.map((x) => ({
      creativeId: Number(x.creative_id),
      channelId: Number(x.channel_id),
      weekday: Number(x.weekday),
      daypart: Number(x.daypart),
      responses: Number(x.responses),
    })),
  };
}

/**
 * Whose response summary rows a read takes: the customer's (response_day_*), one site tag's
 * (response_site_*), or one creative's (response_creative_*: every visit with site 0, or the visits
 * that hit one site tag).
 */
type SummaryKey = null | { site: number } | { creative: number; site: number };

/**
 * The response summaries' rows of the range: response_day_* per cut, or a key's response_site_* or
 * response_creative_* (views per cut; region, touch and pages per lag: a visit on day start + k counts
 * when its activating touch is at most k days before it, one 8 or more days after the start always).
 */
function summaryScope(f: DashboardFilter, key: SummaryKey, grouping: string) {
  if (key === null) {
    const x = responseDayScope(f);
    return { from: `response_day_${grouping} x WHERE ${x.sql}`, params: x.params };
  }
  const [table, where, keyParams] =
    'creative' in key
      ? [`response_creative_${grouping}`, 'x.creative_id = ? AND x.site_tag_id = ?', [key.creative, key.site]]
      : [`response_site_${grouping}`, 'x.site_tag_id = ?', [key.site]];
  if (grouping === 'views') {
    const x = responseDayScope(f);
    return { from: `${table} x WHERE ${where} AND ${x.sql}`, params: [...keyParams, ...x.params] };
  }
  const start = dayNumber(f.start);
  const end = dayNumber(f.end);
  const ranges: string[] = [];
  const params: unknown[] = [f.customerId, ...keyParams];
  for (let k = 0; k < 8 && start + k <= end; k++) {
    ranges.push('(x.visit_local_date = ? AND x.lag <= ?)');
    params.push(dayFromNumber(start + k), k);
  }
  if (start + 8 <= end) {
    ranges.push('x.visit_local_date BETWEEN ? AND ?');
    params.push(dayFromNumber(start + 8), f.end);
  }
  return { from: `${table} x WHERE x.customer_id = ? AND ${where} AND (${ranges.join(' OR ')})`, params };
}

async function querySummarisedResponseFacets(
  em: EntityManager,
  f: DashboardFilter,
  key: SummaryKey,
): Promise<ResponseFacets> {
  const [views, region, touch] = ['views', 'region', 'touch'].map((g) => summaryScope(f, key, g));
  const [byDay, byRegion, byTouch] = await Promise.all([
    em.query(`SELECT x.visit_local_date, x.bucket, x.views, x.responses FROM ${views.from}`, views.params) as Promise<
      { visit_local_date: string; bucket: number; views: number; responses: number }[]
    >,
    em.query(
      `SELECT x.region, SUM(x.responses) AS responses FROM ${region.from} GROUP BY x.region ORDER BY NULL`,
      region.params,
    ) as Promise<{ region: string; responses: string }[]>,
    em.query(
      `SELECT x.creative_id, x.channel_id, x.weekday, x.daypart, SUM(x.responses) AS responses
         FROM ${touch.from}
        GROUP BY x.creative_id, x.channel_id, x.weekday, x.daypart ORDER BY NULL`,
      touch.params,
    ) as Promise<{ creative_id: number; channel_id: number; weekday: number; daypart: number; responses: string }[]>,
  ]);
  return facetsOf(byDay, byRegion, byTouch);
}

/** Responses by site (docs/design.md#visits-and-attribution) of an unfiltered range; `perSite` as queryAttributedResponseFacets. */
export async function queryAttributedResponseSites(
  em: EntityManager,
  f: DashboardFilter,
  perSite = false,
): Promise<SiteResponses[]> {
  // The visits that hit the site, counted by every site tag they hit.
  if (perSite && f.sites.length === 1) return querySummarisedResponseSites(em, f, { site: f.sites[0] });
  if (f.sites.length === 0) {
    // Every response's sites count: the per-day site summary answers without touching visit_page.
    const scope = attributionScope(f, 'site');
    const rows: { site_tag_id: number; responses: string }[] = await em.query(
      `SELECT s.site_tag_id, SUM(s.visits) AS responses FROM visit_attribution_site s
        WHERE ${scope.sql}
        GROUP BY s.site_tag_id ORDER BY NULL`,
      scope.params,
    );
    return rows.map((x) => ({ siteTagId: Number(x.site_tag_id), responses: Number(x.responses) }));
  }
  const r = responseVisits(f);
  const rows: { site_tag_id: number; responses: string }[] = await em.query(
    `SELECT p.site_tag_id, COUNT(*) AS responses
       FROM visit_page p JOIN (SELECT a.visit_id ${r.sql}) v ON v.visit_id = p.visit_id
      GROUP BY p.site_tag_id ORDER BY NULL`,
    r.params,
  );
  return rows.map((x) => ({ siteTagId: Number(x.site_tag_id), responses: Number(x.responses) }));
}

/** A key's responses by site (response_site_pages or response_creative_pages): each visit by every site tag it hit. */
async function querySummarisedResponseSites(
  em: EntityManager,
  f: DashboardFilter,
  key: Exclude<SummaryKey, null>,
): Promise<SiteResponses[]> {
  const x = summaryScope(f, key, 'pages');
  const rows: { site_tag_id: number; responses: string }[] = await em.query(
    `SELECT x.page_site_tag_id AS site_tag_id, SUM(x.responses) AS responses FROM ${x.from}
      GROUP BY x.page_site_tag_id ORDER BY NULL`,
    x.params,
  );
  return rows.map((r) => ({ siteTagId: Number(r.site_tag_id), responses: Number(r.responses) }));
}

/**
 * True when F narrows impressions by one creative and dates alone (and visits by at most one site tag):
 * the per-creative response summaries answer it exactly (refreshCreativeAttribution).
 */
export const creativeSummaryServes = (f: DashboardFilter) =>
  f.creatives.length === 1 && f.sites.length <= 1 && narrowsByDateOnly({ ...f, creatives: [] });

/** The response facets of a creativeSummaryServes filter, from the creative's summaries (brought up to date). */
export const queryCreativeResponseFacets = (em: EntityManager, f: DashboardFilter): Promise<ResponseFacets> =>
  querySummarisedResponseFacets(em, f, { creative: f.creatives[0], site: f.sites[0] ?? 0 });

/** Responses by site of a creativeSummaryServes filter, from the creative's summaries (brought up to date). */
export const queryCreativeResponseSites = (em: EntityManager, f: DashboardFilter): Promise<SiteResponses[]> =>
  querySummarisedResponseSites(em, f, { creative: f.creatives[0], site: f.sites[0] ?? 0 });
