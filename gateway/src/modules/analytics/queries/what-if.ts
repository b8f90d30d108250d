import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filters/filter';
import { completeTouchHours } from '../../../etl/write-common';
import { eventScope, impressionScope, visitScope } from '../scope';

/** The touch windows the what-if reports, in hours: 1 h, 6 h, 1 d, 2 d, 3 d, 7 d, 14 d, 30 d. */
export const WHAT_IF_HOURS = [1, 6, 24, 48, 72, 168, 336, 720] as const;

const HOUR_MS = 3_600_000;
const LONGEST_HOURS = WHAT_IF_HOURS[WHAT_IF_HOURS.length - 1];

/**
 * docs/design.md#attribution-what-if: per touch window W of WHAT_IF_HOURS, the responses there would be under W.
 * A visit of the range (matching the site filter) is a response under W when its most recent impression in I(F)
 * at or before it is less than W earlier (a touch: visit - W < impression <= visit). So one pass finds each
 * visit's gap to that impression, and each W counts the gaps below it. The gap comes from the visit's touches in
 * I(F) when it has one (the touch table, complete to the customer's depth D: 7 x 24 h, or wider once a recompute
 * backfilled it, completeTouchHours; a probe of its primary key, a row or two), else from the household's
 * impressions in I(F) D to 30 days before the visit (a probe of the covering ix_impression_household, only for the
 * visits that are not responses at D). The touch table may hold touches beyond D (its stored width): they are
 * impressions too, and a visit's latest one is its gap whichever table finds it. At 1M impressions that read a third of what probing
 * every visit's impressions read.
 */
export async function queryWhatIf(
  em: EntityManager,
  f: DashboardFilter,
): Promise<{ hours: number; responses: number }[]> {
  const touches = impressionScope(f, 'touch');
  const imp = eventScope(f);
  const visits = visitScope(f, true);
  const depth = await completeTouchHours(em, f.customerId);
  // INTERVAL(gap, W1, .., W8) is the index of the first window above the gap (-1 without an impression), so
  // the gap's subqueries run once per visit (a derived table of gaps summed per window ran them once per SUM).
  const rows: { b: number | string; n: number | string }[] = await em.query(
    `SELECT INTERVAL(TIMESTAMPDIFF(MICROSECOND, COALESCE(
              (SELECT MAX(t.impression_ts) FROM touch t FORCE INDEX (PRIMARY) WHERE t.visit_id = v.id AND ${touches.sql}),
              (SELECT MAX(r.ts) FROM impression_event r FORCE INDEX (ix_impression_household)
                WHERE r.household_id = v.household_id AND r.ts <= v.start_ts - INTERVAL ? HOUR
                  AND r.ts > v.start_ts - INTERVAL ${LONGEST_HOURS} HOUR AND ${imp.sql})),
              v.start_ts) DIV 1000, ${WHAT_IF_HOURS.map(() => '?').join(', ')}) AS b,
            COUNT(*) AS n
       FROM visit v WHERE ${visits.sql}
      GROUP BY b ORDER BY NULL`,
    [...touches.params, depth, ...imp.params, ...WHAT_IF_HOURS.map((h) => h * HOUR_MS), ...visits.params],
  );
  const inBucket = new Array<number>(WHAT_IF_HOURS.length).fill(0);
  for (const r of rows) {
    const b = Number(r.b);
    if (b >= 0 && b < inBucket.length) inBucket[b] += Number(r.n);
  }
  // Responses under the k-th window: visits whose gap is below it, i.e. in buckets 0..k.
  let below = 0;
  return WHAT_IF_HOURS.map((hours, k) => ({ hours, responses: (below += inBucket[k]) }));
}
