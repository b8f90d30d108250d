import { MAX_SUGGESTIONS, SEARCH_FROM } from './texts';

/**
 * Existing-entity search of the agency and client modals (spec 5, 9): from 2 characters, names that
 * contain what was typed (any case), at most 10. Below 2 characters there is no search at all (null).
 */
export function suggestionsFor<T>(query: string, candidates: readonly T[], nameOf: (c: T) => string): T[] | null {
  const q = query.trim().toLowerCase();
  if (q.length < SEARCH_FROM) return null;
  return candidates.filter((c) => nameOf(c).toLowerCase().includes(q)).slice(0, MAX_SUGGESTIONS);
}

/**
 * What the associate answer means (consent). An association is a request the other side's admin
 * accepts, unless the answer says it took effect at once.
 */
export function associationOutcome(answer: unknown): 'associated' | 'requested' {
  const status = (answer as { status?: unknown } | null | undefined)?.status;
  const s = typeof status === 'string' ? status.toLowerCase() : '';
  return s === 'accepted' || s === 'associated' ? 'associated' : 'requested';
}
