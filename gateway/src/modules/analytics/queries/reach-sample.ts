import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filter';
import { SAMPLE_BUCKETS } from '../rollup/refresh-reach-sample';
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
 * DESIGN 4b over the households of buckets 0..buckets - 1 (reach_sample): per household its
 * impressions in I(F) (n), whether it responded (a visit in range, matching the site filter, with a
 * touch in I(F): the same touch rows as the exact query, probed per household) and its pre/post
 * flags around t0 = its first impression in I(F), as queryPrePost defines them.
 */
export async function querySampleRows(em: EntityManager, f: DashboardFilter, buckets: number): Promise<SampleRow[]> {
  const imp = eventScope(f);
  const touch = touchScope(f);
  const post = visitScope(f, false);
  const pre = visitScope(f, false);
  const list = Array.from({ length: buckets }, (_, b) => b);
  const rows: Record<keyof SampleRow, number | string | null>[] = await em.query(
    `SELECT LEAST(e.n, 10) AS frequency, COUNT(*) AS households, SUM(e.responded) AS responding,
            SUM(e.n) AS impressions, SUM(e.n * e.n) AS squares,
            SUM(e.kept) AS kept, SUM(e.kept * e.post) AS post, SUM(e.kept * e.pre) AS pre
     FROM (SELECT g.n,
                  EXISTS (SELECT 1 FROM visit v JOIN touch t ON t.visit_id = v.id
                           WHERE v.customer_id = ? AND v.household_id = g.household_id AND ${touch.sql}) AS responded,
                  COALESCE(g.t0 - INTERVAL 7 DAY >= fh.first_ts, 0) AS kept,
                  EXISTS (SELECT 1 FROM visit v WHERE ${post.sql} AND v.household_id = g.household_id
                            AND v.start_ts > g.t0 AND v.start_ts <= g.t0 + INTERVAL 7 DAY) AS post,
                  EXISTS (SELECT 1 FROM visit v WHERE ${pre.sql} AND v.household_id = g.household_id
                            AND v.start_ts > g.t0 - INTERVAL 7 DAY AND v.start_ts <= g.t0) AS pre
           FROM (SELECT r.household_id, COUNT(*) AS n, MIN(r.ts) AS t0 FROM reach_sample r
                  WHERE r.bucket IN (${list.join(',')}) AND ${imp.sql} GROUP BY r.household_id) g
           CROSS JOIN (SELECT MIN(w.start_ts) AS first_ts FROM visit w WHERE w.customer_id = ?
                        AND w.local_date <= (SELECT MIN(u.local_date) FROM visit u WHERE u.customer_id = ?) + INTERVAL 2 DAY) fh) e
     GROUP BY LEAST(e.n, 10) ORDER BY frequency`,
    [f.customerId, ...touch.params, ...post.params, ...pre.params, ...imp.params, f.customerId, f.customerId],
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
