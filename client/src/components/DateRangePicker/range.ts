import {
  endOfDay,
  endOfMonth,
  endOfWeek,
  endOfYear,
  format,
  isValid,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
  subDays,
  subMonths,
  subWeeks,
  subYears,
} from 'date-fns';

export interface DateRange {
  start: Date;
  end: Date;
}

/** Weeks start on Monday everywhere in the product (spec 2). */
export const WEEK = { weekStartsOn: 1 } as const;

export interface Preset {
  label: string;
  range(now: Date): DateRange;
}

const span = (start: Date, end: Date): DateRange => ({ start: startOfDay(start), end: endOfDay(end) });

/** Quick-select list of spec 2, in its order. */
export const PRESETS: Preset[] = [
  { label: 'Today', range: (now) => span(now, now) },
  { label: 'Yesterday', range: (now) => span(subDays(now, 1), subDays(now, 1)) },
  { label: 'This Week', range: (now) => span(startOfWeek(now, WEEK), endOfWeek(now, WEEK)) },
  {
    label: 'Last Week',
    range: (now) => span(startOfWeek(subWeeks(now, 1), WEEK), endOfWeek(subWeeks(now, 1), WEEK)),
  },
  { label: 'Last 7 Days', range: (now) => span(subDays(now, 6), now) },
  { label: 'Last 30 Days', range: (now) => span(subDays(now, 29), now) },
  { label: 'Last 90 Days', range: (now) => span(subDays(now, 89), now) },
  { label: 'This Month', range: (now) => span(startOfMonth(now), endOfMonth(now)) },
  { label: 'Last Month', range: (now) => span(startOfMonth(subMonths(now, 1)), endOfMonth(subMonths(now, 1))) },
  { label: 'This Year', range: (now) => span(startOfYear(now), endOfYear(now)) },
  { label: 'This YTD', range: (now) => span(startOfYear(now), now) },
  { label: 'Last Year', range: (now) => span(startOfYear(subYears(now, 1)), endOfYear(subYears(now, 1))) },
  { label: 'Last 1 Year', range: (now) => span(subYears(now, 1), now) },
];

/** Default range everywhere: the last 30 days up to and including today (spec 9). */
export const defaultRange = (now: Date = new Date()): DateRange => span(subDays(now, 29), now);

export const isValidRange = (r: { start?: Date; end?: Date }): boolean =>
  !!r.start && !!r.end && isValid(r.start) && isValid(r.end) && r.start.getTime() <= r.end.getTime();

/**
 * 'd MMM yy' for one day, 'd-d MMM yy' in one month, 'd MMM-d MMM yy' in one year, else the full form;
 * 'Invalid range' otherwise.
 */
export function summarise(r: { start?: Date; end?: Date }): string {
  if (!isValidRange(r)) return 'Invalid range';
  const { start, end } = r as DateRange;
  if (format(start, 'yyyy-MM-dd') === format(end, 'yyyy-MM-dd')) return format(start, 'd MMM yy');
  if (start.getFullYear() !== end.getFullYear()) return `${format(start, 'd MMM yy')}-${format(end, 'd MMM yy')}`;
  if (start.getMonth() !== end.getMonth()) return `${format(start, 'd MMM')}-${format(end, 'd MMM yy')}`;
  return `${format(start, 'd')}-${format(end, 'd MMM yy')}`;
}

/** The label of the preset this range equals, if any (so the list can highlight it). */
export function matchingPreset(r: DateRange, now: Date): string | undefined {
  return PRESETS.find((p) => {
    const candidate = p.range(now);
    return candidate.start.getTime() === r.start.getTime() && candidate.end.getTime() === r.end.getTime();
  })?.label;
}

export const INPUT_FORMAT = 'dd/MM/yyyy';
export const DATE_INPUT_ERROR = { code: 1, message: 'Date input not valid.' } as const;

/** A typed date in dd/MM/yyyy; null when it is not a real date. */
export function parseTypedDate(text: string): Date | null {
  // A small exact parser: date-fns' general `parse` would add ~6 KB to every page with the picker.
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(year, month - 1, day);
  // 31/02 rolls over into March: not a real date.
  return d.getDate() === day && d.getMonth() === month - 1 && year >= 1900 ? d : null;
}

/** yyyy-MM-dd at local midnight, the form the API takes (spec 9). */
export const apiDate = (d: Date): string => format(d, 'yyyy-MM-dd');
