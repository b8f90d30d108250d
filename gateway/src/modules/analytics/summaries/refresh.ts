import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filters/filter';
import { dashboardFlights } from '../single-flight';

/** A summary's builder: brings its rows up to date for a customer's days start..end (built-days.ts). */
export type SummaryRefresh = (em: EntityManager, customerId: number, start: string, end: string) => Promise<void>;

/**
 * Brings a summary up to date for the filter's range once per concurrent refresh (single-flight keyed by
 * the summary, the customer and the range: every filter shape of that range shares the build); false when
 * the build failed (say, a deadlock with a concurrent one), and the reader then answers from the raw tables.
 */
export function refreshedOnce(
  em: EntityManager,
  filter: DashboardFilter,
  name: string,
  refresh: SummaryRefresh,
): Promise<boolean> {
  const f = filter;
  return dashboardFlights.run(`${name}|${f.customerId}|${f.start}|${f.end}`, () =>
    refresh(em, f.customerId, f.start, f.end).then(
      () => true,
      () => false,
    ),
  );
}
