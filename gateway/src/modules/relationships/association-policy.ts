import { badRequest, forbidden } from '../../shared/errors';
import { type Actor, isEntityAdmin } from '@infinitum/rules';

/**
 * Who may ask to associate an existing agency or client with their own organisation (the association
 * mode of the agency and client modals, spec 4), and how the association search answers.
 *
 * Associating hands the acting organisation the other side's campaigns, bookings, creatives, tags and
 * dashboard, so it takes consent: only an ADMIN of the acting organisation asks, the ask is a
 * pending request (association-request.service.ts), and only the target's own admin or the super admin
 * accepts it; until then nothing is related. Existing records are found only through the name search of
 * spec 5 (from 2 characters, at most 10 names), which answers nothing else about other tenants.
 */
export const ASSOCIATE_NEEDS_ADMIN = 'Only an administrator of your organisation can associate an existing record.';

export function assertMayAssociate(actor: Actor): void {
  if (!isEntityAdmin(actor)) throw forbidden(ASSOCIATE_NEEDS_ADMIN);
}

/** Spec 5 and 9: the name search starts at 2 characters and offers at most 10 names. */
export const SEARCH_FROM = 2;
export const SEARCH_LIMIT = 10;
export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_FROM} characters to search.`;

/** The `q` of the association search, checked: a string of 2 to 100 characters after trimming. */
export function searchTerm(q: unknown): string {
  const s = typeof q === 'string' ? q.trim() : '';
  if (s.length < SEARCH_FROM || s.length > 100) throw badRequest(SEARCH_TOO_SHORT, { q: SEARCH_TOO_SHORT });
  return s;
}

/** A LIKE pattern matching names that contain `term` (wildcards in the term are literal; ESCAPE '!'). */
export const containsPattern = (term: string): string => `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** The name sent with an association must be the record's own (case and outer spaces aside). */
export const sameName = (sent: string | null, stored: string): boolean =>
  sent !== null && sent.trim().toLowerCase() === stored.trim().toLowerCase();
