import { badRequest } from './errors';

/**
 * The one input kit: readers for the loose request input both transports pass to the services (a JSON
 * body on REST, an input object on GraphQL). Every service reads its fields through these, so the same
 * value answers the same way whichever service or transport receives it.
 */
export type Input = Record<string, unknown>;

/** A GraphQL input object (or nothing) as the plain record the services take; absent fields stay absent. */
export const plain = (input: object | null | undefined): Input => ({ ...(input ?? {}) });

/** C0 control characters and DEL: never part of a name, a description or an address. */
const CONTROL = /[\u0000-\u001f\u007f]/;

export const NOT_TEXT = (field: string) => `${field} must be text.`;
export const CONTROL_CHARACTER = (field: string) => `${field} must not contain control characters.`;

/**
 * Trimmed text of a field, or null when it is absent, null or blank. Anything but a string (an object, a
 * list, a number, a boolean) and any control character is refused with a 400 naming the field, so a
 * wrong type is never stored as "[object Object]" or "true".
 */
export function optionalText(input: Input, field: string): string | null {
  const v = input[field];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw badRequest(NOT_TEXT(field), { [field]: NOT_TEXT(field) });
  const s = v.trim();
  if (CONTROL.test(s)) throw badRequest(CONTROL_CHARACTER(field), { [field]: CONTROL_CHARACTER(field) });
  return s === '' ? null : s;
}

/** Trimmed text of a field ('' when absent or blank), refused like `optionalText`. */
export const text = (input: Input, field: string): string => optionalText(input, field) ?? '';

/** A field that takes a number or a name (entity_type 3 or "broadcaster"): its text or null; other types are refused. */
export const optionalCode = (input: Input, field: string): string | null =>
  typeof input[field] === 'number' ? String(input[field]) : optionalText(input, field);

/** A boolean from JSON true/false, 1/0 or 'true'/'false'. */
export const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

/**
 * A number field after validation: a JSON number or a numeric string; null when absent, blank or not a
 * number or string at all (the rules answer for those: a list or an object counts as blank there too).
 */
export const optionalNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  return typeof v === 'string' && v.trim() !== '' ? Number(v) : null;
};

/** A required number field after validation (NaN when missing). */
export const numberOf = (v: unknown): number => optionalNumber(v) ?? NaN;

/** A positive whole number (a chosen id), or null: empty, 0 and anything else mean none. */
export const positiveId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 4294967295 ? n : null;
};

/** A list of positive ids (unknown entries dropped, repeats removed). */
export const idList = (v: unknown): number[] =>
  Array.isArray(v) ? [...new Set(v.map(positiveId).filter((n): n is number => n !== null))] : [];

/** A row's insert id (mysql2 ResultSetHeader). */
export const insertedId = (res: unknown): number => Number((res as { insertId: number }).insertId);
