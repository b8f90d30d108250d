import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filter';
import { bucketList, msOf, SAMPLE_BUCKETS, STORED_BUCKETS, tsOfMs } from '../rollup/refresh-reach-exposure';
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

/** A frequency row of the sample as the database returns it. */
type RawSampleRow = Record<keyof SampleRow, number | string | null>;

/** The frequency rows of households e (n, resp, kept, pre, post each 0/1 but n) with the sums the estimate needs. */
const FREQUENCY_ROWS = `SELECT LEAST(e.n, 10) AS frequency, COUNT(*) AS households, SUM(e.resp) AS responding,
            SUM(e.n) AS impressions, SUM(e.n * e.n) AS squares,
            SUM(e.kept) AS kept, SUM(e.kept * e.post) AS post, SUM(e.kept * e.pre) AS pre`;

/**
 * DESIGN 4b over the households of buckets from..to - 1 (reach_exposure): per household its
 * impressions in I(F) (n), whether it responded and its pre/post flags around t0 = its first
 * impression in I(F), as queryPrePost defines them; `firstHitMs` is the customer's first site hit
 * (queryFirstHitMs), or null when it has none (then no household is kept).
 * Without a site filter every flag is stored with the rows, so this is one grouping of the rows in
 * I(F) and nothing else: responded = one of them touches a visit dated on or before the end (a touch's
 * visit starts at or after its impression, so it is never before the start); t0 and its flags are
 * MIN(t_key). A site filter limits which visits count, which the stored flags do not know: then the
 * visits are probed per household, as the exact queries do.
 */
export async function querySampleRows(
  em: EntityManager,
  f: DashboardFilter,
  from: number,
  to: number,
  firstHitMs: number | null,
): Promise<SampleRow[]> {
  const imp = eventScope(f);
  const buckets = `r.bucket IN (${bucketList(to, from)})`;
  // With region, creative and daypart all narrowed, ix_reach_exposure_filtered reads only the matching
  // rows (one index range per region x creative x daypart x bucket, over the dates); otherwise the
  // primary key reads the buckets' rows of the dates (its filter columns would not bound the range).
  const narrowed = f.regions.length > 0 && f.creatives.length > 0 && f.dayparts.length > 0;
  const source = `reach_exposure r FORCE INDEX (${narrowed ? 'ix_reach_exposure_filtered' : 'PRIMARY'})`;
  // kept: t0 - 7 x 24 h >= the first hit (NULL without visits: no household is kept).
  const first = firstHitMs === null ? null : firstHitMs + WEEK_MS;
  let rows: RawSampleRow[];
  if (f.sites.length === 0) {
    rows = await em.query(
      `${FREQUENCY_ROWS}
       FROM (SELECT g.n, COALESCE(g.resp_date <= ?, 0) AS resp, COALESCE(g.t_key DIV 4 >= ?, 0) AS kept,
                    (g.t_key DIV 2) % 2 AS pre, g.t_key % 2 AS post
             FROM (SELECT r.household_id, SUM(r.n) AS n, MIN(r.t_key) AS t_key, MIN(r.resp_date) AS resp_date
                   FROM ${source} WHERE ${buckets} AND ${imp.sql} GROUP BY r.household_id) g) e
       GROUP BY LEAST(e.n, 10) ORDER BY frequency`,
      [f.end, first, ...imp.params],
    );
  } else {
    const touch = touchScope(f);
    const visits = visitScope(f, false);
    // A touch in I(F) is an impression of the household at most 7 x 24 h before a visit in range, so
    // only the household's visits from t0 to the end are probed. The pre/post visits are one range
    // probe per household over (t0 - 7 d, t0 + 7 d], as queryPrePost.
    rows = await em.query(
      `${FREQUENCY_ROWS}
       FROM (SELECT g.household_id, g.n,
                    EXISTS (SELECT 1 FROM visit v JOIN touch t ON t.visit_id = v.id
                             WHERE v.customer_id = ? AND v.household_id = g.household_id
                               AND v.start_ts >= g.t0 AND v.local_date <= ? AND ${touch.sql}) AS resp,
                    COALESCE(g.t_key DIV 4 >= ?, 0) AS kept,
                    COALESCE(MAX(v.start_ts <= g.t0), 0) AS pre, COALESCE(MAX(v.start_ts > g.t0), 0) AS post
             FROM (SELECT h.household_id, h.n, h.t_key, ${tsOfMs('h.t_key DIV 4')} AS t0
                   FROM (SELECT r.household_id, SUM(r.n) AS n, MIN(r.t_key) AS t_key
                         FROM ${source} WHERE ${buckets} AND ${imp.sql} GROUP BY r.household_id) h) g
             LEFT JOIN visit v ON ${visits.sql} AND v.household_id = g.household_id
               AND v.start_ts > g.t0 - INTERVAL 7 DAY AND v.start_ts <= g.t0 + INTERVAL 7 DAY
             GROUP BY g.household_id, g.n, g.t_key, g.t0) e
       GROUP BY LEAST(e.n, 10) ORDER BY frequency`,
      [f.customerId, f.end, ...touch.params, first, ...imp.params, ...visits.params],
    );
  }
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

const WEEK_MS = 7 * 86_400_000;

/**
 * DESIGN 4b pre/post: the customer's first site hit (the first visit's start) in milliseconds since
 * 1970, null without visits. Looked for in the customer's first three local days only: local time is
 * within -12..+14 h of UTC, so no visit earlier in time has a local date 2 days after the smallest one.
 */
export async function queryFirstHitMs(em: EntityManager, customerId: number): Promise<number | null> {
  const [row]: { ms: number | string | null }[] = await em.query(
    `SELECT ${msOf('MIN(w.start_ts)')} AS ms FROM visit w WHERE w.customer_id = ?
       AND w.local_date <= (SELECT MIN(u.local_date) FROM visit u WHERE u.customer_id = ?) + INTERVAL 2 DAY`,
    [customerId, customerId],
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
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

/**
 * DESIGN 4b holdout over the households of reach_control (all the stored buckets, 1 in 4): its control
 * group (households of C(F) with no impression in I(F)) and those of them with a response (a visit in
 * range that a control impression in C(F) touches: the earliest such visit date of their rows on or
 * before the end). No site filter (the stored dates do not know the visit's site). Exact over those
 * households: a household's exposed rows are in reach_exposure (the same buckets), found by
 * ix_reach_exposure_household.
 */
export async function queryControlSample(
  em: EntityManager,
  f: DashboardFilter,
): Promise<{ households: number; responding: number }> {
  const ctl = eventScope(f);
  const exposed = eventScope(f, 'e');
  const [row]: { households: number | string; responding: number | string | null }[] = await em.query(
    `SELECT COUNT(*) AS households, SUM(COALESCE(g.resp_date <= ?, 0)) AS responding
       FROM (SELECT r.household_id, MIN(r.resp_date) AS resp_date FROM reach_control r
              WHERE r.bucket IN (${bucketList(STORED_BUCKETS)}) AND ${ctl.sql} GROUP BY r.household_id) g
      WHERE NOT EXISTS (SELECT 1 FROM reach_exposure e FORCE INDEX (ix_reach_exposure_household)
                         WHERE e.household_id = g.household_id AND ${exposed.sql})`,
    [f.end, ...ctl.params, ...exposed.params],
  );
  return { households: Number(row?.households ?? 0), responding: Number(row?.responding ?? 0) };
}
