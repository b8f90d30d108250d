/**
 * npm run bench:hit-log: the hit log's own cost on each engine in the same run (a benchmark, not a test; JSON
 * lines). Redis Streams (REDIS_URL) and NATS JetStream (NATS_URL, one node unless NATS_URL lists a cluster's
 * and NATS_REPLICAS says 3): pixel flushes appended as the collector does (HITS_PER_FLUSH hits, one append in
 * flight), bulk batches (500 hits an entry), then read and acknowledged as an ETL worker does, without MySQL.
 * Wall time and this process's CPU per hit; the servers' CPU is not included.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import Redis from 'ioredis';
import { redisKeys } from '../../gateway/src/shared/redis';
import { createHitLog, type Hit, type HitLogEngine, type LogEntry } from '../../gateway/src/stream';
import { jetStreamNames } from '../../gateway/src/stream/jetstream/names';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REPLICAS = Number(process.env.NATS_REPLICAS ?? 1);
const HITS = Math.min(100_000, Number(process.env.HITS ?? 50_000));
const HITS_PER_FLUSH = Number(process.env.HITS_PER_FLUSH ?? 20);
const SHARDS = 16;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function hits(n: number, from: number): Hit[] {
  return Array.from({ length: n }, (_, i) => ({
    i: `b${from + i}`,
    k: 'i',
    t: 'benchtag',
    ts: Date.now(),
    h: String(1 + ((from + i) % 50_000)),
    g: 'NZ-AUK',
  }));
}

function measure<T>(fn: () => Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  return fn().then((value) => {
    const c = process.cpuUsage(c0);
    return { ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, value };
  });
}

async function run(engine: HitLogEngine): Promise<void> {
  const prefix = `bench:${process.pid}:${engine}:`;
  const redis = new Redis(REDIS_URL);
  const keys = redisKeys(prefix);
  const log = createHitLog(redis, keys, {
    engine,
    shards: SHARDS,
    nats: { servers: NATS_URL, replicas: REPLICAS },
    role: 'bench',
  });
  for (let i = 0; !log.available(); i++) {
    if (i > 100) throw new Error(`${engine}: not connected`);
    await sleep(50);
  }
  await log.ensure();
  const report = (phase: string, n: number, r: { ms: number; cpuMs: number }) =>
    console.log(
      JSON.stringify({
        engine,
        phase,
        hits: n,
        hits_per_s: Math.round((n * 1000) / r.ms),
        client_cpu_us_per_hit: +((r.cpuMs * 1000) / n).toFixed(2),
      }),
    );
  const pixels = await measure(async () => {
    for (let i = 0; i < HITS; i += HITS_PER_FLUSH) await log.append(hits(HITS_PER_FLUSH, i), Infinity);
  });
  report(`pixel flushes of ${HITS_PER_FLUSH}`, HITS, pixels);
  const bulk = await measure(async () => {
    for (let i = 0; i < HITS; i += 5000) {
      const batch = log.batch();
      for (const h of hits(5000, HITS + i)) batch.add(h);
      await log.appendBatch(batch);
    }
  });
  report('bulk batches of 5,000', HITS, bulk);
  const reader = log.reader('bench', 30_000);
  await reader.ensure();
  const all = Array.from({ length: SHARDS }, (_, n) => n);
  const drain = await measure(async () => {
    let taken = 0;
    let idle = 0;
    while (taken < 2 * HITS && idle < 5) {
      // As the ETL's ShardReader asks: 100 entries a read, shared out over the shards.
      const read = await reader.read(all, Math.ceil(100 / SHARDS), 200);
      if (!read.entries.length) {
        idle++;
        continue;
      }
      idle = 0;
      for (const e of read.entries) taken += (JSON.parse(e.data) as unknown[]).length;
      await reader.ack(read.entries as LogEntry[], { counts: new Map(), rejected: {}, watermark: null, eventsPerS: 0 });
    }
    return taken;
  });
  report('read and acknowledge', drain.value, drain);
  await reader.leave();
  await log.close();
  if (engine === 'jetstream') {
    const nc = await connect({ servers: NATS_URL.split(',') });
    const jsm = await jetstreamManager(nc);
    const names = jetStreamNames(keys);
    for (const s of [names.stream, names.dead]) await jsm.streams.delete(s).catch(() => false);
    await nc.close();
  }
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (found.length) await redis.del(...found);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}

async function main() {
  for (const engine of ['redis', 'jetstream'] as const) await run(engine);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
