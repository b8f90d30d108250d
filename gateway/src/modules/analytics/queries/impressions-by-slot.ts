import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filter';
import { impressionScope } from '../scope';

/** |I(F)| per weekday (1 Mon..7 Sun) x daypart (1..8) of the impression. */
export interface SlotImpressions {
  weekday: number;
  daypart: number;
  impressions: number;
}

export async function queryImpressionsBySlot(em: EntityManager, f: DashboardFilter): Promise<SlotImpressions[]> {
  const scope = impressionScope(f, 'rollup');
  const rows: { weekday: number; daypart: number; impressions: string }[] = await em.query(
    `SELECT r.weekday, r.daypart, SUM(r.impressions) AS impressions FROM impression_rollup r
      WHERE ${scope.sql} GROUP BY r.weekday, r.daypart`,
    scope.params,
  );
  return rows.map((r) => ({
    weekday: Number(r.weekday),
    daypart: Number(r.daypart),
    impressions: Number(r.impressions),
  }));
}
