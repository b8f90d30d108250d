import { format, isValid, parseISO } from 'date-fns';

/** Every display format of spec 9 in one place (en-GB; '-' for a missing number, 'N/A' for a missing date). */

const missing = (n: number | null | undefined): n is null | undefined => n == null || !Number.isFinite(n);

/**
 * `n` with `digits` decimals, exactly as `Intl.NumberFormat('en-GB', { minimumFractionDigits: digits,
 * maximumFractionDigits: digits })` writes it, without Intl: the first Intl formatter a page builds loads ICU's
 * number data, ~36 ms of a phone's main thread at the host's speed (x4 in Lighthouse), and the dashboard's first
 * tile paid it. Like ICU, it rounds the shortest decimal that reads back as `n` (String(n)), half away
 * from zero, so 1.005 gives 1.01 where toFixed gives 1.00; a negative number keeps its sign when it rounds to 0
 * (-0.04 gives -0.0, as Intl's). format.test.ts compares it with Intl on many numbers.
 */
function fixed(n: number, digits: number): string {
  const [mantissa, exponent = '0'] = String(Math.abs(n)).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  // |n|'s decimal digits, and how many of them come before the point.
  let ds = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point < 1) [ds, point] = ['0'.repeat(1 - point) + ds, 1];
  ds = ds.padEnd(point + digits + 1, '0');
  let kept = ds.slice(0, point + digits);
  if (ds[point + digits] >= '5') {
    // Add one at the last kept digit: the trailing 9s become 0s and the digit before them grows (999 -> 1000).
    const nines = kept.length - kept.replace(/9+$/, '').length;
    const head = kept.slice(0, kept.length - nines);
    kept = `${head ? head.slice(0, -1) + (Number(head.slice(-1)) + 1) : '1'}${'0'.repeat(nines)}`;
    if (!head) point++;
  }
  const grouped = kept
    .slice(0, point)
    .replace(/^0+(?=\d)/, '')
    .replace(/\B(?=(\d{3})+$)/g, ',');
  const decimals = digits ? `.${kept.slice(point)}` : '';
  return `${n < 0 || Object.is(n, -0) ? '-' : ''}${grouped}${decimals}`;
}
const counts = { format: (n: number) => fixed(n, 0) };
const dollars2 = { format: (n: number) => fixed(n, 2) };
const one = { format: (n: number) => fixed(n, 1) };

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
