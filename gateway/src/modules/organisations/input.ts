/** Small readers for untyped request input (both transports pass the same loose objects). */

export type Input = Record<string, unknown>;

/** Trimmed text, or null when missing or blank. */
export const optionalText = (v: unknown): string | null => {
  // Objects and lists are not text: treated as missing, so the required rule answers.
  if (v === null || v === undefined || typeof v === 'object') return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

export const text = (v: unknown): string => optionalText(v) ?? '';

/** A boolean from JSON true/false, 1/0 or 'true'/'false'. */
export const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/** A positive whole number, or null. */
export const positiveId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : Number(optionalText(v) ?? NaN);
  return Number.isInteger(n) && n > 0 && n <= 4294967295 ? n : null;
};

/** A list of positive ids (unknown entries dropped, repeats removed). */
export const idList = (v: unknown): number[] =>
  Array.isArray(v) ? [...new Set(v.map(positiveId).filter((n): n is number => n !== null))] : [];

/** A row's insert id (mysql2 ResultSetHeader). */
export const insertedId = (res: unknown): number => Number((res as { insertId: number }).insertId);
