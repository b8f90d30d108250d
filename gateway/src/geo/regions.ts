/**
 * Regions of docs/design.md#identity-time-and-geography: ISO 3166-2 subdivision codes without the country prefix, display names and
 * centroids (approximate population-weighted centres, for the response map). 'UNK' has no centroid.
 */
export interface Region {
  code: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  /** Share of the country's population (2023 census, rounded), used by the traffic simulator. */
  population: number;
}

export const UNKNOWN_REGION = 'UNK';

export const NZ_REGIONS: Region[] = [
  { code: 'AUK', name: 'Auckland', latitude: -36.8485, longitude: 174.7633, population: 1_656_000 },
  { code: 'BOP', name: 'Bay of Plenty', latitude: -37.9, longitude: 176.4, population: 345_000 },
  { code: 'CAN', name: 'Canterbury', latitude: -43.53, longitude: 172.3, population: 655_000 },
  { code: 'GIS', name: 'Gisborne', latitude: -38.4, longitude: 177.8, population: 51_000 },
  { code: 'HKB', name: "Hawke's Bay", latitude: -39.5, longitude: 176.7, population: 178_000 },
  { code: 'MWT', name: 'Manawatu-Whanganui', latitude: -39.9, longitude: 175.5, population: 252_000 },
  { code: 'MBH', name: 'Marlborough', latitude: -41.6, longitude: 173.7, population: 51_000 },
  { code: 'NSN', name: 'Nelson', latitude: -41.27, longitude: 173.28, population: 55_000 },
  { code: 'NTL', name: 'Northland', latitude: -35.6, longitude: 174.0, population: 198_000 },
  { code: 'OTA', name: 'Otago', latitude: -45.3, longitude: 169.9, population: 246_000 },
  { code: 'STL', name: 'Southland', latitude: -46.0, longitude: 168.2, population: 103_000 },
  { code: 'TKI', name: 'Taranaki', latitude: -39.3, longitude: 174.2, population: 127_000 },
  { code: 'TAS', name: 'Tasman', latitude: -41.4, longitude: 172.7, population: 59_000 },
  { code: 'WKO', name: 'Waikato', latitude: -37.8, longitude: 175.3, population: 513_000 },
  { code: 'WGN', name: 'Wellington', latitude: -41.2865, longitude: 174.7762, population: 550_000 },
  { code: 'WTC', name: 'West Coast', latitude: -42.45, longitude: 171.2, population: 32_000 },
];

export const UNKNOWN: Region = {
  code: UNKNOWN_REGION,
  name: 'Unknown',
  latitude: null,
  longitude: null,
  population: 0,
};

/** Regions by country code; countries without a list map every hit to Unknown. */
export const REGIONS_BY_COUNTRY: Record<string, Region[]> = { NZ: NZ_REGIONS };

const byCode = new Map<string, Region>([...NZ_REGIONS, UNKNOWN].map((r) => [r.code, r]));

/** The region of a code (any country), or undefined. */
export const regionOf = (code: string): Region | undefined => byCode.get(code);

/** The country's map centre and zoom for the response map (docs/design.md#visits-and-attribution: NZ -40.9006, 174.886, 5). */
export const COUNTRY_CENTRE: Record<string, { lat: number; long: number; zoom: number }> = {
  NZ: { lat: -40.9006, long: 174.886, zoom: 5 },
};

/** True when `code` is a region of the country, or 'UNK'. */
export function isRegionOf(country: string, code: string): boolean {
  return code === UNKNOWN_REGION || (REGIONS_BY_COUNTRY[country] ?? []).some((r) => r.code === code);
}
