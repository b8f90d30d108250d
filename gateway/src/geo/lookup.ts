import { isRegionOf, UNKNOWN_REGION } from './regions';

/**
 * IP -> region code of the customer's country with geoip-lite's offline database (DESIGN 2).
 * The database is loaded on first use (it costs ~100 MB and a second), so a collector that never
 * looks up regions never pays for it.
 */
type Lookup = (ip: string) => { country: string; region: string } | null;
let lookup: Lookup | null = null;

function geoip(): Lookup {
  if (!lookup) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const g = require('geoip-lite') as { lookup: Lookup };
    lookup = (ip) => g.lookup(ip);
  }
  return lookup;
}

/** "CC-REGION" of an IP ("" when unknown): what the collector passes on instead of the raw IP. */
export function geoOfIp(ip: string | undefined): string {
  if (!ip) return '';
  const hit = geoip()(ip);
  return hit ? `${hit.country}-${hit.region}` : '';
}

/** The region code of a collector geo ("CC-REGION") for a customer of `country`. */
export function regionOfGeo(geo: string | undefined, country: string): string {
  if (!geo) return UNKNOWN_REGION;
  const dash = geo.indexOf('-');
  const region = geo.slice(dash + 1);
  if (geo.slice(0, dash) !== country || !region) return UNKNOWN_REGION;
  return isRegionOf(country, region) ? region : UNKNOWN_REGION;
}
