import type Redis from 'ioredis';
import type { RedisKeys } from '../shared/redis';
import type { Hit } from './hit';

/** Names of the ingest stream, its consumer group and the live counters (all under REDIS_PREFIX). */
export const streamKeys = (keys: RedisKeys) => ({
  stream: keys.of('hits'),
  group: 'etl',
  /** Hash: processed, duplicates, rejected:<reason>, watermark, last_batch_at. */
  stats: keys.of('ingest:stats'),
  /** Hash: consumer -> JSON {events_per_s, at}. */
  workers: keys.of('ingest:workers'),
  /** Hash: hostname:pid -> JSON {hostname, pid, hits, spooled, at}. */
  collectors: keys.of('ingest:collectors'),
  /** Stream of entries the ETL gave up on (non-transient failures): fields h, error, source, at. */
  dead: keys.of('hits:dead'),
});

/** Bulk ingest packs this many hits into one stream entry (one XADD, one XACK). */
export const HITS_PER_ENTRY = 500;

/** Creates the consumer group (and the stream) when missing; safe to call from every process. */
export async function ensureGroup(redis: Redis, keys: RedisKeys): Promise<void> {
  const k = streamKeys(keys);
  try {
    await redis.xgroup('CREATE', k.stream, k.group, '0', 'MKSTREAM');
  } catch (e) {
    if (!String((e as Error).message).includes('BUSYGROUP')) throw e;
  }
}

/** Appends entries of hits (each entry a JSON array) in one round trip. */
export async function appendHits(redis: Redis, keys: RedisKeys, entries: Hit[][]): Promise<void> {
  if (!entries.length) return;
  const stream = streamKeys(keys).stream;
  const pipe = redis.pipeline();
  for (const hits of entries) pipe.xadd(stream, '*', 'h', JSON.stringify(hits));
  const results = await pipe.exec();
  for (const [err] of results ?? []) if (err) throw err;
}

/** Splits hits into stream entries of at most HITS_PER_ENTRY. */
export function toEntries(hits: Hit[], size = HITS_PER_ENTRY): Hit[][] {
  const out: Hit[][] = [];
  for (let i = 0; i < hits.length; i += size) out.push(hits.slice(i, i + size));
  return out;
}

/** Counts a hit rejected at the collector by reason (never stored). */
export function countRejected(redis: Redis, keys: RedisKeys, reason: string, n = 1): void {
  if (redis.status !== 'ready') return;
  redis.hincrby(streamKeys(keys).stats, `rejected:${reason}`, n).catch(() => undefined);
}
