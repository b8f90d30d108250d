import { isRegionOf, UNKNOWN_REGION } from './regions';
import { buildGeoRanges, type GeoRanges } from './ranges';

/**
 * IP -> region code of the customer's country with geoip-lite's offline database (docs/design.md#identity-time-and-geography), kept
 * as compact sorted ranges (./ranges.ts) rather than geoip-lite's ~150 MB of resident Buffers. Built
 * on first use (about a second), so a process that never looks up regions never pays for it.
 */
let ranges: GeoRanges | null = null;

/** Builds the lookup table now (the collector calls it at start, so no pixel waits for it). */
export function loadGeo(): GeoRanges {
  return (ranges ??= buildGeoRanges());
}

/** "CC-REGION" of an IP ("" when unknown): what the collector passes on instead of the raw IP. */
export function geoOfIp(ip: string | undefined): string {
  if (!ip) return '';
  return loadGeo().lookup(ip);
}

/** The region code of a collector geo ("CC-REGION") for a customer of `country`. */
export function regionOfGeo(geo: string | undefined, country: string): string {
  if (!geo) return UNKNOWN_REGION;
  const dash = geo.indexOf('-');
  const region = geo.slice(dash + 1);
  if (geo.slice(0, dash) !== country || !region) return UNKNOWN_REGION;
  return isRegionOf(country, region) ? region : UNKNOWN_REGION;
}
