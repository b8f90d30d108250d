import { zoneOffsetMs } from '../../shared/time';
import type { ReportFrequency } from './report.entity';

/** A report's period (both days included) and the one before it, to compare with. */
export interface ReportPeriod {
  start: string;
  end: string;
  previousStart: string;
  previousEnd: string;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The latest run of a schedule at or before `now` (its local day and hour in its zone), as the local day it
 * falls on, with the period it reports: weekly, the seven days before that day; monthly, the calendar month
 * before. A run missed while nothing ran is this same latest run: caught up once, never once per missed run.
 */
export function latestRun(
  s: { frequency: ReportFrequency; day: number; hour: number; timeZone: string },
  now: Date,
): { runDay: string; period: ReportPeriod } {
  const local = new Date(now.getTime() + zoneOffsetMs(now.getTime(), s.timeZone));
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const hour = local.getUTCHours();
  if (s.frequency === 'weekly') {
    const weekday = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
    let run = today - ((weekday - s.day + 7) % 7) * DAY;
    if (run === today && hour < s.hour) run -= 7 * DAY;
    return {
      runDay: iso(run),
      period: {
        start: iso(run - 7 * DAY),
        end: iso(run - DAY),
        previousStart: iso(run - 14 * DAY),
        previousEnd: iso(run - 8 * DAY),
      },
    };
  }
  let y = local.getUTCFullYear();
  let m = local.getUTCMonth();
  if (local.getUTCDate() < s.day || (local.getUTCDate() === s.day && hour < s.hour)) m -= 1;
  const run = Date.UTC(y, m, s.day);
  const monthStart = (k: number) => Date.UTC(y, k, 1);
  y = new Date(run).getUTCFullYear();
  m = new Date(run).getUTCMonth();
  return {
    runDay: iso(run),
    period: {
      start: iso(monthStart(m - 1)),
      end: iso(monthStart(m) - DAY),
      previousStart: iso(monthStart(m - 2)),
      previousEnd: iso(monthStart(m - 1) - DAY),
    },
  };
}

/** The instant a run day's hour is, in the schedule's zone. */
export function runInstant(runDay: string, hour: number, timeZone: string): Date {
  const guess = utcDay(runDay) + hour * 3_600_000;
  return new Date(guess - zoneOffsetMs(guess, timeZone));
}
