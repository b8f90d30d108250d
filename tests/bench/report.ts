/**
 * What every bench prints (docs/benchmarks.md): one JSON line per measure, named by its bench, and the
 * latency quantiles those lines carry.
 */

/** A printer of JSON lines tagged `{ bench: name }`. */
export const printer =
  (bench: string) =>
  (o: Record<string, unknown>): void =>
    console.log(JSON.stringify({ bench, ...o }));

/** The q-quantile of the samples (nearest rank: the smallest sample with at least q of them at or below it). */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
}

/** p50 and p95 of millisecond samples, rounded, with how many there were. */
export const latencyStats = (xs: readonly number[]) => ({
  p50_ms: Math.round(quantile(xs, 0.5)),
  p95_ms: Math.round(quantile(xs, 0.95)),
  runs: xs.length,
});
