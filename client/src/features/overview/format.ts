import { format, isValid, parseISO } from 'date-fns';

const counts = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const dollars2 = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Formats of spec 9: counts whole with separators, dollars with 2 decimals, dates 'DD Mon YYYY', '-'/'N/A' when missing. */
export const formatCount = (n: number | null | undefined) =>
  n == null || !Number.isFinite(n) ? '-' : counts.format(n);
export const formatDollars = (n: number | null | undefined) =>
  n == null || !Number.isFinite(n) ? '-' : `$${dollars2.format(n)}`;
export const formatWholeDollars = (n: number | null | undefined) =>
  n == null || !Number.isFinite(n) ? '-' : `$${counts.format(Math.round(n))}`;

export function formatDay(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = parseISO(value);
  return isValid(d) ? format(d, 'dd MMM yyyy') : 'N/A';
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = parseISO(value);
  return isValid(d) ? format(d, 'dd MMM yyyy HH:mm') : 'N/A';
}
