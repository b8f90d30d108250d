/** Pure maths of docs/design.md#visits-and-attribution, shared by every dashboard call. */

/** A ratio whose denominator is 0 is 0 (docs/design.md#visits-and-attribution). */
export const ratio = (numerator: number, denominator: number): number =>
  denominator === 0 ? 0 : numerator / denominator;

/** Pearson r of two series; 0 when either has no variance (a one-day range too). */
export function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return 0;
  const r = sxy / Math.sqrt(sxx * syy);
  return Number.isFinite(r) ? Math.max(-1, Math.min(1, r)) : 0;
}

/**
 * docs/design.md#visits-and-attribution: the smallest k with 5 x (responses with views <= k) >= 4 x (all responses), in
 * integers; 0 without responses. `countsByViews` maps views -> responses with that many views.
 */
export function viewsFor80Percent(countsByViews: ReadonlyMap<number, number>): number {
  const total = [...countsByViews.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  let running = 0;
  for (const k of [...countsByViews.keys()].sort((a, b) => a - b)) {
    running += countsByViews.get(k) ?? 0;
    if (5 * running >= 4 * total) return k;
  }
  return 0;
}

/** Mean views per response; 0 without responses. */
export function meanViews(countsByViews: ReadonlyMap<number, number>): number {
  let responses = 0;
  let views = 0;
  for (const [k, n] of countsByViews) {
    responses += n;
    views += k * n;
  }
  return ratio(views, responses);
}

/** Sorts rows by a number, highest first, then by a name (stable, deterministic answers). */
export function byNumberDesc<T>(num: (row: T) => number, name: (row: T) => string) {
  return (a: T, b: T): number => num(b) - num(a) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
}
