import { format, isValid, parseISO } from 'date-fns';

/** Every display format of spec 9 in one place (en-GB; '-' for a missing number, 'N/A' for a missing date). */

const missing = (n: number | null | undefined): n is null | undefined => n == null || !Number.isFinite(n);

/**
 * Each formatter is built on its first use, not when the module loads: building an Intl.NumberFormat costs a
 * phone tens of milliseconds, and the first screen rarely needs all three (issue 18).
 */
function lazyFormat(options: Intl.NumberFormatOptions) {
  let made: Intl.NumberFormat | undefined;
  return { format: (n: number) => (made ??= new Intl.NumberFormat('en-GB', options)).format(n) };
}
const counts = lazyFormat({ maximumFractionDigits: 0 });
const dollars2 = lazyFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
const one = lazyFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Whole counts with thousands separators: 12,345. */
export const formatCount = (n: number | null | undefined) => (missing(n) ? '-' : counts.format(n));

/** One decimal: 1.5. */
export const formatDecimal1 = (n: number | null | undefined) => (missing(n) ? '-' : one.format(n));

/** Compact from 1,000: 999, 1.2K, 3.4M. */
export function formatCompact(n: number | null | undefined): string {
  if (missing(n)) return '-';
  const abs = Math.abs(n);
  if (abs >= 1e6) return `${one.format(n / 1e6)}M`;
  if (abs >= 1e3) return `${one.format(n / 1e3)}K`;
  return counts.format(n);
}

/** Money, compact above 1e3 / 1e6: $123.45, $1.2K, $3.4M. */
export function formatMoney(n: number | null | undefined): string {
  if (missing(n)) return '-';
  const abs = Math.abs(n);
  if (abs >= 1e6) return `$${one.format(n / 1e6)}M`;
  if (abs >= 1e3) return `$${one.format(n / 1e3)}K`;
  return `$${dollars2.format(n)}`;
}

/** Dollars with 2 decimals: $1,234.56. */
export const formatDollars = (n: number | null | undefined) => (missing(n) ? '-' : `$${dollars2.format(n)}`);

/** Whole dollars: $1,235. */
export const formatWholeDollars = (n: number | null | undefined) =>
  missing(n) ? '-' : `$${counts.format(Math.round(n))}`;

/** A fraction shown as a percentage with one decimal: 0.1234 -> 12.3%. */
export const formatPercent = (fraction: number | null | undefined) =>
  missing(fraction) ? '-' : `${one.format(fraction * 100)}%`;

/** A date as 'DD Mon YYYY' (spec 9); 'N/A' when empty or invalid. */
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

/** Labels over `max` characters are cut to max - 3 plus an ellipsis (spec 9: 20 -> 17 + '...'). */
export const truncateLabel = (label: string, max = 20) =>
  label.length > max ? `${label.slice(0, max - 3)}...` : label;

/** Memory sizes in B, KB, MB (spec 9). */
export function formatBytes(n: number | null | undefined): string {
  if (missing(n)) return '-';
  if (n < 1024) return `${counts.format(n)} B`;
  if (n < 1024 * 1024) return `${one.format(n / 1024)} KB`;
  return `${one.format(n / (1024 * 1024))} MB`;
}
