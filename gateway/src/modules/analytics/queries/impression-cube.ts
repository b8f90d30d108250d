import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filter';
import { impressionScope } from '../scope';

/**
 * I(F) in one rollup scan, grouped by what any call breaks impressions down by: local date
 * (weekday follows from it), daypart, creative and channel, with spend (booking cpm). A 30-day
 * range of a busy customer is at most 30 x 8 x creatives x channels rows.
 */
export interface ImpressionCubeRow {
  date: string;
  weekday: number;
  daypart: number;
  creativeId: number;
  channelId: number;
  impressions: number;
  spend: number;
}

export async function queryImpressionCube(em: EntityManager, f: DashboardFilter): Promise<ImpressionCubeRow[]> {
  const scope = impressionScope(f, 'rollup');
  const rows: {
    local_date: string;
    weekday: number;
    daypart: number;
    creative_id: number;
    channel_id: number;
    impressions: string;
    cost: string | null;
  }[] = await em.query(
    `SELECT r.local_date, r.weekday, r.daypart, r.creative_id, r.channel_id,
            SUM(r.impressions) AS impressions, SUM(r.impressions * b.cpm) AS cost
       FROM impression_rollup r JOIN booking b ON b.id = r.booking_id
      WHERE ${scope.sql}
      GROUP BY r.local_date, r.weekday, r.daypart, r.creative_id, r.channel_id`,
    scope.params,
  );
  return rows.map((r) => ({
    date: String(r.local_date),
    weekday: Number(r.weekday),
    daypart: Number(r.daypart),
    creativeId: Number(r.creative_id),
    channelId: Number(r.channel_id),
    impressions: Number(r.impressions),
    spend: Number(r.cost ?? 0) / 1000,
  }));
}
