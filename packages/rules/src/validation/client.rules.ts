import { domain, email, isBlank, maxLength, minLength, required, type Rule, type RuleSet } from './rules';

/** 0 No Charge, 1 Customer, 2 Booking Entity (spec 3). */
export const BILLING_ENTITIES = [0, 1, 2] as const;

/** A two-letter country code, upper case. */
export const countryCode =
  (message = 'Please select a valid country'): Rule =>
  (v) =>
    v === null ||
    v === undefined ||
    (typeof v === 'string' && (isBlank(v) || /^[A-Z]{2}$/.test(v.trim().toUpperCase())))
      ? null
      : message;

/** A JSON number or a numeric string (true, [1] or {} are not numbers even if Number() says so). */
const numeric = (v: unknown): number => (typeof v === 'number' || typeof v === 'string' ? Number(v) : NaN);

/**
 * Client form (spec 5): name at least 4 (1 when associating); primary country required when the
 * user chooses countries (an admin or a multi-country user) and is not associating.
 */
export const clientRules = (opts: { associating?: boolean; choosesCountry?: boolean } = {}): RuleSet => ({
  cust_name: [
    required('Client name'),
    minLength('Client name', opts.associating ? 1 : 4),
    maxLength('Client name', 150),
  ],
  display_name: [maxLength('Display name', 150)],
  domain: [domain(), maxLength('Domain', 255)],
  admin_email: [email(), maxLength('Admin email', 255)],
  country_code: [...(opts.choosesCountry && !opts.associating ? [required('Primary country')] : []), countryCode()],
  taxonomy_id: [
    (v) =>
      v === null || v === undefined || isBlank(v) || (Number.isInteger(numeric(v)) && numeric(v) >= 0)
        ? null
        : 'Please select a valid category',
  ],
  billing_entity: [
    (v) =>
      v === null || v === undefined || isBlank(v) || BILLING_ENTITIES.includes(numeric(v) as 0 | 1 | 2)
        ? null
        : 'Billing entity must be 0 (No Charge), 1 (Customer) or 2 (Booking Entity)',
  ],
});

/** Operational countries always include the primary one (spec 4), primary first, no repeats. */
export function withPrimary(primary: string, list: readonly string[] | null | undefined): string[] {
  const codes = (list ?? []).map((c) => String(c).trim().toUpperCase()).filter((c) => c !== '');
  const p = primary.trim().toUpperCase();
  return p ? [p, ...[...new Set(codes)].filter((c) => c !== p).sort()] : [...new Set(codes)].sort();
}
