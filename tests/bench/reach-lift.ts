/**
 * node -r @swc-node/register tests/bench/reach-lift.ts — times the docs/design.md#reach-frequency-and-lift calls (reach_frequency,
 * incremental_lift) on a synthetic data set written straight into the event tables with SQL
 * (BENCH_IMPRESSIONS impressions over 90 days, a fifth as many households, control impressions for 5%
 * more households at the same rate per household, a tenth as many baseline visits spread evenly over
 * both kinds of household, 1% of the exposed impressions causing a visit, and the touches). Not the
 * pipeline: the data set
 * is built in about a minute per million impressions, then reused from its named database.
 * Prints JSON lines: p50/max of cold calls (no single-flight reuse) on 30-day windows, the household
 * sample of their days built first (its time printed apart), and so the per-creative response summaries; with
 * BENCH_EXACT=1 an approximate answer (docs/design.md#reach-frequency-and-lift at scale: a household sample) is also computed
 * exactly and its error printed. incremental_lift's rows carry the generator's truth for the last window
 * (the responding households exposure caused, the true lift, whether the holdout's interval holds it).
 * BENCH_DATABASE + BENCH_CUSTOMER_ID read another bench's data instead.
 */
import { DashboardData } from '../../gateway/src/modules/analytics/dashboard-data';
import { type DashboardFilter, rangeFilter } from '../../gateway/src/modules/analytics/filters/filter';
import { incrementalLift } from '../../gateway/src/modules/analytics/calls/incremental-lift';
import { reachFrequency } from '../../gateway/src/modules/analytics/calls/reach-frequency';
import { impressionSummary } from '../../gateway/src/modules/analytics/calls/impression-summary';
import { touchScope } from '../../gateway/src/modules/analytics/scope';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { migrate } from '../../gateway/src/db/migrate';
import { REACH_SAMPLE_MIN_IMPRESSIONS } from '../../gateway/src/modules/analytics/reach/estimate';
import { refreshReachExposure } from '../../gateway/src/modules/analytics/reach/refresh-exposure';
import { refreshCreativeAttribution } from '../../gateway/src/modules/analytics/summaries/attribution/refresh-creative-attribution';
import { SUMMARY } from '../../gateway/src/summaries/marks';
import { SUMMARY_WAIT_MS } from '../../gateway/src/modules/analytics/summaries/wait';
import { printer } from './report';

const IMPRESSIONS = Number(process.env.BENCH_IMPRESSIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 6);
const SERVER = process.env.BENCH_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';
const DATABASE = process.env.BENCH_DATABASE ?? `infinitum_bench_reach_${IMPRESSIONS}`;
// Another bench's database (say bench:dashboard's 10M one, read only) names its busy customer here.
const CUSTOMER = Number(process.env.BENCH_CUSTOMER_ID ?? 1);
// BENCH_EXACT=1: each approximate answer is also computed exactly (slow at 10M) and the error printed.
const EXACT = process.env.BENCH_EXACT === '1';
// The gateway's REACH_SAMPLE_MIN_IMPRESSIONS (Infinity: always exact, the figures before the sample).
const SAMPLE_MIN = Number(process.env.BENCH_SAMPLE_MIN_IMPRESSIONS ?? REACH_SAMPLE_MIN_IMPRESSIONS);
const print = printer('reach-lift');

/** Relative difference of an estimate from the exact figure (0 when both are 0). */
const relError = (approx: number, exact: number) => (exact === 0 ? approx : (approx - exact) / exact);

async function main() {
  const ds = await migrate(`${SERVER}/${DATABASE}`);
  if (CUSTOMER === 1) {
    const [{ n }] = await ds.query('SELECT COUNT(*) AS n FROM impression_event WHERE customer_id = 1');
    if (Number(n) !== IMPRESSIONS) {
      // Only ever into this bench's own database: another bench's data is never deleted.
      if (!DATABASE.startsWith('infinitum_bench_reach_')) throw new Error(`${DATABASE} is not this bench's database`);
      const t0 = Date.now();
      await build(ds.query.bind(ds));
      print({ built: IMPRESSIONS, ms: Date.now() - t0 });
    }
  }
  const [[{ last }], creatives, sites] = await Promise.all([
    ds.query('SELECT MAX(local_date) AS last FROM impression_rollup WHERE customer_id = ?', [CUSTOMER]),
    ds.query('SELECT DISTINCT creative_id AS id FROM impression_rollup WHERE customer_id = ? ORDER BY id LIMIT 3', [
      CUSTOMER,
    ]),
    ds.query('SELECT DISTINCT site_tag_id AS id FROM visit_page WHERE customer_id = ? ORDER BY id LIMIT 1', [CUSTOMER]),
  ]);
  // The generator's ground truth (this bench's own world only; another bench's data has none).
  const [{ truth: hasTruth }] = await ds.query(
    'SELECT COUNT(*) AS truth FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
    [CAUSED_TABLE],
  );
  const creative = (k: number): number[] => creatives.slice(0, k).map((r: { id: number }) => Number(r.id));
  const payloads: [string, Partial<DashboardFilter>][] = [
    ['unfiltered', {}],
    ['one creative', { creatives: creative(1) }],
    ['site', { sites: sites.map((r: { id: number }) => Number(r.id)) }],
    // bench:dashboard's three filters (a region list that holds none of this bench's own 'AUK' is fine).
    ['3 filters', { regions: ['AUK', 'WGN', 'CAN'], creatives: creative(3), dayparts: [5, 6, 7] }],
    // Narrow enough that the control group has fewer than 100 households: the pre/post method.
    ['pre/post (creative, weekday, daypart)', { creatives: creative(1), weekdays: [3], dayparts: [7] }],
  ];
  // 30-day windows ending 1..RUNS days before the data's last day (each window new: cold parts).
  const windows = Array.from({ length: RUNS }, (_, k) => {
    const end = new Date(Date.parse(`${toDate(last)}T00:00:00Z`) - (k + 1) * 86_400_000);
    const start = new Date(end.getTime() - 29 * 86_400_000);
    return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
  });
  if (Number.isFinite(SAMPLE_MIN)) {
    // The household sample of every window's days built first, timed apart: a day is built once (and
    // again when new impressions mark it), so the calls below time the reads.
    const t0 = performance.now();
    await refreshReachExposure(ds.manager, CUSTOMER, windows[windows.length - 1].start, windows[0].end);
    print({ figure: 'reach_exposure_build', days: 29 + RUNS, ms: Math.round(performance.now() - t0) });
  }
  {
    // A one-creative refresh of a range whose per-creative summaries were never built (the built marks
    // dropped, so every run builds them again): it waits for the build at most SUMMARY_WAIT_MS, answers
    // from the window, and the build goes on until all 30 days are there (timed apart). Then the other
    // windows' days, built as a refresh would (nothing to do once built: a rerun prints ~0).
    const first = windows[0];
    const builtDays = async () =>
      Number(
        (
          await ds.query(
            'SELECT COUNT(*) AS n FROM summary_built_day WHERE customer_id = ? AND summary = ? AND local_date BETWEEN ? AND ?',
            [CUSTOMER, SUMMARY.visitCreatives, first.start, first.end],
          )
        )[0].n,
      );
    await ds.query('DELETE FROM summary_built_day WHERE customer_id = ? AND summary = ?', [
      CUSTOMER,
      SUMMARY.visitCreatives,
    ]);
    dashboardFlights.clear();
    const t0 = performance.now();
    const filter = rangeFilter(CUSTOMER, first.start, first.end, { creatives: creative(1) });
    await impressionSummary(new DashboardData(ds.manager, filter, SAMPLE_MIN));
    const answered = performance.now() - t0;
    while ((await builtDays()) < 30) await new Promise((r) => setTimeout(r, 50));
    print({
      figure: 'creative_summary_first_refresh',
      days: 30,
      answered_ms: Math.round(answered),
      wait_budget_ms: SUMMARY_WAIT_MS,
      built_ms: Math.round(performance.now() - t0),
    });
    const rest = windows[windows.length - 1];
    const t1 = performance.now();
    await refreshCreativeAttribution(ds.manager, CUSTOMER, rest.start, first.end);
    print({ figure: 'creative_summary_build', days: RUNS - 1, ms: Math.round(performance.now() - t1) });
  }
  for (const [name, extra] of payloads) {
    for (const [call, fn] of [
      ['reach_frequency', reachFrequency],
      ['incremental_lift', incrementalLift],
      ['impression_summary', impressionSummary],
      // incremental_lift's exact part alone: the holdout's control group.
      ['control_group', (d: DashboardData) => d.controlGroup().then((summary_data) => ({ summary_data }))],
    ] as const) {
      const times: number[] = [];
      let answer: any;
      for (const w of windows) {
        dashboardFlights.clear();
        const t0 = performance.now();
        answer = await fn(new DashboardData(ds.manager, rangeFilter(CUSTOMER, w.start, w.end, extra), SAMPLE_MIN));
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const row: Record<string, unknown> = {
        impressions: IMPRESSIONS,
        filter: name,
        call,
        p50_ms: Math.round(times[Math.floor(times.length / 2)]),
        max_ms: Math.round(times[times.length - 1]),
        summary: answer.summary_data,
      };
      if (call === 'incremental_lift' && Number(hasTruth) > 0) {
        row.truth = await trueEffect(
          ds.query.bind(ds),
          rangeFilter(CUSTOMER, windows[windows.length - 1].start, windows[windows.length - 1].end, extra),
          answer.summary_data,
        );
      }
      if (EXACT && (call === 'reach_frequency' || call === 'incremental_lift') && answer.summary_data.Approximate) {
        // The last window again, the exact way: how far the estimate landed.
        dashboardFlights.clear();
        const w = windows[windows.length - 1];
        const t0 = performance.now();
        const exact: any = await fn(
          new DashboardData(ds.manager, rangeFilter(CUSTOMER, w.start, w.end, extra), Number.POSITIVE_INFINITY),
        );
        row.exact_ms = Math.round(performance.now() - t0);
        row.exact = exact.summary_data;
        const a = answer.summary_data;
        const e = exact.summary_data;
        row.error =
          call === 'reach_frequency'
            ? { Reach: relError(a.Reach, e.Reach), Avg_Frequency: relError(a.Avg_Frequency, e.Avg_Frequency) }
            : {
                Exposed_Households: relError(a.Exposed_Households, e.Exposed_Households),
                Exposed_Rate: a.Exposed_Rate - e.Exposed_Rate,
                Lift: a.Lift - e.Lift,
                exact_lift_in_interval: e.Lift >= a.Lift_Low && e.Lift <= a.Lift_High,
              };
      }
      print(row);
    }
  }
  await ds.destroy();
}

/**
 * The true effect in the last window (item 4): the responding households exposure caused,
 * those with a response that have none among their baseline visits alone, and the true lift (over the
 * baseline responders); `inside` whether the holdout's interval of Incremental_Responses,
 * (Lift_Low .. Lift_High) x Control_Rate x Exposed_Households, holds it.
 */
async function trueEffect(q: (sql: string, params?: unknown[]) => Promise<any>, f: DashboardFilter, s: any) {
  const touch = touchScope(f);
  const [row] = await q(
    `SELECT COUNT(DISTINCT v.household_id) AS responding,
            COUNT(DISTINCT CASE WHEN c.visit_id IS NULL THEN v.household_id END) AS baseline
       FROM touch t JOIN visit v ON v.id = t.visit_id LEFT JOIN ${CAUSED_TABLE} c ON c.visit_id = t.visit_id
      WHERE ${touch.sql}`,
    touch.params,
  );
  const caused = Number(row.responding) - Number(row.baseline);
  const low = s.Lift_Low * s.Control_Rate * s.Exposed_Households;
  const high = s.Lift_High * s.Control_Rate * s.Exposed_Households;
  return {
    caused_responding: caused,
    lift: relError(Number(row.responding), Number(row.baseline)),
    incremental_interval: [Math.round(low), Math.round(high)],
    inside: s.Method === 'holdout' ? caused >= low && caused <= high : null,
  };
}

const toDate = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

/** Share of exposed impressions (in percent) that cause a visit of their household. */
const CAUSED_PERCENT = 1;
/** The generator's ground truth: the visits exposure caused (the bench's own table, never the gateway's). */
const CAUSED_TABLE = 'bench_caused_visit';

/**
 * The synthetic data set, in SQL (MariaDB's SEQUENCE engine numbers the rows). docs/design.md#reach-frequency-and-lift's holdout as
 * the bench states it: exposed and control households get impressions at the same rate (5 per household
 * over the 90 days) and baseline visits at the same rate (the visits drawn uniformly over all of them);
 * on top of that, CAUSED_PERCENT of the exposed impressions cause a visit of their household within
 * 7 x 24 h (mostly soon after), listed in CAUSED_TABLE. A control impression causes nothing.
 */
async function build(q: (sql: string, params?: unknown[]) => Promise<unknown>) {
  const households = Math.floor(IMPRESSIONS / 5);
  const controlHouseholds = Math.floor(households / 20);
  const visits = Math.floor(IMPRESSIONS / 10);
  const controls = Math.floor(IMPRESSIONS / 20);
  await q(`CREATE TABLE IF NOT EXISTS ${CAUSED_TABLE} (visit_id bigint unsigned NOT NULL PRIMARY KEY)`);
  // summary_built_day too: every day of the dashboard's summaries is rebuilt from the new rows.
  for (const t of [
    'touch',
    'visit_page',
    'visit',
    CAUSED_TABLE,
    'impression_event',
    'control_impression_event',
    'impression_rollup',
    'summary_built_day',
  ])
    await q(`DELETE FROM ${t}`);
  await q(
    `INSERT IGNORE INTO customer (id, cust_name, country_code, time_zone) VALUES (1, 'Bench Reach Ltd', 'NZ', 'UTC')`,
  );
  const tsOf = (seed: string) =>
    `TIMESTAMP('2026-08-01') + INTERVAL FLOOR(RAND(${seed}) * 90 * 86400000) * 1000 MICROSECOND`;
  const householdOf = (seq: string, hhBase: number, hhCount: number) =>
    `${hhBase} + CRC32(CONCAT('h', ${seq})) % ${hhCount}`;
  const insertImpressions = (table: string, count: number, hhBase: number, hhCount: number, prefix: string) =>
    q(
      `INSERT INTO ${table} (event_id, customer_id, impression_tag_id, booking_id, campaign_id, creative_id, channel_id,
         household_id, ts, local_date, weekday, daypart, region)
       SELECT CONCAT('${prefix}', seq), 1, 1 + seq % 9, 1 + seq % 3, 1 + seq % 2, 1 + (seq DIV 3) % 3, 1 + seq % 2,
              ${householdOf('seq', hhBase, hhCount)}, ts, DATE(ts), WEEKDAY(ts) + 1, 1 + HOUR(ts) DIV 3, 'AUK'
       FROM (SELECT seq, ${tsOf('seq + 7')} AS ts FROM seq_1_to_${count}) s`,
    );
  await insertImpressions('impression_event', IMPRESSIONS, 1, households, 'i');
  await insertImpressions('control_impression_event', controls, 10_000_000, controlHouseholds, 'c');
  await q(
    `INSERT INTO impression_rollup (customer_id, local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart, impressions)
     SELECT customer_id, local_date, booking_id, MIN(campaign_id), creative_id, MIN(channel_id), region, MIN(weekday), daypart, COUNT(*)
     FROM impression_event GROUP BY customer_id, local_date, booking_id, creative_id, region, daypart`,
  );
  // Baseline visits: one household drawn uniformly from exposed and control households alike (a
  // control household visits at the same rate as an exposed one would without the ad).
  await q(
    `INSERT INTO visit (customer_id, household_id, start_ts, end_ts, local_date, region, hits)
     SELECT 1, IF(n < ${households}, 1 + n, 10000000 + n - ${households}), ts, ts, DATE(ts), 'AUK', 1 FROM (
       SELECT CRC32(CONCAT('v', seq)) % ${households + controlHouseholds} AS n, ${tsOf('seq * 5')} AS ts
       FROM seq_1_to_${visits}) s`,
  );
  const [{ last }] = (await q('SELECT COALESCE(MAX(id), 0) AS last FROM visit')) as { last: number | string }[];
  // Caused visits: the chosen exposed impressions' households, a delay in [0, 7 x 24 h) after them
  // (the cube of a uniform draw: most within a day), so the impression is a touch of the visit.
  await q(
    `INSERT INTO visit (customer_id, household_id, start_ts, end_ts, local_date, region, hits)
     SELECT 1, hh, vts, vts, DATE(vts), 'AUK', 1 FROM (
       SELECT ${householdOf('seq', 1, households)} AS hh,
              ${tsOf('seq + 7')} + INTERVAL FLOOR(POW(CRC32(CONCAT('d', seq)) / 4294967296, 3) * 604800000) * 1000 MICROSECOND AS vts
       FROM seq_1_to_${IMPRESSIONS} WHERE CRC32(CONCAT('x', seq)) % 100 < ${CAUSED_PERCENT}) s`,
  );
  await q(`INSERT INTO ${CAUSED_TABLE} (visit_id) SELECT id FROM visit WHERE id > ?`, [last]);
  await q(
    `INSERT INTO visit_page (visit_id, site_tag_id, customer_id, local_date) SELECT id, 1 + id % 2, 1, local_date FROM visit`,
  );
  await q(
    `INSERT INTO touch (visit_id, impression_event_id, customer_id, visit_local_date, visit_ts, impression_ts, impression_local_date,
       booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart)
     SELECT v.id, i.event_id, 1, v.local_date, v.start_ts, i.ts, i.local_date, i.booking_id, i.campaign_id, i.creative_id,
            i.channel_id, i.region, i.weekday, i.daypart
     FROM visit v JOIN impression_event i ON i.customer_id = 1 AND i.household_id = v.household_id
       AND i.ts > v.start_ts - INTERVAL 7 DAY AND i.ts <= v.start_ts`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
