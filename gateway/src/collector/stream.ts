import type { ChainableCommander, default as Redis } from 'ioredis';
import type { RedisKeys } from '../shared/redis';
import type { Hit } from './hit';

/**
 * Names of the ingest streams, their consumer group, the ETL's leases and the live counters (all under
 * REDIS_PREFIX). Hits are partitioned by household over `ETL_SHARDS` streams `hits:shard:<n>`; `hits` is
 * the single stream of the versions before, still drained by the workers after an upgrade, never written.
 */
export const streamKeys = (keys: RedisKeys) => ({
  /** The stream before partitioning (read until empty, never appended to). */
  stream: keys.of('hits'),
  /** Shard n's stream: every hit of a household goes to the same one (shardOf). */
  shard: (n: number) => keys.of(`hits:shard:${n}`),
  group: 'etl',
  /** Hash: processed, duplicates, rejected:<reason>, watermark, last_batch_at. */
  stats: keys.of('ingest:stats'),
  /** Hash: consumer -> JSON {events_per_s, at}. */
  workers: keys.of('ingest:workers'),
  /** Hash: hostname:pid -> JSON {hostname, pid, hits, spooled, at}. */
  collectors: keys.of('ingest:collectors'),
  /** Stream of entries the ETL gave up on (non-transient failures): fields h, error, source, at. */
  dead: keys.of('hits:dead'),
  /** Sorted set: ETL consumer -> its latest heartbeat (ms); the live ones share the shards. */
  live: keys.of('etl:live'),
  /** String: the consumer owning shard n, expiring after the claim time unless renewed. */
  lease: (n: number) => keys.of(`etl:lease:${n}`),
});

/** Shard streams when ETL_SHARDS is not set. */
export const DEFAULT_SHARDS = 16;

/** Every stream the ETL reads, in shard order, the pre-partitioning stream last. */
export const hitStreams = (keys: RedisKeys, shards: number): string[] => {
  const k = streamKeys(keys);
  return [...Array.from({ length: shards }, (_, n) => k.shard(n)), k.stream];
};

/**
 * The shard of a household: FNV-1a (32 bits) of its decimal id, modulo the shard count. Fixed for good:
 * every collector, bulk ingest and replay must send a household's hits to the same stream, so that its
 * hits meet in one worker's batches (the ETL rebuilds a household's visits from all of its hits). The
 * household alone, not (customer, household): the collector knows only the tag key, and a household's
 * hits of every customer in one shard keeps each (customer, household) in one shard as well.
 */
export function shardOf(household: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < household.length; i++) h = Math.imul(h ^ household.charCodeAt(i), 0x01000193);
  return (h >>> 0) % shards;
}

/** Bulk ingest packs this many hits into one stream entry (one XADD, one XACK). */
export const HITS_PER_ENTRY = 500;

/** Creates the consumer group (and the stream) of every shard when missing; safe to call from every process. */
export async function ensureGroup(redis: Redis, keys: RedisKeys, shards: number): Promise<void> {
  const k = streamKeys(keys);
  const pipe = redis.pipeline();
  for (let n = 0; n < shards; n++) pipe.xgroup('CREATE', k.shard(n), k.group, '0', 'MKSTREAM');
  for (const [err] of (await pipe.exec()) ?? []) {
    if (err && !String(err.message).includes('BUSYGROUP')) throw err;
  }
}

/** XADDs each ARGV entry (a JSON array of hits) to the stream of the same position in KEYS. */
const APPEND_ALL = `for i = 1, #KEYS do redis.call('XADD', KEYS[i], '*', 'h', ARGV[i]) end return #KEYS`;

/**
 * Appends hits to their households' shard streams, at most `perEntry` hits an entry (each entry a JSON
 * array), all in one round trip. Entries for several streams go as one script call: a pixel flush
 * spreads its few dozen hits over up to ETL_SHARDS streams, and one command instead of one XADD each
 * is what the collector's per-request CPU notices.
 */
export async function appendHits(
  redis: Redis,
  keys: RedisKeys,
  shards: number,
  hits: Hit[],
  perEntry = HITS_PER_ENTRY,
): Promise<void> {
  if (!hits.length) return;
  const streams: string[] = [];
  const entries: string[] = [];
  forEachEntry(keys, shards, hits, perEntry, (stream, entry) => {
    streams.push(stream);
    entries.push(entry);
  });
  if (streams.length === 1) {
    await redis.xadd(streams[0], '*', 'h', entries[0]);
  } else if (streams.length <= SCRIPT_ENTRIES) {
    await redis.eval(APPEND_ALL, streams.length, ...streams, ...entries);
  } else {
    // A spool replay or a big bulk request: pipelined, so Redis is never blocked by one long script.
    const pipe = redis.pipeline();
    streams.forEach((stream, i) => pipe.xadd(stream, '*', 'h', entries[i]));
    for (const [err] of (await pipe.exec()) ?? []) if (err) throw err;
  }
}

/** Up to this many entries go as one script call. */
const SCRIPT_ENTRIES = 64;

/** Queues the XADDs of appendHits on a pipeline or MULTI of the caller's. */
export function queueHits(
  pipe: ChainableCommander,
  keys: RedisKeys,
  shards: number,
  hits: Hit[],
  perEntry = HITS_PER_ENTRY,
): void {
  forEachEntry(keys, shards, hits, perEntry, (stream, entry) => pipe.xadd(stream, '*', 'h', entry));
}

/** The stream entries of `hits`: grouped by shard, at most `perEntry` hits an entry. */
function forEachEntry(
  keys: RedisKeys,
  shards: number,
  hits: Hit[],
  perEntry: number,
  add: (stream: string, entry: string) => void,
): void {
  const k = streamKeys(keys);
  const byShard = new Map<number, Hit[]>();
  for (const hit of hits) {
    const n = shardOf(String(hit?.h), shards);
    const list = byShard.get(n);
    if (list) list.push(hit);
    else byShard.set(n, [hit]);
  }
  for (const [n, list] of byShard) {
    for (let i = 0; i < list.length; i += perEntry) add(k.shard(n), JSON.stringify(list.slice(i, i + perEntry)));
  }
}

/** Counts a hit rejected at the collector by reason (never stored). */
export function countRejected(redis: Redis, keys: RedisKeys, reason: string, n = 1): void {
  if (redis.status !== 'ready') return;
  redis.hincrby(streamKeys(keys).stats, `rejected:${reason}`, n).catch(() => undefined);
}
