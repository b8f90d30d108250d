import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filter';
import { impressionScope } from '../scope';

/** |I(F)| per local date (dates without impressions are absent). */
export interface DateImpressions {
  date: string;
  impressions: number;
}

export async function queryImpressionsByDate(em: EntityManager, f: DashboardFilter): Promise<DateImpressions[]> {
  const scope = impressionScope(f, 'rollup');
  const rows: { local_date: string; impressions: string }[] = await em.query(
    `SELECT r.local_date, SUM(r.impressions) AS impressions FROM impression_rollup r
      WHERE ${scope.sql} GROUP BY r.local_date`,
    scope.params,
  );
  return rows.map((r) => ({ date: String(r.local_date), impressions: Number(r.impressions) }));
}
