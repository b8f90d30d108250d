import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filter';
import type { ResponseCubeRow } from './response-cube';
import type { SiteResponses } from './response-sites';

const HOUR_US = 3_600_000_000;

/** True when F narrows impressions only by date: visit_attribution answers it exactly. */
export const attributionServes = (f: DashboardFilter) =>
  f.regions.length + f.campaigns.length + f.bookings.length + f.creatives.length + f.channels.length === 0 &&
  f.weekdays.length + f.dayparts.length === 0;

/**
 * Visits of the range that are responses: the latest touch is in I(F) exactly when its local date
 * is on or after the start (no touch can be after the end), and views are the touches at most
 * DATEDIFF(visit date, start) local days before the visit (DESIGN 4, unfiltered I(F)).
 */
function responseVisits(f: DashboardFilter) {
  const views = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    .map((k) => (k === 0 ? 'a.v0' : `CASE WHEN DATEDIFF(a.visit_local_date, ?) >= ${k} THEN a.v${k} ELSE 0 END`))
    .join(' + ');
  const viewParams = [1, 2, 3, 4, 5, 6, 7, 8].map(() => f.start);
  let sql = `FROM visit_attribution a
      WHERE a.customer_id = ? AND a.visit_local_date BETWEEN ? AND ? AND a.act_local_date >= ?`;
  const params: unknown[] = [f.customerId, f.start, f.end, f.start];
  if (f.sites.length > 0) {
    sql += ` AND EXISTS (SELECT 1 FROM visit_page vp WHERE vp.visit_id = a.visit_id AND vp.site_tag_id IN (${f.sites.map(() => '?').join(',')}))`;
    params.push(...f.sites);
  }
  return { views, viewParams, sql, params };
}

export async function queryAttributedResponseCube(em: EntityManager, f: DashboardFilter): Promise<ResponseCubeRow[]> {
  const r = responseVisits(f);
  const rows: {
    visit_local_date: string;
    bucket: number;
    views: number;
    creative_id: number;
    channel_id: number;
    region: string;
    weekday: number;
    daypart: number;
    responses: string;
  }[] = await em.query(
    `SELECT a.visit_local_date,
            CASE WHEN TIMESTAMPDIFF(MICROSECOND, a.act_ts, a.visit_ts) <= ${HOUR_US} THEN 1
                 WHEN TIMESTAMPDIFF(MICROSECOND, a.act_ts, a.visit_ts) <= ${24 * HOUR_US} THEN 2
                 ELSE 3 END AS bucket,
            ${r.views} AS views,
            a.creative_id, a.channel_id, a.region, a.weekday, a.daypart, COUNT(*) AS responses
       ${r.sql}
      GROUP BY 1, 2, 3, a.creative_id, a.channel_id, a.region, a.weekday, a.daypart
      ORDER BY NULL`,
    [...r.viewParams, ...r.params],
  );
  return rows.map((x) => ({
    date: String(x.visit_local_date),
    bucket: Number(x.bucket) as 1 | 2 | 3,
    views: Number(x.views),
    creativeId: Number(x.creative_id),
    channelId: Number(x.channel_id),
    region: String(x.region),
    weekday: Number(x.weekday),
    daypart: Number(x.daypart),
    responses: Number(x.responses),
  }));
}

export async function queryAttributedResponseSites(em: EntityManager, f: DashboardFilter): Promise<SiteResponses[]> {
  const r = responseVisits(f);
  const rows: { site_tag_id: number; responses: string }[] = await em.query(
    `SELECT p.site_tag_id, COUNT(*) AS responses
       FROM visit_page p JOIN (SELECT a.visit_id ${r.sql}) v ON v.visit_id = p.visit_id
      GROUP BY p.site_tag_id ORDER BY NULL`,
    r.params,
  );
  return rows.map((x) => ({ siteTagId: Number(x.site_tag_id), responses: Number(x.responses) }));
}
