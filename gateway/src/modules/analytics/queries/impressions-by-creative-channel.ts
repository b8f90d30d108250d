import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filter';
import { impressionScope } from '../scope';

/** I(F) per creative x channel: impressions and spend (booking cpm; DESIGN 4 Ad_Spend). */
export interface CreativeChannelImpressions {
  creativeId: number;
  channelId: number;
  impressions: number;
  spend: number;
}

export async function queryImpressionsByCreativeChannel(
  em: EntityManager,
  f: DashboardFilter,
): Promise<CreativeChannelImpressions[]> {
  const scope = impressionScope(f, 'rollup');
  const rows: { creative_id: number; channel_id: number; impressions: string; cost: string | null }[] = await em.query(
    `SELECT r.creative_id, r.channel_id, SUM(r.impressions) AS impressions, SUM(r.impressions * b.cpm) AS cost
         FROM impression_rollup r JOIN booking b ON b.id = r.booking_id
        WHERE ${scope.sql}
        GROUP BY r.creative_id, r.channel_id`,
    scope.params,
  );
  return rows.map((r) => ({
    creativeId: Number(r.creative_id),
    channelId: Number(r.channel_id),
    impressions: Number(r.impressions),
    spend: Number(r.cost ?? 0) / 1000,
  }));
}
