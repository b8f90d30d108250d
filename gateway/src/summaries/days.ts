/**
 * Local dates as day numbers (days since 1970-01-01): the unit the summaries' marks and built days are
 * kept in. Plain calendar arithmetic, no time zone: a local date is a day, whatever its zone.
 */
const DAY_MS = 86_400_000;

export const dayNumber = (isoDay: string): number => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;
export const dayFromNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Every local date of [start, end] in order. */
export function datesOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = dayNumber(start); d <= dayNumber(end); d++) out.push(dayFromNumber(d));
  return out;
}
