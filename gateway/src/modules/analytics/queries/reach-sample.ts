import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filter';
import { bucketList, SAMPLE_BUCKETS } from '../rollup/refresh-reach-sample';
import { eventScope, touchScope, visitScope } from '../scope';

/** One frequency row of the sample (k = 10: 10 or more) with the sums the estimate needs. */
export interface SampleRow {
  frequency: number;
  households: number;
  responding: number;
  /** Sum over the row's households of n (impressions in I(F)) and of n squared. */
  impressions: number;
  squares: number;
  /** DESIGN 4b pre/post over the row's households: kept, and of those with a visit after / before t0. */
  kept: number;
  post: number;
  pre: number;
}

/**
 * DESIGN 4b over the households of buckets from..to - 1 (reach_sample): per household its
 * impressions in I(F) (n), whether it responded (a visit in range, matching the site filter, with a
 * touch in I(F): the same touch rows as the exact query, probed per household) and its pre/post
 * flags around t0 = its first impression in I(F), as queryPrePost defines them.
 */
export async function querySampleRows(
  em: EntityManager,
  f: DashboardFilter,
  from: number,
  to: number,
): Promise<SampleRow[]> {
  const imp = eventScope(f);
  const touch = touchScope(f);
  const visits = visitScope(f, false);
  // A touch in I(F) is an impression of the household at most 7 x 24 h before the visit, so only the
  // visits from its first impression in I(F) (t0) to 7 days after its last (t1) are probed. The
  // pre/post visits are one range probe per household over (t0 - 7 d, t0 + 7 d], as queryPrePost.
  const rows: Record<keyof SampleRow, number | string | null>[] = await em.query(
    `SELECT LEAST(e.n, 10) AS frequency, COUNT(*) AS households,
            SUM(EXISTS (SELECT 1 FROM visit v JOIN touch t ON t.visit_id = v.id
                         WHERE v.customer_id = ? AND v.household_id = e.household_id
                           AND v.start_ts >= e.t0 AND v.start_ts < e.t1 + INTERVAL 7 DAY AND ${touch.sql})) AS responding,
            SUM(e.n) AS impressions, SUM(e.n * e.n) AS squares,
            SUM(e.kept) AS kept, SUM(e.kept * e.post) AS post, SUM(e.kept * e.pre) AS pre
     FROM (SELECT g.household_id, g.n, g.t0, g.t1, COALESCE(g.t0 - INTERVAL 7 DAY >= fh.first_ts, 0) AS kept,
                  COALESCE(MAX(v.start_ts > g.t0), 0) AS post, COALESCE(MAX(v.start_ts <= g.t0), 0) AS pre
           FROM (SELECT r.household_id, COUNT(*) AS n, MIN(r.ts) AS t0, MAX(r.ts) AS t1 FROM reach_sample r
                  WHERE r.bucket IN (${bucketList(to, from)}) AND ${imp.sql} GROUP BY r.household_id) g
           CROSS JOIN (SELECT MIN(w.start_ts) AS first_ts FROM visit w WHERE w.customer_id = ?
                        AND w.local_date <= (SELECT MIN(u.local_date) FROM visit u WHERE u.customer_id = ?) + INTERVAL 2 DAY) fh
           LEFT JOIN visit v ON ${visits.sql} AND v.household_id = g.household_id
             AND v.start_ts > g.t0 - INTERVAL 7 DAY AND v.start_ts <= g.t0 + INTERVAL 7 DAY
           GROUP BY g.household_id, g.n, g.t0, g.t1, fh.first_ts) e
     GROUP BY LEAST(e.n, 10) ORDER BY frequency`,
    [f.customerId, ...touch.params, ...imp.params, f.customerId, f.customerId, ...visits.params],
  );
  return rows.map((r) => ({
    frequency: Number(r.frequency),
    households: Number(r.households),
    responding: Number(r.responding ?? 0),
    impressions: Number(r.impressions ?? 0),
    squares: Number(r.squares ?? 0),
    kept: Number(r.kept ?? 0),
    post: Number(r.post ?? 0),
    pre: Number(r.pre ?? 0),
  }));
}

/** The rate a read of `buckets` buckets samples households at. */
export const sampleRate = (buckets: number) => buckets / SAMPLE_BUCKETS;

/** Two reads of disjoint buckets (disjoint households) as one: the sums of each frequency row added. */
export function addSampleRows(a: readonly SampleRow[], b: readonly SampleRow[]): SampleRow[] {
  const byK = new Map(a.map((r) => [r.frequency, { ...r }]));
  for (const r of b) {
    const row = byK.get(r.frequency);
    if (!row) byK.set(r.frequency, { ...r });
    else for (const k of Object.keys(r) as (keyof SampleRow)[]) if (k !== 'frequency') row[k] += r[k];
  }
  return [...byK.values()].sort((x, y) => x.frequency - y.frequency);
}
