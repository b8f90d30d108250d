import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filter';
import { touchScope } from '../scope';

/** Delay bucket of a response (DESIGN 4): 1 within 1 h, 2 within 24 h, 3 within the 7-day window. */
export type DelayBucket = 1 | 2 | 3;

/**
 * Responses grouped by everything the calls need: the visit's local date, the delay bucket, the
 * views and the activating touch's creative, channel, region, weekday and daypart.
 */
export interface ResponseCubeRow {
  date: string;
  bucket: DelayBucket;
  views: number;
  creativeId: number;
  channelId: number;
  region: string;
  weekday: number;
  daypart: number;
  responses: number;
}

/**
 * DESIGN 4: a response is a visit with >= 1 touch in I(F); its activating touch is the most recent
 * (ties: smaller event id as a string, hence the binary comparison), its views the touches in I(F).
 */
export async function queryResponseCube(em: EntityManager, f: DashboardFilter): Promise<ResponseCubeRow[]> {
  const scope = touchScope(f);
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
    // The delay bucket is worked out for the activating touch only, after the window.
    `SELECT a.visit_local_date,
            CASE WHEN a.impression_ts >= a.visit_ts - INTERVAL 1 HOUR THEN 1
                 WHEN a.impression_ts >= a.visit_ts - INTERVAL 1 DAY THEN 2
                 ELSE 3 END AS bucket,
            a.views, a.creative_id, a.channel_id, a.region, a.weekday, a.daypart, COUNT(*) AS responses
       FROM (SELECT t.visit_local_date, t.creative_id, t.channel_id, t.region, t.weekday, t.daypart,
                    t.impression_ts, t.visit_ts,
                    COUNT(*) OVER (PARTITION BY t.visit_id) AS views,
                    ROW_NUMBER() OVER (PARTITION BY t.visit_id
                                       ORDER BY t.impression_ts DESC, CAST(t.impression_event_id AS BINARY)) AS rn
               FROM touch t
              WHERE ${scope.sql}) a
      WHERE a.rn = 1
      GROUP BY a.visit_local_date, 2, a.views, a.creative_id, a.channel_id, a.region, a.weekday, a.daypart
      ORDER BY NULL`,
    scope.params,
  );
  return rows.map((r) => ({
    date: String(r.visit_local_date),
    bucket: Number(r.bucket) as DelayBucket,
    views: Number(r.views),
    creativeId: Number(r.creative_id),
    channelId: Number(r.channel_id),
    region: String(r.region),
    weekday: Number(r.weekday),
    daypart: Number(r.daypart),
    responses: Number(r.responses),
  }));
}
