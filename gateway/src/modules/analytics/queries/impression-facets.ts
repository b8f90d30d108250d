import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filters/filter';
import { impressionScope } from '../scope';
import type { ImpressionCubeRow } from './impression-cube';

/**
 * I(F) broken down once per way the calls read it (each call sums one facet): by local date, by
 * weekday x daypart, and by booking (which prices it), creative and channel.
 */
export interface ImpressionFacets {
  byDate: { date: string; impressions: number }[];
  bySlot: { weekday: number; daypart: number; impressions: number }[];
  byCell: { bookingId: number; creativeId: number; channelId: number; impressions: number }[];
}

function fold<V extends { impressions: number }>(
  rows: ImpressionCubeRow[],
  keyOf: (r: ImpressionCubeRow) => string,
  make: (r: ImpressionCubeRow) => V,
): V[] {
  const out = new Map<string, V>();
  for (const r of rows) {
    const k = keyOf(r);
    const v = out.get(k);
    if (v) v.impressions += r.impressions;
    else out.set(k, { ...make(r), impressions: r.impressions });
  }
  return [...out.values()];
}

/** The facets of a full rollup cube (a region filter: only impression_rollup keeps region). */
export function facetsOfImpressionCube(rows: ImpressionCubeRow[]): ImpressionFacets {
  return {
    byDate: fold(
      rows,
      (r) => r.date,
      (r) => ({ date: r.date, impressions: 0 }),
    ),
    bySlot: fold(
      rows,
      (r) => `${r.weekday}|${r.daypart}`,
      (r) => ({ weekday: r.weekday, daypart: r.daypart, impressions: 0 }),
    ),
    byCell: fold(
      rows,
      (r) => `${r.bookingId}|${r.creativeId}|${r.channelId}`,
      (r) => ({ bookingId: r.bookingId, creativeId: r.creativeId, channelId: r.channelId, impressions: 0 }),
    ),
  };
}

/**
 * The facets from impression_cell (the rollup without region; refreshed by the caller), three
 * small groupings read in parallel. Only for filters that leave region open.
 */
export async function queryImpressionCellFacets(em: EntityManager, f: DashboardFilter): Promise<ImpressionFacets> {
  if (f.regions.length > 0) throw new Error('impression_cell has no region');
  const scope = impressionScope(f, 'rollup');
  const read = <T>(columns: string) =>
    em.query(
      `SELECT ${columns}, SUM(r.impressions) AS impressions FROM impression_cell r
        WHERE ${scope.sql} GROUP BY ${columns} ORDER BY NULL`,
      scope.params,
    ) as Promise<(T & { impressions: string })[]>;
  const [byDate, bySlot, byCell] = await Promise.all([
    read<{ local_date: string }>('r.local_date'),
    read<{ weekday: number; daypart: number }>('r.weekday, r.daypart'),
    read<{ booking_id: number; creative_id: number; channel_id: number }>('r.booking_id, r.creative_id, r.channel_id'),
  ]);
  return {
    byDate: byDate.map((x) => ({ date: String(x.local_date), impressions: Number(x.impressions) })),
    bySlot: bySlot.map((x) => ({
      weekday: Number(x.weekday),
      daypart: Number(x.daypart),
      impressions: Number(x.impressions),
    })),
    byCell: byCell.map((x) => ({
      bookingId: Number(x.booking_id),
      creativeId: Number(x.creative_id),
      channelId: Number(x.channel_id),
      impressions: Number(x.impressions),
    })),
  };
}
