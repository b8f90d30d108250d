/**
 * npm run bench:ingest — docs/design.md#performance-targets collector and ETL benchmark (a benchmark, not a test). Prints JSON lines.
 *
 * 1. Collector: requests/s of the standalone collector (validation, household hash, geo, durable
 *    XADD before answering) against a bare Node http server answering the same GIF (and nginx serving
 *    it as a static file, when installed), all child processes, driven by wrk (`apt-get install wrk`;
 *    an in-process undici loop when wrk is missing) in alternating rounds of the same run.
 * 2. ETL: events/s of the worker (tags, local time, sessions, touches, rollups, idempotent, one
 *    transaction per batch) over N stream events, against MySQL `LOAD DATA LOCAL INFILE` of the
 *    same raw rows into plain copies of the event tables.
 * 3. Peak RSS of the collector process and of this process (which runs the ETL).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import Redis from 'ioredis';
import { createConnection } from 'mysql2/promise';
import { Pool } from 'undici';
import { DEFAULT_SHARDS } from '../../gateway/src/stream';
import { appendHits, ensureGroup } from '../../gateway/src/stream/redis/append';
import { streamKeys } from '../../gateway/src/stream/redis/keys';
import { GIF, GIF_HEADERS } from '../../gateway/src/collector/hit';
import { migrate } from '../../gateway/src/db/migrate';
import {
  REDIS_URL,
  SERVER,
  benchHits,
  SHAPE,
  cleanRedis,
  freePort,
  peakRssMb,
  seedWorld,
  sleep,
  startChild,
} from './ingest-kit';
import { EtlWorker } from '../../gateway/src/etl/worker';
import { etlPhaseMs } from '../../gateway/src/etl/writer';
import { createLogger } from '../../gateway/src/shared/logger';
import { redisKeys } from '../../gateway/src/shared/redis';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Alternating rounds of bare / collector / nginx (the median round ratio is reported). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 60_000);
const ETL_WORKERS = Number(process.env.BENCH_ETL_WORKERS ?? 1);
/** 'collector' or 'etl' runs that part alone (both by default). */
const ONLY = process.env.BENCH_ONLY ?? '';

const print = (o: Record<string, unknown>) => console.log(JSON.stringify({ bench: 'ingest', ...o }));

/** Keep-alive GET loop in this process: the fallback generator when wrk is not installed. */
async function loadUndici(port: number, path: (n: number) => string): Promise<number> {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONNECTIONS, pipelining: 1 });
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  let n = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const res = await pool.request({ method: 'GET', path: path(n++) });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
      done++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const rate = done / ((Date.now() - started) / 1000);
  await pool.close();
  return Math.round(rate);
}

const which = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim();

/**
 * CPU placement on a small machine. Default: nothing pinned, wrk with one thread (BENCH_WRK_THREADS), so
 * the kernel spreads wrk, the server and Redis over the cores as it would in production. BENCH_PIN=1
 * runs the servers on the last core and wrk on core 0 (Redis and everything else float); on a shared
 * machine that makes the server's figure hostage to whatever else runs on its core.
 */
const CORES = availableParallelism();
const PIN = process.env.BENCH_PIN === '1' && CORES >= 2 && !!which('taskset');
const SERVER_CPU = String(CORES - 1);
const pinned = (cpu: string, cmd: string, args: string[]): [string, string[]] =>
  PIN ? ['taskset', ['-c', cpu, cmd, ...args]] : [cmd, args];

/** wrk (C, event loop) as the generator: WRK_THREADS threads, CONNECTIONS keep-alive connections. */
const WRK = which('wrk');
const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);

/**
 * A wrk script sending pixel paths as `pixel(n)` does: 5,000 households in turn, each with its cache buster.
 * The requests are formatted once at start and sent in turn: formatting one per request in Lua cost wrk
 * CPU on the 2 cores it shares with the server (and with Redis, for the collector).
 */
const wrkScript = (key: string) => `
local requests = {}
init = function()
  for i = 0, 4999 do
    requests[i] = wrk.format("GET", "/t/i/${key}?hh=" .. (1000 + i) .. "&r=AUK&cb=" .. (100000 + i))
  end
end
local n = 0
request = function()
  n = n + 1
  return requests[n % 5000]
end`;

async function loadWrk(port: number, script: string): Promise<number> {
  const [cmd, args] = pinned('0', WRK, [
    `-t${WRK_THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    '-s',
    script,
    `http://127.0.0.1:${port}/`,
  ]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (code !== 0 || !rate) throw new Error(`wrk failed (${code}): ${out}`);
  const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (bad) throw new Error(`${bad[1]} answers were not 200: ${out}`);
  return Math.round(Number(rate[1]));
}

/** CPU time (user + system) a process has used so far, ms (Linux /proc; clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Idle time of all the machine's cores so far, ms (/proc/stat's idle field, in clock ticks of 10 ms). */
const idleMs = () => Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/)[4]) * 10;

/** Redis's process id when it runs on this machine (its INFO names one that is a redis-server here). */
async function localRedisPid(): Promise<number | null> {
  const redis = new Redis(REDIS_URL);
  try {
    const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
    return pid && readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('redis') ? pid : null;
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}

/**
 * The bare server: the same GIF with the same header list, passed to writeHead the same way, and the same
 * keep-alive timeout as the collector (its Keep-Alive header says so), so both answer the same bytes and
 * the ratio measures the collector's own work, not a shorter answer.
 */
const BARE = `
const http = require('node:http');
const gif = Buffer.from(${JSON.stringify(GIF.toString('base64'))}, 'base64');
const headers = ${JSON.stringify(GIF_HEADERS)};
const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(gif);
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), '127.0.0.1');`;

/** nginx (when installed) serving the same GIF as a static file, one worker on the servers' core. */
async function startNginx(dir: string): Promise<{ child: ChildProcess; port: number } | null> {
  const nginx = which('nginx');
  if (!nginx) return null;
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pixel.gif'), GIF);
  const conf = `
worker_processes 1;
master_process off;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location = /healthz { return 200; }
    location / {
      default_type image/gif;
      add_header Cache-Control "no-store, no-cache, must-revalidate";
      add_header Pragma no-cache;
      try_files /pixel.gif =404;
    }
  }
}`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const [cmd, args] = pinned(SERVER_CPU, nginx, ['-c', join(dir, 'nginx.conf')]);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  await waitPort(port);
  return { child, port };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function benchCollector(prefix: string) {
  const key = randomBytes(12).toString('base64url');
  const pixel = (n: number) => `/t/i/${key}?hh=${1000 + (n % 5000)}&r=AUK&cb=${n}`;
  const work = `/tmp/infinitum-bench-collector-${process.pid}`;
  mkdirSync(work, { recursive: true });
  const script = join(work, 'pixel.lua');
  writeFileSync(script, wrkScript(key));
  const redisPid = await localRedisPid();
  /**
   * Requests/s, the server process's CPU µs per request, Redis's CPU µs per request (the collector's
   * durable enqueue wakes it; null when Redis runs on another machine) and the share of the machine's
   * CPU left idle (a server that waits on a round trip leaves cores idle that a CPU-bound one fills).
   */
  const load = async (port: number, pid: number) => {
    const [cpu, redisCpu, idle] = [cpuMs(pid), redisPid ? cpuMs(redisPid) : 0, idleMs()];
    const rate = await (WRK ? loadWrk(port, script) : loadUndici(port, pixel));
    const perRequest = (ms: number) => +((ms * 1000) / (rate * SECONDS)).toFixed(1);
    return {
      rate,
      cpu_us: Math.round(perRequest(cpuMs(pid) - cpu)),
      redis_cpu_us: redisPid ? perRequest(cpuMs(redisPid) - redisCpu) : null,
      idle_pct: Math.round((100 * (idleMs() - idle)) / (CORES * SECONDS * 1000)),
    };
  };

  const barePort = await freePort();
  const [bareCmd, bareArgs] = pinned(SERVER_CPU, process.execPath, ['-e', BARE]);
  const bareChild = spawn(bareCmd, bareArgs, { env: { ...process.env, PORT: String(barePort) }, stdio: 'ignore' });
  await waitPort(barePort);
  const collectorPort = await freePort();
  const spoolDir = join(work, 'spool');
  const [collectorCmd, collectorArgs] = pinned(SERVER_CPU, process.execPath, [
    '-r',
    '@swc-node/register',
    'gateway/src/collector/main.ts',
  ]);
  const collector = await startChild(
    collectorCmd,
    collectorArgs,
    {
      PORT: String(collectorPort),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
      HOUSEHOLD_SALT: randomBytes(16).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SPOOL_DIR: spoolDir,
    },
    collectorPort,
  );
  const nginx = await startNginx(join(work, 'nginx'));
  try {
    // Warm-up (JIT, geo database), then ROUNDS rounds of bare, collector, nginx back to back: the machine
    // is shared, so each round's ratio compares neighbours in time and the median of rounds is reported.
    await load(collectorPort, collector.pid!);
    await load(barePort, bareChild.pid!);
    type Round = Record<'bare' | 'collector' | 'nginx', Awaited<ReturnType<typeof load>> | null>;
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Odd rounds run the collector first, so a drift of the machine's load does not favour either.
      const round: Round = { bare: null, collector: null, nginx: null };
      const order = r % 2 ? (['collector', 'bare'] as const) : (['bare', 'collector'] as const);
      for (const which of order)
        round[which] =
          which === 'bare' ? await load(barePort, bareChild.pid!) : await load(collectorPort, collector.pid!);
      if (nginx) round.nginx = await load(nginx.port, nginx.child.pid!);
      rounds.push(round);
    }
    const redis = new Redis(REDIS_URL);
    const k = streamKeys(redisKeys(prefix));
    let enqueued = 0;
    for (let n = 0; n < DEFAULT_SHARDS; n++) enqueued += await redis.xlen(k.shard(n));
    redis.disconnect();
    const measuredWith = {
      generator: WRK
        ? `wrk -t${WRK_THREADS} -c${CONNECTIONS}`
        : `undici loop in the bench process, ${CONNECTIONS} connections`,
      placement: PIN
        ? `servers on cpu ${SERVER_CPU}, generator on cpu 0 (taskset); Redis unpinned; ${CORES} cores`
        : `unpinned; ${CORES} cores`,
      load_average: loadavg()[0],
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: CONNECTIONS,
    };
    const of = (which: keyof Round) => rounds.map((r) => r[which]!);
    const ratioOf = (a: keyof Round, b: keyof Round, f: 'rate' | 'cpu_us') =>
      +median(rounds.map((r) => r[a]![f] / r[b]![f])).toFixed(3);
    print({
      figure: 'collector_requests_per_s',
      value: median(of('collector').map((x) => x.rate)),
      reference: 'bare_node_http_gif',
      reference_value: median(of('bare').map((x) => x.rate)),
      ratio: ratioOf('collector', 'bare', 'rate'),
      target: '>= 0.8',
      cpu_us_per_request: median(of('collector').map((x) => x.cpu_us)),
      reference_cpu_us_per_request: median(of('bare').map((x) => x.cpu_us)),
      cpu_ratio: ratioOf('collector', 'bare', 'cpu_us'),
      redis_cpu_us_per_request: redisPid ? median(of('collector').map((x) => x.redis_cpu_us!)) : null,
      idle_pct: median(of('collector').map((x) => x.idle_pct)),
      reference_idle_pct: median(of('bare').map((x) => x.idle_pct)),
      per_round: rounds,
      stream_entries: enqueued,
      ...measuredWith,
    });
    if (nginx)
      print({
        figure: 'nginx_requests_per_s',
        value: median(of('nginx').map((x) => x.rate)),
        reference: 'bare_node_http_gif',
        reference_value: median(of('bare').map((x) => x.rate)),
        ratio: ratioOf('nginx', 'bare', 'rate'),
        collector_to_nginx: ratioOf('collector', 'nginx', 'rate'),
        note: 'static GIF file, one worker',
        ...measuredWith,
      });
    else print({ figure: 'nginx_requests_per_s', value: null, note: 'nginx is not installed on this machine' });
    print({ figure: 'collector_peak_rss_mb', value: peakRssMb(collector.pid!), target: '< 512' });
  } finally {
    collector.kill('SIGTERM');
    bareChild.kill();
    nginx?.child.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

async function waitPort(port: number) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await sleep(50);
    }
  }
}

async function benchEtl(prefix: string) {
  const database = `infinitum_bench_ingest_${process.pid}`;
  const ds = await migrate(`${SERVER}/${database}`);
  const redis = new Redis(REDIS_URL);
  const keys = redisKeys(prefix);
  try {
    const world = await seedWorld(ds);
    const hits = benchHits(world, EVENTS, SHAPE);
    await ensureGroup(redis, keys, DEFAULT_SHARDS);
    await appendHits(redis, keys, DEFAULT_SHARDS, hits);
    // Workers share the consumer group as separate processes would (BENCH_ETL_WORKERS, default 1).
    const workers = Array.from({ length: ETL_WORKERS }, () => {
      const r = new Redis(REDIS_URL);
      return { redis: r, worker: new EtlWorker(ds, r, keys, createLogger('silent')) };
    });
    // The machine's load around each part: the two are timed apart, so a drift of the load moves the ratio.
    const load = { etl_start: loadavg()[0], etl_end: 0, load_data_end: 0 };
    const started = Date.now();
    for (const w of workers) w.worker.start();
    const stats = streamKeys(keys).stats;
    while (Number((await redis.hget(stats, 'processed')) ?? 0) < EVENTS) await sleep(50);
    const etlSeconds = (Date.now() - started) / 1000;
    load.etl_end = loadavg()[0];
    for (const w of workers) {
      await w.worker.stop();
      w.redis.disconnect();
    }
    const etlRate = Math.round(EVENTS / etlSeconds);
    const [touchRows] = await ds.query('SELECT COUNT(*) AS n FROM touch');

    // The same raw rows, as LOAD DATA would take them, into copies of the event tables.
    await ds.query('CREATE TABLE impression_event_copy LIKE impression_event');
    await ds.query('CREATE TABLE site_hit_copy LIKE site_hit');
    const [imps, pages]: [unknown[][], unknown[][]] = [
      await ds.query('SELECT * FROM impression_event'),
      await ds.query('SELECT * FROM site_hit'),
    ].map((rows: Record<string, unknown>[]) =>
      rows.map((r) =>
        Object.values(r).map((v) => (v instanceof Date ? v.toISOString().slice(0, 23).replace('T', ' ') : v)),
      ),
    ) as [unknown[][], unknown[][]];
    const tsv = (rows: unknown[][]) =>
      rows.map((r) => r.map((v) => (v === null ? '\\N' : String(v))).join('\t')).join('\n');
    const files: Record<string, string> = { imp: tsv(imps), hit: tsv(pages) };
    const conn = await createConnection({
      uri: `${SERVER}/${database}`,
      // In 1 MB chunks: one chunk is one packet, and the server refuses packets over max_allowed_packet.
      infileStreamFactory: (path: string) => {
        const all = Buffer.from(files[path]);
        const parts: Buffer[] = [];
        for (let i = 0; i < all.length; i += 1 << 20) parts.push(all.subarray(i, i + (1 << 20)));
        return Readable.from(parts);
      },
    } as never);
    const loadStarted = Date.now();
    await conn.query("LOAD DATA LOCAL INFILE 'imp' INTO TABLE impression_event_copy");
    await conn.query("LOAD DATA LOCAL INFILE 'hit' INTO TABLE site_hit_copy");
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    load.load_data_end = loadavg()[0];
    await conn.end();
    const loadRate = Math.round((imps.length + pages.length) / loadSeconds);
    const [copied] = await ds.query(
      'SELECT (SELECT COUNT(*) FROM impression_event_copy) + (SELECT COUNT(*) FROM site_hit_copy) AS n',
    );
    print({
      figure: 'etl_events_per_s',
      value: etlRate,
      reference: 'mysql_load_data_local_infile_rows_per_s',
      reference_value: loadRate,
      ratio: +(etlRate / loadRate).toFixed(3),
      target: '>= 0.5',
      events: EVENTS,
      shape: SHAPE,
      touches_per_event: +(Number(touchRows.n) / EVENTS).toFixed(2),
      workers: ETL_WORKERS,
      load_average: load,
      loaded_rows: Number(copied.n),
    });
    // Where the worker's time went (ms summed over batches; worker.write_batch holds the writer's steps).
    print({
      figure: 'etl_phase_ms',
      etl_ms: Math.round(etlSeconds * 1000),
      // The raw impressions' LOAD DATA inside the ETL against the whole reference load (impressions and hits):
      // with every other write free, the ratio could reach at most 1 / this.
      raw_impressions_to_reference: +((etlPhaseMs.raw_impressions ?? 0) / (loadSeconds * 1000)).toFixed(2),
      ...Object.fromEntries(Object.entries(etlPhaseMs).map(([k, v]) => [k, Math.round(v)])),
    });
    // The bench process holds the generated events and the reference rows beside its in-process worker,
    // so this is not the worker's own figure: bench:dashboard prints that (etl_worker_peak_rss_mb).
    print({ figure: 'bench_process_peak_rss_mb', value: peakRssMb('self') });
  } finally {
    redis.disconnect();
    await ds.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await ds.destroy();
  }
}

async function main() {
  const prefix = `bench:ingest:${process.pid}:`;
  try {
    if (ONLY !== 'etl') await benchCollector(`${prefix}collector:`);
    if (ONLY !== 'collector') await benchEtl(`${prefix}etl:`);
  } finally {
    await cleanRedis(prefix);
  }
  process.exit(0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
