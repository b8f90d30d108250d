import type { RedisKeys } from '../../shared/redis';

/**
 * Names of the ingest streams, their consumer group and the live counters (all under
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
});

/** Every stream the ETL reads, in shard order, the pre-partitioning stream last. */
export const hitStreams = (keys: RedisKeys, shards: number): string[] => {
  const k = streamKeys(keys);
  return [...Array.from({ length: shards }, (_, n) => k.shard(n)), k.stream];
};

/** Whether a key (under the prefix) is one of the hit streams: a shard's or the one before partitioning. */
export const isHitStream = (keys: RedisKeys, key: string): boolean =>
  key === streamKeys(keys).stream || /^hits:shard:\d+$/.test(key.slice(keys.prefix.length));

/** The stream of a shard, or of the stream before partitioning (null). */
export const streamOf = (keys: RedisKeys, shard: number | null): string =>
  shard === null ? streamKeys(keys).stream : streamKeys(keys).shard(shard);
