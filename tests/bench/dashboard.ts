/**
 * npm run bench:dashboard — docs/design.md#performance-targets dashboard refresh benchmark. Prints JSON lines.
 *
 * Generates the reference data set (1 busy customer, 20 small ones; BENCH_IMPRESSIONS impressions
 * for the busy one, a tenth as many site hits, 90 days) and pushes it through the real pipeline
 * (POST /api/ingest/events of a gateway child process -> Redis -> an ETL worker process), unless
 * the named bench database (BENCH_DATABASE) already holds exactly that data set. Then times full refreshes (the 11
 * calls in parallel, each window new so the gateway's cache is cold) unfiltered and with 3 filters,
 * for 7, 30 and 90-day windows (BENCH_RANGES; 30 days is docs/design.md#performance-targets's target, BENCH_RUNS refreshes,
 * the others BENCH_RANGE_RUNS), times DuckDB computing the same numbers from the raw events, checks that every
 * timed refresh's 11 answers equal DuckDB's (the first difference fails the bench), and reports the
 * gateway's and the ETL worker's peak RSS (each its own process).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { migrate } from '../../gateway/src/db/migrate';
import { signAccessToken } from '../../gateway/src/modules/auth/access-token';
import { type BenchFilter, duckDbRefresh, firstDifference, loadDuckDb } from './dashboard-duckdb';
import { eventChunks, expectedCounts } from './dashboard-events';
import { type BenchCustomer, connect, createBenchCustomer } from './dashboard-world';
import { printer, quantile } from './report';

// Default 1 M; docs/design.md#performance-targets's full size is BENCH_IMPRESSIONS=10000000. Loaded once through the pipeline (the
// README's Benchmarks say how long it took), then reused from the named database.
const IMPRESSIONS = Number(process.env.BENCH_IMPRESSIONS ?? 1_000_000);
const DATABASE = process.env.BENCH_DATABASE ?? `infinitum_bench_dashboard_${IMPRESSIONS}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 12);
// Window lengths in days (docs/design.md#performance-targets's target is the 30-day one; 7 and 90 show how cost grows).
const RANGES = (process.env.BENCH_RANGES ?? '7,30,90').split(',').filter(Boolean).map(Number);
const RANGE_RUNS = Number(process.env.BENCH_RANGE_RUNS ?? 6);
// Windows timed on their first read with no summary of their days built (BENCH_COLD_RANGES='' skips them).
const COLD_RANGES = (process.env.BENCH_COLD_RANGES ?? '90,365').split(',').filter(Boolean).map(Number);
// BENCH_PER_CALL=1: also times each of the 11 calls alone, cold, on the 30-day windows.
const PER_CALL = process.env.BENCH_PER_CALL === '1';
// BENCH_SCENARIOS=3_filters (or unfiltered): times only that scenario (default both).
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'unfiltered,3_filters').split(',');
// BENCH_WHAT_IF=0: skips the attribution what-if's timing (docs/design.md#attribution-what-if; on by default).
const TIME_WHAT_IF = process.env.BENCH_WHAT_IF !== '0';
// BENCH_RANGES='' times no refresh range (with BENCH_COLD_RANGES='' and BENCH_REACH_LIFT=0: the what-if alone).
// BENCH_REACH_LIFT=0: skips the 13-call refresh with reach/lift (~15 s a refresh at 10M) when iterating on the 11.
const TIME_REACH_LIFT = process.env.BENCH_REACH_LIFT !== '0';
const SERVER = process.env.BENCH_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUSY = 'Bench Busy Ltd';
const CALLS = [
  'impression_summary',
  'impressions_before_visit',
  'responses_by_region',
  'responses_by_site',
  'responses_over_time',
  'visit_response_timing',
  'platform_creative_performance',
  'creative_performance_summary',
  'creative_performance_cost',
  'impression_heatmap',
  'analysis',
];
/** docs/design.md#reach-frequency-and-lift's calls, timed with the 11 in the screen's whole refresh (not compared with DuckDB). */
const REACH_LIFT = ['reach_frequency', 'incremental_lift'];

const print = printer('dashboard');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** The gateway as a child process (its RSS is measured on its own); resolves its URL once /healthz answers. */
async function startGateway(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? GATEWAY_NODE_FLAGS).split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '-r', '@swc-node/register', 'gateway/src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('gateway did not start');
}

/** The node flags of an npm script (those before `-r` or the file), so the bench measures each process as users run it. */
const nodeFlagsOf = (script: string) =>
  (
    (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts[script].match(
      /^node ((?:--[\w-]+=\S+ )*)/,
    )?.[1] ?? ''
  ).trim();
const WORKER_NODE_FLAGS = nodeFlagsOf('worker');
/**
 * The bench's gateway runs without the ETL (WORKER=0), as docs/operations.md#processes says to run a gateway split from its
 * workers: with the worker's heap bound. BENCH_GATEWAY_NODE_ARGS replaces it.
 */
const GATEWAY_NODE_FLAGS = WORKER_NODE_FLAGS;

/** The ETL as its own process (`npm run worker`), so the gateway's RSS is the gateway's alone. */
function startWorker(env: Record<string, string>): ChildProcess {
  // The worker runs with the node flags `npm run worker` gives it (its heap bound); BENCH_WORKER_NODE_ARGS
  // replaces them to compare memory settings.
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? WORKER_NODE_FLAGS).split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '-r', '@swc-node/register', 'gateway/src/worker-main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    // Dying before the bench stops it (after the load) leaves the load unfinished: fail loudly.
    if (!child.killed) {
      console.error(`ETL worker exited with ${code ?? signal}`);
      process.exit(1);
    }
  });
  return child;
}

/** Peak resident set of a process (VmHWM), in MB. */
const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function post(url: string, token: string, path: string, body: string, type = 'application/json') {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
    signal: AbortSignal.timeout(300_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/**
 * One bulk ingest post, sent again (at most 3 times) when the connection drops before an answer: every line
 * carries an event id, so a batch the gateway did take is not counted twice (the ETL drops repeated ids).
 */
async function ingest(url: string, token: string, body: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await post(url, token, '/api/ingest/events', body, 'application/x-ndjson');
    } catch (e) {
      const dropped = e instanceof TypeError && /ECONNRESET|EPIPE|UND_ERR_SOCKET/.test(String((e.cause as any)?.code));
      if (!dropped || attempt === 3) throw e;
      print({ figure: 'ingest_post_retried', attempt, cause: String((e.cause as any)?.code) });
    }
  }
}

/** Fails the bench at the first number of the 11 answers that differs from DuckDB's. */
function check(what: string, gateway: unknown[], duck: Record<string, unknown>) {
  CALLS.forEach((c, i) => {
    const diff = firstDifference(c, gateway[i], duck[c]);
    if (diff) {
      print({ figure: 'answers_differ', refresh: what, first_difference: diff });
      throw new Error(`${what}: the gateway's answer differs from DuckDB's at ${diff}`);
    }
  });
}

/** GET /api/ingest/status; a gateway that does not answer in a minute fails the bench instead of hanging it. */
async function ingestStatus(url: string, token: string): Promise<{ idle?: boolean; processed?: number }> {
  const r = await fetch(`${url}/api/ingest/status`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(60_000),
  });
  return (await r.json()) as { idle?: boolean; processed?: number };
}

async function waitIdle(url: string, token: () => string) {
  while (!(await ingestStatus(url, token())).idle) await sleep(500);
}

/**
 * Does the ETL slow as the tables grow: samples the committed count every 2 s during the
 * load and prints, as each whole million of stored events passes, the rate over the 500k events before it.
 */
function trackEtlRate(url: string, token: () => string) {
  const samples: { t: number; n: number }[] = [];
  let running = true;
  let next = 1_000_000;
  const loop = (async () => {
    while (running) {
      samples.push({ t: performance.now(), n: Number((await ingestStatus(url, token())).processed ?? 0) });
      const to = samples[samples.length - 1];
      while (to.n >= next) {
        const from = samples.find((x) => x.n >= next - 500_000);
        if (from && to.t > from.t)
          print({
            figure: 'etl_rate_at_stored_events',
            stored_events: next,
            events_per_s: Math.round((to.n - from.n) / ((to.t - from.t) / 1000)),
          });
        next += 1_000_000;
      }
      await sleep(2000);
    }
  })();
  return {
    stop: () => {
      running = false;
      return loop;
    },
  };
}

async function main() {
  const mysqlUrl = `${SERVER}/${DATABASE}`;
  const admin = await createConnection(SERVER);
  await admin.query(`CREATE DATABASE IF NOT EXISTS \`${DATABASE}\``);
  await admin.end();
  const ds = await migrate(mysqlUrl);
  await ds.destroy();
  const db = await connect(mysqlUrl);
  const expected = expectedCounts(IMPRESSIONS);
  const [[busyRow]] = (await db.query('SELECT id FROM customer WHERE cust_name = ?', [BUSY])) as any;
  let loaded = false;
  if (busyRow) {
    const [[n]] = (await db.query(
      'SELECT (SELECT COUNT(*) FROM impression_event WHERE customer_id = ?) AS i, (SELECT COUNT(*) FROM site_hit WHERE customer_id = ?) AS h',
      [busyRow.id, busyRow.id],
    )) as any;
    loaded = Number(n.i) === expected.impressions && Number(n.h) === expected.hits;
    if (!loaded) throw new Error(`${DATABASE} holds a different data set; drop it or set BENCH_DATABASE`);
  }
  const secret = randomBytes(32).toString('hex');
  const env = {
    MYSQL_URL: mysqlUrl,
    REDIS_URL,
    REDIS_PREFIX: `bench:${DATABASE}:`,
    JWT_SECRET: secret,
    HOUSEHOLD_SALT: randomBytes(16).toString('hex'),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  // The gateway collects and answers; the ETL runs in its own process (below), as in production.
  const { child, url } = await startGateway({
    ...env,
    WORKER: '0',
    SPOOL_DIR: mkdtempSync(`${tmpdir()}/bench-spool-`),
  });
  let worker: ChildProcess | null = null;
  // Never leave a child running when the bench is interrupted.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      child.kill('SIGTERM');
      worker?.kill('SIGTERM');
      process.exit(130);
    });
  }
  try {
    const [u] = (await db.query(
      "INSERT INTO user (name, email, admin, entity_type, entity_id, active) VALUES ('Bench', ?, 1, 'SYSTEM', 0, 1)",
      [`bench-${Date.now()}@bench.infinitum`],
    )) as any;
    const sign = () =>
      signAccessToken(secret, {
        userId: u.insertId,
        name: 'Bench',
        email: 'bench@bench.infinitum',
        role: 'ROLE_ADMIN',
        entityType: 'SYSTEM',
        entityId: 0,
        admin: true,
      });
    // A run at 10M outlives one access token (ACCESS_TOKEN_SECONDS): the calls below read `token` when
    // they are made, so a token re-signed every few minutes keeps them signed in.
    let token = sign();
    const resign = setInterval(() => (token = sign()), 4 * 60_000);
    resign.unref();
    let busyId: number = busyRow?.id;
    if (!loaded) {
      const endMs = Date.now() - 3_600_000;
      const busy = await createBenchCustomer(db, BUSY, {
        campaigns: 3,
        channels: 4,
        creatives: 8,
        bookings: 8,
        siteTags: 5,
      });
      busyId = busy.id;
      const small: BenchCustomer[] = [];
      for (let i = 0; i < 20; i++) {
        small.push(
          await createBenchCustomer(db, `Bench Small ${i + 1}`, {
            campaigns: 1,
            channels: 1,
            creatives: 2,
            bookings: 1,
            siteTags: 1,
          }),
        );
      }
      worker = startWorker(env);
      const progress = trackEtlRate(url, () => token);
      const t0 = performance.now();
      let events = 0;
      const sends: Promise<unknown>[] = [];
      const plan = [
        { c: busy, seed: 1, impressions: IMPRESSIONS },
        ...small.map((c, i) => ({ c, seed: 100 + i, impressions: Math.max(200, Math.floor(IMPRESSIONS / 1000)) })),
      ];
      for (const p of plan) {
        for (const lines of eventChunks(p.c, {
          seed: p.seed,
          impressions: p.impressions,
          days: 90,
          endMs,
          chunk: 20_000,
        })) {
          events += lines.length;
          const sent = ingest(url, token, lines.join('\n'));
          sent.catch(() => {}); // handled when awaited below; a rejection meanwhile must not crash the bench
          sends.push(sent);
          if (sends.length >= 2) await sends.shift();
        }
      }
      await Promise.all(sends);
      await waitIdle(url, () => token);
      const seconds = (performance.now() - t0) / 1000;
      await progress.stop();
      print({ figure: 'load_through_pipeline', events, seconds, events_per_s: Math.round(events / seconds) });
      print({ figure: 'etl_worker_peak_rss_mb', value: peakRssMb(worker.pid!), impressions: IMPRESSIONS });
      print({ figure: 'gateway_peak_rss_mb_after_load', value: peakRssMb(child.pid!), target: '< 512' });
      worker.kill('SIGTERM');
      worker = null;
    } else {
      print({ figure: 'reused_database', database: DATABASE });
    }
    const [[{ last }]] = (await db.query(
      'SELECT MAX(local_date) AS last FROM impression_rollup WHERE customer_id = ?',
      [busyId],
    )) as any;
    const [creatives] = (await db.query('SELECT id FROM creative WHERE customer_id = ? ORDER BY id LIMIT 3', [
      busyId,
    ])) as any;
    // Each range's windows end 1..n days before the last day, so every window is new (the gateway's
    // parts are cold); a 90-day window reaches before the data's first day (the set spans 90 days).
    const windowsOf = (days: number, n: number) =>
      Array.from({ length: n }, (_, k) => {
        const end = new Date(Date.parse(`${last}T00:00:00Z`) - (k + 1) * 86_400_000);
        const start = new Date(end.getTime() - (days - 1) * 86_400_000);
        return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
      });
    const allScenarios: { name: string; filter: (w: { start: string; end: string }) => BenchFilter }[] = [
      { name: 'unfiltered', filter: (w) => ({ ...w, regions: [], creatives: [], dayparts: [] }) },
      {
        name: '3_filters',
        filter: (w) => ({
          ...w,
          regions: ['AUK', 'WGN', 'CAN'],
          creatives: creatives.map((c: any) => c.id),
          dayparts: [5, 6, 7],
        }),
      },
    ];
    const scenarios = allScenarios.filter((s) => SCENARIOS.includes(s.name));
    const payloadOf = (f: BenchFilter) =>
      JSON.stringify({
        client_id: busyId,
        startdate: f.start,
        enddate: f.end,
        region: f.regions.length ? f.regions : [0],
        creative: f.creatives.length ? f.creatives : [0],
        time_slots: f.dayparts.length ? f.dayparts : [0],
      });
    const tmp = mkdtempSync(`${tmpdir()}/bench-duck-`);
    const tExport = performance.now();
    const duck = await loadDuckDb(db, busyId, tmp);
    print({ figure: 'duckdb_export_load', seconds: (performance.now() - tExport) / 1000 });
    // The first read of a range nobody has read (docs/design.md#performance-targets: no first-read tail), two
    // ways, each on a database where no summary of the busy customer's days is built (every built day is
    // forgotten first, as after a migration that adds a summary): `keeper_built`, once the summary keeper has
    // built them (as after the ETL writes days: nobody has read them, nothing is built while the reader
    // waits; also prints how long the keeper took for all 90 days), and `nothing_built`, read at once (a reader
    // before the keeper: the builds are bounded by the wait budget, the raw tables answer meanwhile). These come
    // before the warm-up: the gateway's first refreshes of all.
    // The summary keeper is a background task of the process that runs the ETL (`npm run worker`), as deployed;
    // it stays up for the rest of the bench (idle, its rounds are one small read each).
    if (COLD_RANGES.length > 0) worker ??= startWorker(env);
    // Days of the window not built (since every built day was forgotten) for impression cells, visit
    // attribution and the reach sample: the keeper's rounds build the marked ones, its sweep the others.
    const unbuilt = async (start: string, end: string, days: number) => {
      const rows = (await db.query(
        `SELECT summary, COUNT(*) AS n FROM summary_built_day
          WHERE customer_id = ? AND summary IN (1, 2, 4) AND local_date BETWEEN ? AND ? GROUP BY summary`,
        [busyId, start, end],
      )) as any;
      const built = new Map<number, number>(rows[0].map((r: any) => [Number(r.summary), Number(r.n)]));
      return [1, 2, 4].reduce((a, k) => a + days - (built.get(k) ?? 0), 0);
    };
    for (const way of ['keeper_built', 'nothing_built'] as const) {
      for (const days of COLD_RANGES) {
        for (const s of scenarios) {
          const end = last as string;
          const start = new Date(Date.parse(`${end}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
          const f = s.filter({ start, end });
          await db.query('DELETE FROM summary_built_day WHERE customer_id = ?', [busyId]);
          if (way === 'keeper_built') {
            const t0 = performance.now();
            while ((await unbuilt(start, end, days)) > 0) {
              if (performance.now() - t0 > 900_000) throw new Error('the summary keeper did not catch up in 15 min');
              await sleep(250);
            }
            print({ figure: 'summary_keeper_caught_up', days, seconds: (performance.now() - t0) / 1000 });
          }
          await sleep(3100); // no part of an earlier window is kept
          const payload = payloadOf(f);
          const own = new Map<string, number>();
          const t0 = performance.now();
          const answers = await Promise.all(
            [...CALLS, ...REACH_LIFT].map(async (c) => {
              const answer = await post(url, token, `/api/dashboard/${c}`, payload);
              own.set(c, Math.round(performance.now() - t0));
              return answer;
            }),
          );
          const ms = performance.now() - t0;
          const d = await duckDbRefresh(duck, f);
          check(`cold (${way}) ${s.name} ${days}d ${start}..${end}`, answers.slice(0, CALLS.length), d.answers);
          print({
            figure: 'first_read_refresh_with_reach_lift',
            way,
            days,
            scenario: s.name,
            ms: Math.round(ms),
            slowest_calls_ms: Object.fromEntries([...own].sort((a, b) => b[1] - a[1]).slice(0, 3)),
            duckdb_ms: Math.round(d.ms),
            answers_equal_duckdb: 'the 11 calls',
            target: 'p95 < 300 ms (docs/design.md#performance-targets)',
          });
        }
      }
    }
    // Warm-up on a window that is not measured (JIT, connection pools, DuckDB's first plans).
    const warm = { start: windowsOf(40, RUNS + 1)[RUNS].start, end: windowsOf(40, 1)[0].end };
    check(
      `warm-up ${warm.start}..${warm.end}`,
      await Promise.all(
        CALLS.map((c) =>
          post(
            url,
            token,
            `/api/dashboard/${c}`,
            JSON.stringify({ client_id: busyId, startdate: warm.start, enddate: warm.end }),
          ),
        ),
      ),
      (await duckDbRefresh(duck, { ...warm, regions: [], creatives: [], dayparts: [] })).answers,
    );
    if (TIME_REACH_LIFT) {
      // The warm-up window again with reach/lift: brings their household sample up to date for every
      // measured window's days (after a load or a migration, every day is built once here; the time
      // is printed, outside the refresh timings).
      const t0 = performance.now();
      const payload = JSON.stringify({ client_id: busyId, startdate: warm.start, enddate: warm.end });
      await Promise.all(REACH_LIFT.map((c) => post(url, token, `/api/dashboard/${c}`, payload)));
      print({ figure: 'reach_lift_warm_up', days: 40, seconds: (performance.now() - t0) / 1000 });
    }
    if (TIME_WHAT_IF) {
      // The attribution what-if (docs/design.md#attribution-what-if) alone, cold, on BENCH_RUNS 30-day windows
      // per scenario, beside impression_summary alone, cold, on as many other windows in the same run (each
      // window read once, so no part is shared): p50/p95 and the ratio of the two. Outside the timings, each
      // what-if's 7-day row equals impression_summary's Total_Responses of its window.
      await sleep(3100);
      const windows = windowsOf(30, 2 * RUNS);
      for (const s of scenarios) {
        const whatIfMs: number[] = [];
        const summaryMs: number[] = [];
        const answers: { payload: string; week: number }[] = [];
        for (let i = 0; i < RUNS; i++) {
          const payload = payloadOf(s.filter(windows[i]));
          const t0 = performance.now();
          const w = await post(url, token, '/api/dashboard/attribution_what_if', payload);
          whatIfMs.push(performance.now() - t0);
          answers.push({ payload, week: w.table_data.find((r: any) => r.Window_Hours === 168).Total_Responses });
          const t1 = performance.now();
          await post(url, token, '/api/dashboard/impression_summary', payloadOf(s.filter(windows[RUNS + i])));
          summaryMs.push(performance.now() - t1);
        }
        for (const a of answers) {
          const summary = await post(url, token, '/api/dashboard/impression_summary', a.payload);
          if (summary.summary_data.Total_Responses !== a.week) {
            throw new Error(
              `what_if at 7 d ${a.week} != impression_summary ${summary.summary_data.Total_Responses} (${a.payload})`,
            );
          }
        }
        print({
          figure: 'what_if',
          days: 30,
          scenario: s.name,
          runs: RUNS,
          impressions: IMPRESSIONS,
          p50_ms: quantile(whatIfMs, 0.5),
          p95_ms: quantile(whatIfMs, 0.95),
          impression_summary_p50_ms: quantile(summaryMs, 0.5),
          impression_summary_p95_ms: quantile(summaryMs, 0.95),
          ratio_p95: quantile(whatIfMs, 0.95) / quantile(summaryMs, 0.95),
          week_equals_impression_summary: `${RUNS} of ${RUNS}`,
          target: 'p95 < 1 s at 10M',
        });
      }
      await sleep(3100);
    }
    let checked = 0;
    for (const days of RANGES) {
      // The 30-day refreshes are the headline (docs/design.md#performance-targets): BENCH_RUNS of them; other ranges BENCH_RANGE_RUNS.
      const runs = days === 30 ? RUNS : RANGE_RUNS;
      const windows = windowsOf(days, runs);
      for (const s of scenarios) {
        const gatewayMs: number[] = [];
        const duckMs: number[] = [];
        const keptMs: number[] = [];
        for (const w of windows) {
          const f = s.filter(w);
          const payload = payloadOf(f);
          const t0 = performance.now();
          const cold = await Promise.all(CALLS.map((c) => post(url, token, `/api/dashboard/${c}`, payload)));
          gatewayMs.push(performance.now() - t0);
          // The same refresh again at once: its parts are still kept (single-flight), so this is the
          // floor of 11 authenticated HTTP calls and their JSON, without any analytics SQL.
          const t1 = performance.now();
          const kept = await Promise.all(CALLS.map((c) => post(url, token, `/api/dashboard/${c}`, payload)));
          keptMs.push(performance.now() - t1);
          const d = await duckDbRefresh(duck, f);
          duckMs.push(d.ms);
          // Outside the timings: both refreshes answered exactly DuckDB's numbers, so the ratio
          // compares the same work.
          check(`${s.name} ${days}d ${f.start}..${f.end}`, cold, d.answers);
          check(`${s.name} ${days}d ${f.start}..${f.end} (kept)`, kept, d.answers);
          checked += 2;
        }
        const g50 = quantile(gatewayMs, 0.5);
        const g95 = quantile(gatewayMs, 0.95);
        const d50 = quantile(duckMs, 0.5);
        const d95 = quantile(duckMs, 0.95);
        print({
          figure: 'refresh',
          days,
          scenario: s.name,
          runs,
          gateway_p50_ms: g50,
          gateway_p95_ms: g95,
          duckdb_p50_ms: d50,
          duckdb_p95_ms: d95,
          ratio_p50: g50 / d50,
          ratio_p95: g95 / d95,
          gateway_parts_kept_p50_ms: quantile(keptMs, 0.5),
          answers_equal_duckdb: `${runs} of ${runs} refreshes, 11 calls each`,
          target: days === 30 ? 'ratio <= 1.0, p95 < 300 ms' : 'printed (how cost grows)',
        });
        if (days === 30 && TIME_REACH_LIFT) {
          // The screen's whole refresh also asks reach_frequency and incremental_lift (docs/design.md#reach-frequency-and-lift;
          // DuckDB does not compute them, the suites compare them with the reference calculator). The 13
          // calls in parallel on the same windows, cold (the parts above expire after 3 s). Each call's
          // own time inside the refresh is printed too: which parts the refresh waits on.
          await sleep(3100);
          const wholeMs: number[] = [];
          const own = new Map<string, number[]>([...CALLS, ...REACH_LIFT].map((c) => [c, []]));
          for (const w of windows) {
            const payload = payloadOf(s.filter(w));
            const t0 = performance.now();
            await Promise.all(
              [...CALLS, ...REACH_LIFT].map(async (c) => {
                await post(url, token, `/api/dashboard/${c}`, payload);
                own.get(c)?.push(performance.now() - t0);
              }),
            );
            wholeMs.push(performance.now() - t0);
          }
          print({
            figure: 'refresh_with_reach_lift',
            days,
            scenario: s.name,
            runs,
            p50_ms: quantile(wholeMs, 0.5),
            p95_ms: quantile(wholeMs, 0.95),
            ...Object.fromEntries(
              REACH_LIFT.flatMap((c) => [
                [`${c}_p50_ms`, quantile(own.get(c)!, 0.5)],
                [`${c}_p95_ms`, quantile(own.get(c)!, 0.95)],
              ]),
            ),
            target: 'p95 < 300 ms',
          });
          const ms = (x: number) => Math.round(x * 10) / 10;
          print({
            figure: 'call_in_whole_refresh_p50_p95_ms',
            days,
            scenario: s.name,
            ...Object.fromEntries([...own].map(([c, t]) => [c, [ms(quantile(t, 0.5)), ms(quantile(t, 0.95))]])),
          });
        }
        if (PER_CALL && days === 30) {
          // Each call alone, cold: in one round every call gets its own window (its parts were kept
          // at most 3 s after the refreshes above, so they are not kept any more), rounds 3.1 s apart.
          const perCall = new Map<string, number[]>(CALLS.map((c) => [c, []]));
          for (let round = 0; round < 3; round++) {
            await sleep(3100);
            for (let i = 0; i < CALLS.length; i++) {
              const payload = payloadOf(s.filter(windows[(i + round) % windows.length]));
              const t0 = performance.now();
              await post(url, token, `/api/dashboard/${CALLS[i]}`, payload);
              perCall.get(CALLS[i])!.push(performance.now() - t0);
            }
          }
          print({
            figure: 'call_alone_cold_p50_ms',
            days,
            scenario: s.name,
            ...Object.fromEntries([...perCall].map(([c, ms]) => [c, Math.round(quantile(ms, 0.5) * 10) / 10])),
          });
        }
      }
    }
    print({ figure: 'answers_checked', refreshes: checked, calls: CALLS.length, all_equal_duckdb: true });
    print({ figure: 'gateway_peak_rss_mb', value: peakRssMb(child.pid!), target: '< 512', impressions: IMPRESSIONS });
  } finally {
    child.kill('SIGTERM');
    worker?.kill('SIGTERM');
    await db.end();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
