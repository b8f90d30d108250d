/** mulberry32: a small seeded PRNG, so a simulation with the same seed makes the same traffic. */
export type Rand = () => number;

export function prng(seed: number): Rand {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Index drawn with the given weights. */
export function weighted(rand: Rand, cumulative: number[]): number {
  const x = rand() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export const cumulate = (weights: number[]): number[] => {
  let sum = 0;
  return weights.map((w) => (sum += w));
};

/** Exponentially distributed with the given mean. */
export const exponential = (rand: Rand, mean: number) => -Math.log(1 - rand()) * mean;
