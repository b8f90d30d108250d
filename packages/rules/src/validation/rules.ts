/**
 * Validation rules of spec 5, dependency-free so the client imports the very same functions.
 * A rule takes the raw value and answers an error message or null. Entity rule sets live beside
 * this file (`<entity>.rules.ts`) and are run by `validate()`.
 */
export type Rule = (value: unknown) => string | null;

function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  try {
    return String(v);
  } catch {
    // A JSON object whose "toString"/"valueOf" are not functions cannot be converted: never a 500.
    return Object.prototype.toString.call(v);
  }
}
export const isBlank = (v: unknown): boolean => text(v).trim() === '';

export const required =
  (label: string, message = `${label} is required`): Rule =>
  (v) =>
    isBlank(v) ? message : null;

/** Optional values that are empty are valid; otherwise at least n characters after trimming. */
export const minLength =
  (label: string, n: number, message = `${label} must be at least ${n} characters`): Rule =>
  (v) =>
    !isBlank(v) && text(v).trim().length < n ? message : null;

export const maxLength =
  (label: string, n: number, message = `${label} must be at most ${n} characters`): Rule =>
  (v) =>
    text(v).trim().length > n ? message : null;

/** "more than 3 characters after trimming" (booking and campaign names). */
export const moreThan =
  (label: string, n: number, message = `${label} must be more than ${n} characters`): Rule =>
  (v) =>
    text(v).trim().length <= n ? message : null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const email =
  (message = 'Please enter a valid email address'): Rule =>
  (v) =>
    isBlank(v) || EMAIL.test(text(v).trim()) ? null : message;

/** Scheme and path stripped first: `https://shop.example.com/cart` -> `shop.example.com`. */
export const stripDomain = (v: unknown): string =>
  text(v)
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/[/?#].*$/, '')
    .toLowerCase();

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const domain = (): Rule => (v) => {
  if (isBlank(v)) return null;
  const host = stripDomain(v);
  return DOMAIN.test(host)
    ? null
    : `Please enter a valid domain (e.g., ${host && !host.includes('.') ? `${host}.com` : 'example.com'})`;
};

export const nonNegativeNumber =
  (label: string, message = `${label} must be a number 0 or more`): Rule =>
  (v) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(text(v));
    return Number.isFinite(n) && n >= 0 ? null : message;
  };

/** A number no larger than `max` (money columns have a fixed precision); blanks and non-numbers are other rules' job. */
export const atMost =
  (label: string, max: number, message = `${label} must be at most ${max.toLocaleString('en-GB')}`): Rule =>
  (v) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(text(v));
    return Number.isFinite(n) && n > max ? message : null;
  };

/** yyyy-MM-dd that is a real calendar date. */
export const isoDate = (v: unknown): boolean => {
  const s = text(v);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export const dateRule =
  (label: string): Rule =>
  (v) =>
    isBlank(v) ? `${label} is required` : isoDate(v) ? null : `${label} must be a date (yyyy-MM-dd)`;

/** A rule set: field name (as in the API) -> rules, first failure wins. */
export type RuleSet = Record<string, Rule[]>;

/** Runs a rule set; answers field -> message for every failing field (empty when valid). */
export function validate(rules: RuleSet, input: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, fieldRules] of Object.entries(rules)) {
    for (const rule of fieldRules) {
      const message = rule(input[field]);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}

/** Trims every string value (spec 5: saving trims; whitespace-only counts as empty). */
export function trimStrings<T extends Record<string, unknown>>(input: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) out[k] = typeof v === 'string' ? v.trim() : v;
  return out as T;
}
