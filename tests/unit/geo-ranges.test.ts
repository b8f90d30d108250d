import { buildGeoRanges } from '../../gateway/src/geo/ranges';

/**
 * The collector's compact geo table (gateway/src/geo/ranges.ts) reads geoip-lite's data files
 * itself: it must answer exactly what geoip-lite's own lookup answers, turned into "CC-REGION".
 * A geoip-lite update that changes its file layout fails here.
 */
type Lookup = (ip: string) => { country: string; region: string } | null;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const geoip = require('geoip-lite') as { lookup: Lookup };
const reference = (ip: string) => {
  const hit = geoip.lookup(ip);
  return hit ? `${hit.country}-${hit.region}` : '';
};

/** Deterministic addresses (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

describe('compact geo ranges', () => {
  const ranges = buildGeoRanges();

  test('IPv4: the same answer as geoip-lite for 100k addresses', () => {
    const next = prng(15);
    const diffs: string[] = [];
    let found = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = next();
      const ip = `${x >>> 24}.${(x >>> 16) & 255}.${(x >>> 8) & 255}.${x & 255}`;
      const want = reference(ip);
      if (want) found++;
      if (ranges.lookup(ip) !== want) diffs.push(`${ip}: ${want} / ${ranges.lookup(ip)}`);
    }
    expect(diffs.slice(0, 5)).toEqual([]);
    expect(found).toBeGreaterThan(30_000);
  });

  test('IPv6: the same answer as geoip-lite for 100k addresses in allocated blocks', () => {
    const next = prng(16);
    const blocks = ['2001', '2a00', '2a02', '2400', '2600', '2607', '2804', '2c0f', '2403', '2a01'];
    const hex = () => (next() & 0xffff).toString(16);
    const diffs: string[] = [];
    let found = 0;
    for (let i = 0; i < 100_000; i++) {
      const ip = `${blocks[i % blocks.length]}:${hex()}:${hex()}:${hex()}::${hex()}`;
      const want = reference(ip);
      if (want) found++;
      if (ranges.lookup(ip) !== want) diffs.push(`${ip}: ${want} / ${ranges.lookup(ip)}`);
    }
    expect(diffs.slice(0, 5)).toEqual([]);
    expect(found).toBeGreaterThan(5_000);
  });

  test('known, mapped, private and loopback addresses', () => {
    for (const ip of ['203.97.1.1', '::ffff:203.97.1.1', '8.8.8.8', '10.1.2.3', '192.168.0.1', '127.0.0.1', '::1', 'x'])
      expect([ip, ranges.lookup(ip)]).toEqual([ip, reference(ip)]);
    expect(ranges.lookup('203.97.1.1')).toMatch(/^NZ-/);
  });
});
