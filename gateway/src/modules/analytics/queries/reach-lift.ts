import type { EntityManager } from 'typeorm';
import { type DashboardFilter, narrowsByDateOnly, windowsIn } from '../filters/filter';
import { eventScope, type SqlFragment, touchScope, visitScope } from '../scope';

/** docs/design.md#reach-frequency-and-lift: households of Reach per frequency (10 = 10 or more) and those with a response. */
export interface FrequencyCount {
  frequency: number;
  households: number;
  responding: number;
}

/**
 * Which index groups I(F) by household. ix_impression_household reads every impression of the customer
 * in household order (no temp table); ix_impression_reach reads only the range's days but groups the
 * matching ones in a temp table, which costs a few index reads per row (about 4 measured at 1M, more
 * once it spills). So the date index wins only for short ranges or narrow filters. The counts come
 * from the rollup; a stale rollup only makes the choice slower, never the answer different.
 */
async function householdIndex(em: EntityManager, f: DashboardFilter): Promise<string> {
  const imp = eventScope(f);
  const [row]: { total: number | string | null; dated: number | string | null; matching: number | string | null }[] =
    await em.query(
      `SELECT SUM(r.impressions) AS total,
              SUM(CASE WHEN r.local_date BETWEEN ? AND ? THEN r.impressions ELSE 0 END) AS dated,
              SUM(CASE WHEN ${imp.sql} THEN r.impressions ELSE 0 END) AS matching
       FROM impression_rollup r WHERE r.customer_id = ?`,
      [f.start, f.end, ...imp.params, f.customerId],
    );
  const [total, dated, matching] = [row?.total, row?.dated, row?.matching].map((x) => Number(x ?? 0));
  const byDate = dated + 4 * matching < total;
  return byDate ? 'FORCE INDEX (ix_impression_reach)' : 'FORCE INDEX (ix_impression_household)';
}

export async function queryFrequencies(em: EntityManager, f: DashboardFilter): Promise<FrequencyCount[]> {
  const imp = eventScope(f);
  const touch = touchScope(f);
  const index = await householdIndex(em, f);
  const rows: { k: number; households: number | string; responding: number | string }[] = await em.query(
    `SELECT LEAST(e.n, 10) AS k, COUNT(*) AS households, COUNT(rh.household_id) AS responding
     FROM (SELECT r.household_id, COUNT(*) AS n FROM impression_event r ${index} WHERE ${imp.sql} GROUP BY r.household_id) e
     LEFT JOIN (SELECT DISTINCT v.household_id FROM touch t JOIN visit v ON v.id = t.visit_id WHERE ${touch.sql}) rh
       ON rh.household_id = e.household_id
     GROUP BY k ORDER BY k`,
    [...imp.params, ...touch.params],
  );
  return rows.map((r) => ({
    frequency: Number(r.k),
    households: Number(r.households),
    responding: Number(r.responding),
  }));
}

/**
 * docs/design.md#reach-frequency-and-lift holdout: the control group (households of C(F) not in Reach) and those of them with a
 * visit in range, matching the site filter, that has a control touch in C(F) (within the touch window W of the visit).
 */
export async function queryControlGroup(
  em: EntityManager,
  f: DashboardFilter,
): Promise<{ households: number; responding: number }> {
  const ctl = eventScope(f);
  const exposed = eventScope(f, 'e');
  const ctlAgain = eventScope(f);
  const visits = visitScope(f, true);
  const [row]: { households: number | string; responding: number | string }[] = await em.query(
    `SELECT COUNT(*) AS households, COUNT(cr.household_id) AS responding
     FROM (SELECT DISTINCT r.household_id FROM control_impression_event r WHERE ${ctl.sql}) cg
     LEFT JOIN (SELECT DISTINCT r.household_id FROM control_impression_event r
                JOIN visit v ON v.customer_id = r.customer_id AND v.household_id = r.household_id
                 AND v.start_ts >= r.ts AND v.start_ts < r.ts + INTERVAL ? HOUR
                WHERE ${ctlAgain.sql} AND ${visits.sql}) cr
       ON cr.household_id = cg.household_id
     WHERE NOT EXISTS (SELECT 1 FROM impression_event e WHERE e.household_id = cg.household_id AND ${exposed.sql})`,
    [...ctl.params, windowsIn(f).touchWindowHours, ...ctlAgain.params, ...visits.params, ...exposed.params],
  );
  return { households: Number(row?.households ?? 0), responding: Number(row?.responding ?? 0) };
}

/**
 * docs/design.md#reach-frequency-and-lift holdout from reach_holdout (its days up to date: refreshReachExposure): the control group
 * and its responders, exact, in one statement (one snapshot), without grouping the range's rows.
 * - Households: a household of C(F) counts once, by its first row in range. Filtered by date alone,
 *   those are the rows whose prev_date is before the start: reach_holdout_first sums the ones of
 *   households without impressions (exposed = 0) by (day, prev_date), and the few of households with
 *   impressions (ix_reach_holdout_exposed) are each probed for one in I(F) (a household in Reach is
 *   left out; one probe of ix_impression_household over the instants that can have a local date in
 *   range, local time being within -12..+14 h of UTC). Any other filter may skip a household's first
 *   row, so its rows of C(F) are counted distinct (exposed ones probed the same way).
 * - Responders: a control touch's visit starts at or after its impression, so the rows of C(F) whose
 *   touched visit (site_tag_id 0: any; with a site filter, the rows of those sites) is dated in range
 *   (ix_reach_holdout_resp: only those rows), their households counted distinct.
 */
export async function queryHoldoutGroup(
  em: EntityManager,
  f: DashboardFilter,
): Promise<{ households: number; responding: number }> {
  const sites = f.sites.length > 0 ? f.sites : [0];
  const notReached = (alias: string): SqlFragment => {
    const exposed = eventScope(f, 'e');
    return {
      sql: `(${alias}.exposed = 0 OR NOT EXISTS (SELECT 1 FROM impression_event e FORCE INDEX (ix_impression_household)
               WHERE e.household_id = ${alias}.household_id AND e.ts >= ? - INTERVAL 1 DAY AND e.ts < ? + INTERVAL 2 DAY
                 AND ${exposed.sql}))`,
      params: [f.start, f.end, ...exposed.params],
    };
  };
  const ctl = eventScope(f);
  const out = notReached('r');
  let households: SqlFragment;
  if (narrowsByDateOnly(f)) {
    households = {
      sql: `(SELECT COALESCE(SUM(h.households), 0) FROM reach_holdout_first h
              WHERE h.customer_id = ? AND h.local_date BETWEEN ? AND ? AND h.prev_date < ?)
          + (SELECT COUNT(*) FROM reach_holdout r FORCE INDEX (ix_reach_holdout_exposed)
              WHERE r.customer_id = ? AND r.exposed = 1 AND r.site_tag_id = 0 AND r.local_date BETWEEN ? AND ?
                AND (r.prev_date IS NULL OR r.prev_date < ?) AND ${out.sql})`,
      params: [f.customerId, f.start, f.end, f.start, f.customerId, f.start, f.end, f.start, ...out.params],
    };
  } else {
    households = {
      sql: `(SELECT COUNT(DISTINCT r.household_id) FROM reach_holdout r WHERE ${ctl.sql} AND r.site_tag_id = 0 AND ${out.sql})`,
      params: [...ctl.params, ...out.params],
    };
  }
  const [row]: { households: number | string; responding: number | string }[] = await em.query(
    `SELECT ${households.sql} AS households,
            (SELECT COUNT(DISTINCT r.household_id) FROM reach_holdout r FORCE INDEX (ix_reach_holdout_resp)
              WHERE ${ctl.sql} AND r.site_tag_id IN (${sites.map(() => '?').join(',')}) AND r.resp_date BETWEEN ? AND ?
                AND ${out.sql}) AS responding`,
    [...households.params, ...ctl.params, ...sites, f.start, f.end, ...out.params],
  );
  return { households: Number(row?.households ?? 0), responding: Number(row?.responding ?? 0) };
}

/**
 * docs/design.md#reach-frequency-and-lift pre/post: of Reach's households whose pre window (W before the first impression
 * in I(F), t0; W the touch window, 7 x 24 h by default) does not start before the customer's first site hit, how many
 * have a visit (any date, matching the site filter) in (t0, t0 + W] (post) and in (t0 - W, t0] (pre).
 * The first hit is looked for in the customer's first three local days only: local time is within
 * -12..+14 h of UTC, so no visit earlier in time has a local date 2 days after the smallest one.
 */
export async function queryPrePost(
  em: EntityManager,
  f: DashboardFilter,
): Promise<{ kept: number; post: number; pre: number }> {
  const imp = eventScope(f);
  const visits = visitScope(f, false);
  const index = await householdIndex(em, f);
  // The pre and post windows are the touch window W (7 x 24 h by default: docs/design.md#attribution-settings).
  const w = windowsIn(f).touchWindowHours;
  // One range probe per household over (t0 - 7 d, t0 + 7 d], split by t0, instead of two EXISTS
  // (about 30% less at 1M); a household with no visit there joins NULL, which MAX and SUM skip.
  const [row]: { kept: number | string; post: number | string | null; pre: number | string | null }[] = await em.query(
    `SELECT COUNT(*) AS kept, SUM(x.post) AS post, SUM(x.pre) AS pre
     FROM (SELECT e.household_id, MAX(v.start_ts > e.t0) AS post, MAX(v.start_ts <= e.t0) AS pre
           FROM (SELECT r.household_id, MIN(r.ts) AS t0 FROM impression_event r ${index} WHERE ${imp.sql} GROUP BY r.household_id) e
           LEFT JOIN visit v ON ${visits.sql} AND v.household_id = e.household_id
             AND v.start_ts > e.t0 - INTERVAL ? HOUR AND v.start_ts <= e.t0 + INTERVAL ? HOUR
           WHERE e.t0 - INTERVAL ? HOUR >= (SELECT MIN(w.start_ts) FROM visit w WHERE w.customer_id = ?
             AND w.local_date <= (SELECT MIN(u.local_date) FROM visit u WHERE u.customer_id = ?) + INTERVAL 2 DAY)
           GROUP BY e.household_id) x`,
    [...imp.params, ...visits.params, w, w, w, f.customerId, f.customerId],
  );
  return { kept: Number(row?.kept ?? 0), post: Number(row?.post ?? 0), pre: Number(row?.pre ?? 0) };
}
