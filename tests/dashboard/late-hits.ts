import type { RefHit, RefImpression } from '../reference/types';

const HOUR = 3600 * 1000;
/**
 * Delays that tell the attribution windows apart (docs/design.md#attribution-settings): on and beside the same-day
 * cuts of the settings the suites use (6 h, 48 h), the week's edge (Week_1 ends, Beyond_Week starts at 7 x 24 h) and
 * the 30-day window's edge (a touch is strictly within W), and days in between.
 */
const DELAYS = [
  6 * HOUR,
  6 * HOUR + 1,
  48 * HOUR,
  48 * HOUR + 1,
  168 * HOUR - 1,
  168 * HOUR,
  168 * HOUR + 1,
  9 * 24 * HOUR,
  14 * 24 * HOUR + 5 * HOUR,
  20 * 24 * HOUR,
  720 * HOUR - 1,
  720 * HOUR,
];

/** Site hits of the impressions' households long after them (the generator's come within a week). */
export function lateHits(
  customer: { id: number; siteTags: { id: number }[] },
  impressions: RefImpression[],
  prefix: string,
  every = 6,
): RefHit[] {
  const hits: RefHit[] = [];
  impressions.forEach((imp, n) => {
    if (n % every !== 0) return;
    const k = n / every;
    hits.push({
      id: `${prefix}-late-${String(k).padStart(6, '0')}`,
      customerId: customer.id,
      household: imp.household,
      ts: imp.ts + DELAYS[k % DELAYS.length],
      siteTagId: customer.siteTags[k % customer.siteTags.length].id,
      region: imp.region,
    });
  });
  return hits;
}
