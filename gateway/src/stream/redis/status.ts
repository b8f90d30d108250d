import type Redis from 'ioredis';
import type { RedisClient, RedisKeys } from '../../shared/redis';
import type { HitLogStatus } from '../hit-log';
import { hitStreams, streamKeys } from './keys';

type IngestStatus = HitLogStatus;

type Flat = (string | number | null | Flat)[];
const asRecord = (flat: Flat): Record<string, unknown> => {
  const r: Record<string, unknown> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) r[String(flat[i])] = flat[i + 1];
  return r;
};
const idMs = (id: string) => Number(id.split('-')[0]);
const compareIds = (a: string, b: string) => {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am - bm || as - bs;
};

/**
 * Length, pending, undelivered and lag summed over every shard stream and the stream before partitioning;
 * a consumer reading several shards is listed once (its pending summed, its shortest idle).
 */
export async function ingestStatus(
  redis: Redis,
  keys: RedisKeys,
  spooledBytes: number,
  shards: number,
): Promise<IngestStatus> {
  const k = streamKeys(keys);
  const now = Date.now();
  // The caller reads the spool before the stream: a replay adds to the stream before it removes its file.
  let length = 0;
  let pending = 0;
  let undelivered = 0;
  let oldest: string | null = null;
  const older = (id: string | null) => {
    if (id && (!oldest || compareIds(id, oldest) < 0)) oldest = id;
  };
  const consumers = new Map<string, IngestStatus['consumers'][number]>();
  for (const stream of hitStreams(keys, shards)) {
    const one = await streamStatus(redis, stream, k.group);
    if (!one) continue;
    length += one.length;
    pending += one.pending;
    undelivered += one.undelivered;
    older(one.oldest);
    for (const c of one.consumers) {
      const seen = consumers.get(c.name);
      if (seen)
        consumers.set(c.name, {
          ...seen,
          pending: seen.pending + c.pending,
          idle_ms: Math.min(seen.idle_ms, c.idle_ms),
        });
      else consumers.set(c.name, c);
    }
  }
  // Counters are read after the stream: a batch acknowledged before that read is already counted
  // (its counters move in the same MULTI as its XACK), so `idle` never comes with stale totals.
  const [counters, deadLetters, lastDead] = await Promise.all([
    ingestCounters(redis, keys, now),
    redis.xlen(k.dead),
    redis.xrevrange(k.dead, '+', '-', 'COUNT', 1),
  ]);
  const deadFields = lastDead[0]?.[1] ?? [];
  const deadError = deadFields.includes('error') ? deadFields[deadFields.indexOf('error') + 1] : null;
  return {
    ...counters,
    stream: k.stream,
    length,
    pending,
    undelivered,
    consumers: [...consumers.values()],
    lag_ms: oldest ? Math.max(0, now - idMs(oldest as string)) : 0,
    spooled_bytes: spooledBytes,
    idle: pending === 0 && undelivered === 0 && spooledBytes === 0,
    dead_letters: deadLetters,
    dead_letter_error: deadLetters ? deadError : null,
  };
}

/** The status' counters kept in Redis whatever the engine: ETL totals, workers' rates, live collectors. */
export type IngestCounters = Pick<
  IngestStatus,
  | 'processed'
  | 'duplicates'
  | 'rejected'
  | 'rejected_by_reason'
  | 'invalid_by_reason'
  | 'watermark'
  | 'events_per_s'
  | 'last_batch_at'
  | 'collectors'
>;

/** The counters of the ingest status, one key at a time (they are slot-safe on a Redis Cluster). */
export async function ingestCounters(redis: RedisClient, keys: RedisKeys, now: number): Promise<IngestCounters> {
  const k = streamKeys(keys);
  const [stats, workers, collectors] = await Promise.all([
    redis.hgetall(k.stats),
    redis.hgetall(k.workers),
    redis.hgetall(k.collectors),
  ]);
  const rejectedByReason: Record<string, number> = {};
  const invalidByReason: Record<string, number> = {};
  for (const [field, value] of Object.entries(stats)) {
    if (field.startsWith('rejected:')) rejectedByReason[field.slice(9)] = Number(value);
    else if (field.startsWith('invalid:')) invalidByReason[field.slice(8)] = Number(value);
  }
  const fresh = (at: number) => now - at < 15_000;
  const workerRates = Object.values(workers).map((v) => JSON.parse(v) as { events_per_s: number; at: number });
  const watermark = stats.watermark ? new Date(Number(stats.watermark)).toISOString() : null;
  return {
    processed: Number(stats.processed ?? 0),
    duplicates: Number(stats.duplicates ?? 0),
    rejected: Object.values(rejectedByReason).reduce((a, b) => a + b, 0),
    rejected_by_reason: rejectedByReason,
    invalid_by_reason: invalidByReason,
    watermark,
    events_per_s: workerRates.filter((w) => fresh(w.at)).reduce((a, w) => a + w.events_per_s, 0),
    last_batch_at: stats.last_batch_at ? new Date(Number(stats.last_batch_at)).toISOString() : null,
    collectors: Object.values(collectors)
      .map((v) => JSON.parse(v) as { hostname: string; pid: number; hits: number; spooled: number; at: number })
      .filter((c) => fresh(c.at))
      .map(({ hostname, pid, hits, spooled }) => ({ hostname, pid, hits, spooled })),
  };
}

/** One stream's figures for the ingest status (null when it does not exist). */
async function streamStatus(redis: Redis, stream: string, groupName: string) {
  if (!(await redis.exists(stream))) return null;
  const info = asRecord((await redis.xinfo('STREAM', stream)) as Flat);
  const length = Number(info.length);
  const lastId = String(info['last-generated-id']);
  const groups = ((await redis.xinfo('GROUPS', stream)) as Flat[]).map(asRecord);
  const group = groups.find((g) => g.name === groupName);
  let oldest: string | null = null;
  if (!group) {
    const first = length ? await redis.xrange(stream, '-', '+', 'COUNT', 1) : [];
    return { length, pending: 0, undelivered: length, oldest: first[0]?.[0] ?? null, consumers: [] };
  }
  const pending = Number(group.pending);
  let undelivered = 0;
  const delivered = String(group['last-delivered-id']);
  if (compareIds(delivered, lastId) < 0) {
    const next = await redis.xrange(stream, `(${delivered}`, '+', 'COUNT', 1);
    if (next.length) {
      oldest = next[0][0];
      // Redis' own lag is unreliable after XDEL (may read 0 or null): at least the entry we saw.
      undelivered = Math.max(1, Number(group.lag ?? length) || 0);
    }
  }
  if (pending) {
    const summary = (await redis.xpending(stream, groupName)) as [number, string | null, string | null, unknown];
    if (summary[1] && (!oldest || compareIds(summary[1], oldest) < 0)) oldest = summary[1];
  }
  const consumers = ((await redis.xinfo('CONSUMERS', stream, groupName)) as Flat[]).map(asRecord).map((c) => ({
    name: String(c.name),
    pending: Number(c.pending),
    idle_ms: Number(c.idle),
  }));
  return { length, pending, undelivered, oldest, consumers };
}
