/**
 * node -r @swc-node/register tests/bench/attribution-windows.ts — what other attribution windows cost
 * (docs/design.md#attribution-settings, docs/architecture.md#summaries): on bench:reach-lift's data set (its named
 * database, built first by `BENCH_RUNS=1 npm run bench:reach-lift`), the 11 section-4 calls of one dashboard refresh
 * in parallel, cold (no single-flight reuse), over 30-day windows, and the attribution what-if alone, at the default
 * windows (summaries) and at W = 720 h / S = 48 h (the raw path); and the recompute that widens the touch table to
 * 30 days, per million impressions. The busy customer is put back to the defaults (wide touches deleted) first, so
 * a rerun measures the same work. Prints JSON lines.
 */
import { DEFAULT_ATTRIBUTION_WINDOWS, type AttributionWindows } from '@infinitum/rules';
import { migrate } from '../../gateway/src/db/migrate';
import { recomputeChange } from '../../gateway/src/modules/attribution/recompute';
import { DASHBOARD_CALLS } from '../../gateway/src/modules/analytics/calls/registry';
import { attributionWhatIf } from '../../gateway/src/modules/analytics/calls/attribution-what-if';
import { DashboardData } from '../../gateway/src/modules/analytics/dashboard-data';
import { rangeFilter } from '../../gateway/src/modules/analytics/filters/filter';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { latencyStats, printer } from './report';

const IMPRESSIONS = Number(process.env.BENCH_IMPRESSIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 8);
const SERVER = process.env.BENCH_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';
const DATABASE = process.env.BENCH_DATABASE ?? `infinitum_bench_reach_${IMPRESSIONS}`;
const CUSTOMER = 1;
const SECTION_4 = [
  'impression_summary',
  'responses_over_time',
  'visit_response_timing',
  'impressions_before_visit',
  'impression_heatmap',
  'responses_by_region',
  'responses_by_site',
  'creative_performance_summary',
  'creative_performance_cost',
  'platform_creative_performance',
  'analysis',
];
const print = printer('attribution-windows');

async function main() {
  if (!DATABASE.startsWith('infinitum_bench_')) throw new Error(`${DATABASE} is not a bench database`);
  const ds = await migrate(`${SERVER}/${DATABASE}`);
  // Back to the defaults: the touches a wider table added, the changes, the columns.
  await ds.query('DELETE FROM touch WHERE customer_id = ? AND impression_ts <= visit_ts - INTERVAL 168 HOUR', [
    CUSTOMER,
  ]);
  await ds.query('DELETE FROM attribution_change WHERE customer_id = ?', [CUSTOMER]);
  await ds.query(
    'UPDATE customer SET touch_window_hours = 168, same_day_window_hours = 24, touch_table_hours = 168 WHERE id = ?',
    [CUSTOMER],
  );
  const [[{ last }], [{ n }]] = await Promise.all([
    ds.query("SELECT DATE_FORMAT(MAX(local_date), '%Y-%m-%d') AS last FROM impression_rollup WHERE customer_id = ?", [
      CUSTOMER,
    ]),
    ds.query('SELECT COUNT(*) AS n FROM impression_event WHERE customer_id = ?', [CUSTOMER]),
  ]);
  const impressions = Number(n);
  const windows = Array.from({ length: RUNS }, (_, k) => {
    const end = new Date(Date.parse(`${last}T00:00:00Z`) - (k + 1) * 86_400_000);
    const start = new Date(end.getTime() - 29 * 86_400_000);
    return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
  });
  const calls = SECTION_4.map((name) => DASHBOARD_CALLS.find((c) => c.name === name)!);
  const reachCalls = ['reach_frequency', 'incremental_lift'].map((name) =>
    DASHBOARD_CALLS.find((c) => c.name === name)!,
  );
  const refresh = async (w: AttributionWindows, label: string) => {
    const times: number[] = [];
    const whatIf: number[] = [];
    const reach: number[] = [];
    // Warm once (summaries built for the windows' days), then time.
    for (const pass of ['warm', 'timed']) {
      for (const r of windows) {
        const filter = { ...rangeFilter(CUSTOMER, r.start, r.end), windows: w };
        dashboardFlights.clear();
        const t0 = performance.now();
        const data = new DashboardData(ds.manager, filter);
        await Promise.all(calls.map((c) => (c.compute as (d: DashboardData) => Promise<unknown>)(data)));
        if (pass === 'timed') times.push(performance.now() - t0);
        dashboardFlights.clear();
        const t1 = performance.now();
        await attributionWhatIf(new DashboardData(ds.manager, filter));
        if (pass === 'timed') whatIf.push(performance.now() - t1);
        // Reach and lift: sampled at the defaults, counted exactly at other windows.
        dashboardFlights.clear();
        const t2 = performance.now();
        const reachData = new DashboardData(ds.manager, filter);
        await Promise.all(reachCalls.map((c) => (c.compute as (d: DashboardData) => Promise<unknown>)(reachData)));
        if (pass === 'timed') reach.push(performance.now() - t2);
      }
    }
    print({ figure: 'refresh_11_calls_30_days', windows: label, impressions, ...latencyStats(times) });
    print({ figure: 'what_if_30_days', windows: label, impressions, ...latencyStats(whatIf) });
    print({ figure: 'reach_and_lift_30_days', windows: label, impressions, ...latencyStats(reach) });
  };
  await refresh(DEFAULT_ATTRIBUTION_WINDOWS, 'W 168 h / S 24 h (summaries)');
  // The recompute to 30 days: widen, backfill every visit day, switch.
  await ds.query(
    `INSERT INTO attribution_change (customer_id, from_touch_hours, from_same_day_hours, touch_hours, same_day_hours)
     VALUES (?, 168, 24, 720, 48)`,
    [CUSTOMER],
  );
  const [[{ n_before: before }]] = [
    await ds.query('SELECT COUNT(*) AS n_before FROM touch WHERE customer_id = ?', [CUSTOMER]),
  ];
  const t0 = performance.now();
  const outcome = await recomputeChange(ds, CUSTOMER);
  const ms = performance.now() - t0;
  const [[{ n_after: after }], [{ days }]] = await Promise.all([
    ds.query('SELECT COUNT(*) AS n_after FROM touch WHERE customer_id = ?', [CUSTOMER]),
    ds.query('SELECT days_total AS days FROM attribution_change WHERE customer_id = ? ORDER BY id DESC LIMIT 1', [
      CUSTOMER,
    ]),
  ]);
  print({
    figure: 'recompute_to_720h',
    outcome,
    impressions,
    days: Number(days),
    touches_before: Number(before),
    touches_added: Number(after) - Number(before),
    ms: Math.round(ms),
    ms_per_million_impressions: Math.round((ms * 1e6) / impressions),
  });
  await refresh({ touchWindowHours: 720, sameDayWindowHours: 48 }, 'W 720 h / S 48 h (raw path)');
  await ds.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
