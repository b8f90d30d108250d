import type { EntityManager } from 'typeorm';
import type { SummaryKind } from '../../../summaries/marks';
import { datesOf, dayFromNumber, dayNumber } from '../../../summaries/days';

/** A day to rebuild and the mark version it is rebuilt from (0: never marked). */
export interface StaleDay {
  date: string;
  version: string;
}

/**
 * One source of a summary's days: the writers' marks of `kind`. A summary day d built from source
 * days d - `around` .. d + `around` (say, impressions with the visits within 8 days of them) is
 * stale when any of those days' marks moved.
 */
export interface SummarySource {
  kind: SummaryKind;
  around?: number;
}

/**
 * The days of [start, end] whose summary must be rebuilt before a read (docs/architecture.md#summaries): days never built,
 * and days the writers marked (summary_stale_day) after the version they were last built from
 * (summary_built_day). Two reads of a few rows each; the marks are read before the rebuild reads its
 * source, so a write committed meanwhile leaves its day newer than what is recorded as built. A
 * summary built from another's source reads that kind's marks (`source`) against its own built days.
 * With several sources (or days around), a day's version is the sum of the versions of every mark it
 * is built from: each mark only grows, so the sum grows whenever one of them does.
 */
export async function staleSummaryDays(
  em: EntityManager,
  customerId: number,
  summary: SummaryKind,
  start: string,
  end: string,
  source: SummaryKind | readonly SummarySource[] = summary,
): Promise<StaleDay[]> {
  const sources = typeof source === 'number' ? [{ kind: source }] : source;
  const read = (table: string, kind: SummaryKind, around = 0) =>
    em.query(
      `SELECT local_date, version FROM ${table} WHERE customer_id = ? AND summary = ? AND local_date BETWEEN ? AND ?`,
      [customerId, kind, dayFromNumber(dayNumber(start) - around), dayFromNumber(dayNumber(end) + around)],
    ) as Promise<{ local_date: string; version: string | number }[]>;
  const [built, ...marks] = await Promise.all([
    read('summary_built_day', summary),
    ...sources.map((s) => read('summary_stale_day', s.kind, s.around)),
  ]);
  const done = new Map(built.map((r) => [String(r.local_date), BigInt(r.version)]));
  const marked = marks.map((rows) => new Map(rows.map((r) => [dayNumber(String(r.local_date)), BigInt(r.version)])));
  const stale: StaleDay[] = [];
  for (const date of datesOf(start, end)) {
    const day = dayNumber(date);
    let mark = 0n;
    sources.forEach((s, i) => {
      for (let d = day - (s.around ?? 0); d <= day + (s.around ?? 0); d++) mark += marked[i].get(d) ?? 0n;
    });
    const at = done.get(date);
    if (at === undefined || at < mark) stale.push({ date, version: String(mark) });
  }
  return stale;
}

/** Inside the rebuild's transaction: the days are now built from these versions. */
export async function recordBuilt(
  tx: EntityManager,
  customerId: number,
  summary: SummaryKind,
  days: readonly StaleDay[],
): Promise<void> {
  if (days.length === 0) return;
  await tx.query(
    `INSERT INTO summary_built_day (customer_id, summary, local_date, version)
     VALUES ${days.map(() => '(?, ?, ?, ?)').join(', ')}
     ON DUPLICATE KEY UPDATE version = VALUES(version)`,
    days.flatMap((d) => [customerId, summary, d.date, d.version]),
  );
}
