import { DomainError } from '../../../shared/errors';
import { isoDate } from '@infinitum/rules';
import { dayNumber } from '../../../summaries/days';

/** Day arithmetic lives with the summaries' marks (the floor the ETL imports); the dashboard reads it here. */
export { datesOf, dayFromNumber, dayNumber } from '../../../summaries/days';

/** Longest dashboard range (inclusive days): keeps one request bounded. */
export const MAX_RANGE_DAYS = 400;

/**
 * A validated local-date range: both yyyy-MM-dd calendar dates, end not before start, at most
 * MAX_RANGE_DAYS long. A 400 names the offending field (the API's own field names).
 */
export function assertDateRange(start: unknown, end: unknown, names: { start: string; end: string }) {
  const fields: Record<string, string> = {};
  if (typeof start !== 'string' || !isoDate(start)) fields[names.start] = `${names.start} must be a date (yyyy-MM-dd)`;
  if (typeof end !== 'string' || !isoDate(end)) fields[names.end] = `${names.end} must be a date (yyyy-MM-dd)`;
  if (Object.keys(fields).length === 0) {
    const days = dayNumber(end as string) - dayNumber(start as string) + 1;
    if (days < 1) fields[names.end] = `${names.end} must not be before ${names.start}`;
    else if (days > MAX_RANGE_DAYS) fields[names.end] = `The date range must be at most ${MAX_RANGE_DAYS} days`;
  }
  const failed = Object.keys(fields);
  if (failed.length > 0) throw new DomainError('VALIDATION', fields[failed[0]], fields);
  return { start: start as string, end: end as string };
}
