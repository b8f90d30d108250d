import type { EntityManager } from 'typeorm';
import type { DashboardFilter } from '../filters/filter';
import { SAMPLE_BUCKETS } from '../../../summaries/sample';
import { bucketList, msOf } from '../reach/copies';
import { eventScope } from '../scope';

/** One frequency row of the sample (k = 10: 10 or more) with the sums the estimate needs. */
export interface SampleRow {
  frequency: number;
  households: number;
  responding: number;
  /** Sum over the row's households of n (impressions in I(F)) and of n squared. */
  impressions: number;
  squares: number;
  /** docs/design.md#reach-frequency-and-lift pre/post over the row's households: kept, and of those with a visit after / before t0. */
  kept: number;
  post: number;
  pre: number;
}

/**
 * After a GROUP BY whose groups are read in no particular order: MariaDB sorts the groups unless told
 * not to (10.11: the holdout's 81k households of 30 days at 10M grouped in 160-180 ms instead of
 * 280-340, a 16-bucket sample read 0.37-0.39 s instead of 0.45-0.48); MySQL 8 and TiDB never sort there.
 */
export const UNSORTED = 'ORDER BY NULL';

/** A frequency row of the sample as the database returns it. */
type RawSampleRow = Record<keyof SampleRow, number | string | null>;

/** The frequency rows of households e (n, resp, kept, pre, post each 0/1 but n) with the sums the estimate needs. */
const FREQUENCY_ROWS = `SELECT LEAST(e.n, 10) AS frequency, COUNT(*) AS households, SUM(e.resp) AS responding,
            SUM(e.n) AS impressions, SUM(e.n * e.n) AS squares,
            SUM(e.kept) AS kept, SUM(e.kept * e.post) AS post, SUM(e.kept * e.pre) AS pre`;

/**
 * docs/design.md#reach-frequency-and-lift over the households of buckets from..to - 1 (reach_exposure): per household its
 * impressions in I(F) (n), whether it responded and its pre/post flags around t0 = its first
 * impression in I(F), as queryPrePost defines them; `firstHitMs` is the customer's first site hit
 * (queryFirstHitMs), or null when it has none (then no household is kept).
 * Without a site filter every flag is stored with the rows, so this is one grouping of the rows in
 * I(F) and nothing else: responded = one of them touches a visit dated on or before the end (a touch's
 * visit starts at or after its impression, so it is never before the start); t0 and its flags are
 * MIN(t_key). A site filter limits which visits count: the rows of its sites (reach_exposure keeps one
 * per impression and site tag its window's visits hit) hold the flags and date of those visits alone,
 * so that too is one grouping, with no probe of visit or touch.
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
  // Without a site filter the site_tag_id 0 rows hold every flag; with one, those rows give n and t0,
  // and the rows of the filter's sites whether a touched visit is in range (their resp_date) and the
  // flags at t0: MIN of t x 2 + (1 - flag) over them is t0 x 2 exactly when a row at t0 has the flag.
  const site0 = f.sites.length === 0;
  const ofSites = (value: string) => (site0 ? value : `CASE WHEN r.site_tag_id <> 0 THEN ${value} END`);
  const ofAll = (value: string) => (site0 ? value : `CASE WHEN r.site_tag_id = 0 THEN ${value} END`);
  const flagAtT0 = (flag: string) => `COALESCE(g.${flag}_key = (g.t_key DIV 4) * 2, 0)`;
  const rows: RawSampleRow[] = await em.query(
    `${FREQUENCY_ROWS}
     FROM (SELECT g.n, COALESCE(g.resp_date <= ?, 0) AS resp, COALESCE(g.t_key DIV 4 >= ?, 0) AS kept,
                  ${site0 ? '(g.t_key DIV 2) % 2' : flagAtT0('pre')} AS pre, ${site0 ? 'g.t_key % 2' : flagAtT0('post')} AS post
           FROM (SELECT r.household_id, SUM(${ofAll('r.n')}) AS n, MIN(${ofAll('r.t_key')}) AS t_key,
                        MIN(${ofSites('r.resp_date')}) AS resp_date
                        ${site0 ? '' : `, MIN(${ofSites('(r.t_key DIV 4) * 2 + 1 - (r.t_key DIV 2) % 2')}) AS pre_key, MIN(${ofSites('(r.t_key DIV 4) * 2 + 1 - r.t_key % 2')}) AS post_key`}
                 FROM ${source} WHERE ${buckets} AND r.site_tag_id IN (${[0, ...f.sites].map(() => '?').join(',')}) AND ${imp.sql}
                 GROUP BY r.household_id ${UNSORTED}) g) e
     GROUP BY LEAST(e.n, 10) ORDER BY frequency`,
    [f.end, first, 0, ...f.sites, ...imp.params],
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

const WEEK_MS = 7 * 86_400_000;

/**
 * docs/design.md#reach-frequency-and-lift pre/post: the customer's first site hit (the first visit's start) in milliseconds since
 * 1970, null without visits. Looked for in the customer's first three local days only: local time is
 * within -12..+14 h of UTC, so no visit earlier in time has a local date 2 days after the smallest one.
 * Each day's earliest start is the first entry of its ix_visit_date range (customer, day, start_ts):
 * three one-entry reads instead of reading the days' visits.
 */
export async function queryFirstHitMs(em: EntityManager, customerId: number): Promise<number | null> {
  const day = (k: number) =>
    `(SELECT w.start_ts AS m FROM visit w WHERE w.customer_id = ?
       AND w.local_date = (SELECT MIN(u.local_date) FROM visit u WHERE u.customer_id = ?) + INTERVAL ${k} DAY
      ORDER BY w.start_ts LIMIT 1)`;
  const [row]: { ms: number | string | null }[] = await em.query(
    `SELECT ${msOf('MIN(x.m)')} AS ms FROM (${[0, 1, 2].map(day).join(' UNION ALL ')}) x`,
    Array(6).fill(customerId),
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
