import { COUNTRY_CENTRE, regionOf } from '../../../geo/regions';
import type { DashboardData } from '../dashboard-data';
import { byNumberDesc, ratio } from '../metrics';

export interface ResponsesByRegionRow {
  Region: string;
  Responses: number;
  Percentage: number;
  Latitude: number | null;
  Longitude: number | null;
}

const DEFAULT_CENTRE = COUNTRY_CENTRE.NZ;

/** DESIGN 4: responses by the activating touch's region; centroid per region; the country's centre. */
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
