/**
 * Days whose checksum changed between the source table (now) and what a summary table was last built
 * from (before): a day that appears, disappears or differs in any sum is stale. Sums arrive from the
 * driver as numbers, strings or DECIMAL strings; they are compared as integers.
 */
export type DayChecksum = Record<string, unknown>;

export interface StaleDays<R> {
  stale: string[];
  /** The normalised current checksum of each day present in the source. */
  now: Map<string, R>;
}

export function staleDays<F extends string>(
  current: DayChecksum[],
  stored: DayChecksum[],
  dateField: string,
  sumFields: readonly F[],
): StaleDays<Record<F, string> & { date: string }> {
  type Row = Record<F, string> & { date: string };
  const norm = (r: DayChecksum): Row => {
    const row = { date: String(r[dateField]) } as Row;
    for (const f of sumFields) (row as Record<string, string>)[f] = String(BigInt(String(r[f] ?? 0)));
    return row;
  };
  const key = (r: Row) => sumFields.map((f) => r[f]).join('|');
  const now = new Map(current.map((r) => [String(r[dateField]), norm(r)]));
  const before = new Map(stored.map((r) => [String(r[dateField]), norm(r)]));
  const stale = [...new Set([...now.keys(), ...before.keys()])].filter((d) => {
    const a = now.get(d);
    const b = before.get(d);
    return !a || !b || key(a) !== key(b);
  });
  return { stale, now };
}
