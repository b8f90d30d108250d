/**
 * npm run bench:ingest — DESIGN 6 collector and ETL benchmark (a benchmark, not a test). Prints JSON lines.
 *
 * 1. Collector: requests/s of the standalone collector (validation, household hash, geo, durable
 *    XADD before answering) against a bare Node http server answering the same GIF, both as child
 *    processes, driven by the same keep-alive undici loop on loopback for the same time.
 * 2. ETL: events/s of the worker (tags, local time, sessions, touches, rollups, idempotent, one
 *    transaction per batch) over N stream events, against MySQL `LOAD DATA LOCAL INFILE` of the
 *    same raw rows into plain copies of the event tables.
 * 3. Peak RSS of the collector process and of this process (which runs the ETL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import Redis from 'ioredis';
import { createConnection } from 'mysql2/promise';
import { Pool } from 'undici';
import { appendHits, ensureGroup, streamKeys, toEntries } from '../../gateway/src/collector/stream';
import type { Hit } from '../../gateway/src/collector/hit';
import { migrate } from '../../gateway/src/db/migrate';
import { EtlWorker } from '../../gateway/src/etl/worker';
import { createLogger } from '../../gateway/src/shared/logger';
import { redisKeys } from '../../gateway/src/shared/redis';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 60_000);
const ETL_WORKERS = Number(process.env.BENCH_ETL_WORKERS ?? 1);
const SERVER = process.env.BENCH_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROOT = join(__dirname, '..', '..');
/** 'collector' or 'etl' runs that part alone (both by default). */
const ONLY = process.env.BENCH_ONLY ?? '';

const print = (o: Record<string, unknown>) => console.log(JSON.stringify({ bench: 'ingest', ...o }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const peakRssMb = (pid: number | 'self') => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

async function startChild(args: string[], env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      return child;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`child ${args.join(' ')} did not start`);
}

/** Keep-alive GET loop: as many requests as the server answers in SECONDS. */
async function load(port: number, path: (n: number) => string): Promise<number> {
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

const BARE = `
const http = require('node:http');
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
http.createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'image/gif', 'Content-Length': gif.length, 'Cache-Control': 'no-store' });
  res.end(gif);
}).listen(Number(process.env.PORT), '127.0.0.1');`;

async function benchCollector(prefix: string) {
  const key = randomBytes(12).toString('base64url');
  const pixel = (n: number) => `/t/i/${key}?hh=${1000 + (n % 5000)}&r=AUK&cb=${n}`;
  const barePort = await freePort();
  const bareChild = spawn(process.execPath, ['-e', BARE], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'ignore',
  });
  await waitPort(barePort);
  const collectorPort = await freePort();
  const spoolDir = `/tmp/infinitum-bench-spool-${process.pid}`;
  const collector = await startChild(
    ['-r', '@swc-node/register', 'gateway/src/collector/main.ts'],
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
  await load(collectorPort, pixel); // warm-up (JIT, geo database)
  await load(barePort, pixel);
  const bareRate = await load(barePort, pixel);
  const collectorRate = await load(collectorPort, pixel);
  const redis = new Redis(REDIS_URL);
  const enqueued = await redis.xlen(streamKeys(redisKeys(prefix)).stream);
  redis.disconnect();
  print({
    figure: 'collector_requests_per_s',
    value: collectorRate,
    reference: 'bare_node_http_gif',
    reference_value: bareRate,
    ratio: +(collectorRate / bareRate).toFixed(3),
    target: '>= 0.8',
    stream_entries: enqueued,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  print({ figure: 'nginx_requests_per_s', value: null, note: 'nginx is not installed on this machine' });
  print({ figure: 'collector_peak_rss_mb', value: peakRssMb(collector.pid!), target: '< 512' });
  collector.kill('SIGTERM');
  bareChild.kill();
  rmSync(spoolDir, { recursive: true, force: true });
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

/** A customer with 3 bookings x 2 creatives and 3 site tags; answers their keys. */
async function seedWorld(ds: Awaited<ReturnType<typeof migrate>>) {
  const q = (sql: string, p: unknown[] = []) => ds.query(sql, p) as Promise<{ insertId: number }>;
  const customer = await q(
    "INSERT INTO customer (cust_name, country_code, time_zone) VALUES ('Bench Ingest', 'NZ', 'Pacific/Auckland')",
  );
  const campaign = await q(
    "INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, 'C', '2024-01-01', '2030-01-01')",
    [customer.insertId],
  );
  const impressionKeys: string[] = [];
  for (let b = 0; b < 3; b++) {
    const channel = await q("INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, 'broadcaster', 1)", [
      `Ch ${b}`,
    ]);
    const booking = await q(
      "INSERT INTO booking (customer_id, campaign_id, channel_id, booking_name, cpm, start_date, end_date) VALUES (?, ?, ?, ?, 12, '2024-01-01', '2030-01-01')",
      [customer.insertId, campaign.insertId, channel.insertId, `B ${b}`],
    );
    for (let c = 0; c < 2; c++) {
      const creative = await q(
        "INSERT INTO creative (customer_id, description, creative_format) VALUES (?, ?, '30s')",
        [customer.insertId, `Cr ${b}.${c}`],
      );
      const key = randomBytes(12).toString('base64url');
      await q('INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key) VALUES (?, ?, ?, ?)', [
        customer.insertId,
        booking.insertId,
        creative.insertId,
        key,
      ]);
      impressionKeys.push(key);
    }
  }
  const siteKeys: string[] = [];
  for (let s = 0; s < 3; s++) {
    const key = randomBytes(12).toString('base64url');
    await q('INSERT INTO site_tag (customer_id, tag_description, tag_key) VALUES (?, ?, ?)', [
      customer.insertId,
      `Page ${s}`,
      key,
    ]);
    siteKeys.push(key);
  }
  return { impressionKeys, siteKeys };
}

async function benchEtl(prefix: string) {
  const database = `infinitum_bench_ingest_${process.pid}`;
  const ds = await migrate(`${SERVER}/${database}`);
  const redis = new Redis(REDIS_URL);
  const keys = redisKeys(prefix);
  try {
    const world = await seedWorld(ds);
    // 80% impressions, 20% page hits, 5,000 households, 30 days, in time order as a live feed would be.
    let s = 42;
    const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
    const now = Date.now() - 60_000;
    const hits: Hit[] = Array.from({ length: EVENTS }, (_, n) => {
      const impression = rand() < 0.8;
      const keysOf = impression ? world.impressionKeys : world.siteKeys;
      return {
        i: `b${n}`,
        k: impression ? 'i' : 'v',
        t: keysOf[Math.floor(rand() * keysOf.length)],
        ts: now - Math.floor((1 - n / EVENTS) * 30 * 86400e3),
        h: String(1 + Math.floor(rand() * 5000)),
        r: 'AUK',
      };
    });
    await ensureGroup(redis, keys);
    await appendHits(redis, keys, toEntries(hits));
    // Workers share the consumer group as separate processes would (BENCH_ETL_WORKERS, default 1).
    const workers = Array.from({ length: ETL_WORKERS }, () => {
      const r = new Redis(REDIS_URL);
      return { redis: r, worker: new EtlWorker(ds, r, keys, createLogger('silent')) };
    });
    const started = Date.now();
    for (const w of workers) w.worker.start();
    const stats = streamKeys(keys).stats;
    while (Number((await redis.hget(stats, 'processed')) ?? 0) < EVENTS) await sleep(50);
    const etlSeconds = (Date.now() - started) / 1000;
    for (const w of workers) {
      await w.worker.stop();
      w.redis.disconnect();
    }
    const etlRate = Math.round(EVENTS / etlSeconds);

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
      infileStreamFactory: (path: string) => Readable.from([Buffer.from(files[path])]),
    } as never);
    const loadStarted = Date.now();
    await conn.query("LOAD DATA LOCAL INFILE 'imp' INTO TABLE impression_event_copy");
    await conn.query("LOAD DATA LOCAL INFILE 'hit' INTO TABLE site_hit_copy");
    const loadSeconds = (Date.now() - loadStarted) / 1000;
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
      workers: ETL_WORKERS,
      loaded_rows: Number(copied.n),
    });
    print({ figure: 'etl_process_peak_rss_mb', value: peakRssMb('self'), target: '< 512' });
  } finally {
    redis.disconnect();
    await ds.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await ds.destroy();
  }
}

async function cleanRedis(prefix: string) {
  const redis = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (found.length) await redis.del(...found);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
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
