/** Creative Performance Details paging (spec 2/4): 6 rows a page, index from 0. */
export const DETAILS_PAGE_SIZE = 6;

/** 'x–y of n' (an en dash), or '0-0 of 0' (a hyphen) when there are no rows, as spec 2 writes them. */
export function rangeLabel(page: number, total: number, size = DETAILS_PAGE_SIZE): string {
  if (total === 0) return '0-0 of 0';
  const from = page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return `${from}–${to} of ${total}`;
}

export const pageCount = (total: number, size = DETAILS_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** The rows of one page, padded with nulls to a full page so the table keeps its height. */
export function pageRows<T>(rows: readonly T[], page: number, size = DETAILS_PAGE_SIZE): (T | null)[] {
  const slice: (T | null)[] = rows.slice(page * size, (page + 1) * size);
  while (slice.length < size) slice.push(null);
  return slice;
}

/** Highest response rate first (spec 2). */
export const byResponseRate = <T extends { Response_Rate_Percent: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => b.Response_Rate_Percent - a.Response_Rate_Percent);

/** A number in its format, 'N/A' when it is not a number (spec 2). */
export const orNA = (n: unknown, format: (n: number) => string) =>
  typeof n === 'number' && Number.isFinite(n) ? format(n) : 'N/A';
