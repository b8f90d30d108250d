import { z } from 'zod';
import { COUNTRY_CENTRE, regionOf } from '../../../geo/regions';
import type { DashboardData } from '../dashboard-data';
import { byNumberDesc, ratio } from '../metrics';
import { dashboardCall } from './call';

export const ResponsesByRegionRow = z
  .object({
    Region: z.string(),
    Responses: z.number(),
    Percentage: z.number(),
    Latitude: z.number().nullable(),
    Longitude: z.number().nullable(),
  })
  .meta({ id: 'ResponsesByRegionRow' });
export type ResponsesByRegionRow = z.infer<typeof ResponsesByRegionRow>;
const RegionMapSummary = z
  .object({ centre_lat: z.number(), centre_long: z.number(), zoom: z.number() })
  .meta({ id: 'RegionMapSummary' });

const DEFAULT_CENTRE = COUNTRY_CENTRE.NZ;

/** docs/design.md#visits-and-attribution: responses by the activating touch's region; centroid per region; the country's centre. */
export async function responsesByRegion(data: DashboardData) {
  const [responses, names] = await Promise.all([data.responses(), data.names()]);
  const counts = new Map<string, number>();
  for (const r of responses.byRegion) counts.set(r.region, (counts.get(r.region) ?? 0) + r.responses);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const table_data: ResponsesByRegionRow[] = [...counts.entries()]
    .map(([code, n]) => {
      const region = regionOf(code);
      return {
        Region: region?.name ?? code,
        Responses: n,
        Percentage: ratio(n, total),
        Latitude: region?.latitude ?? null,
        Longitude: region?.longitude ?? null,
      };
    })
    .sort(
      byNumberDesc(
        (r) => r.Responses,
        (r) => r.Region,
      ),
    );
  const centre = COUNTRY_CENTRE[names.country] ?? DEFAULT_CENTRE;
  return { table_data, summary_data: { centre_lat: centre.lat, centre_long: centre.long, zoom: centre.zoom } };
}

export const responsesByRegionCall = dashboardCall({
  name: 'responses_by_region',
  description: "Responses by the region of the impression that led to them, with each region's centre and the map's.",
  table_data: z.array(ResponsesByRegionRow),
  summary_data: RegionMapSummary,
  compute: responsesByRegion,
});
