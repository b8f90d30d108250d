import type { ChainableCommander, default as Redis } from 'ioredis';
import type { RedisKeys } from '../../shared/redis';
import type { Hit } from '../hit';
import type { CollectorBeat, HitBatch, HitLog, HitLogReader, HitLogStatus } from '../hit-log';
import { HITS_PER_ENTRY } from '../shards';
import { appendEntries, appendHits, ensureGroup, queueHits, StreamEntries } from './append';
import { streamKeys } from './keys';
import { RedisHitLogReader } from './reader';
import { RedisCounters } from './counters';
import { type IngestCounters, ingestStatus } from './status';

/**
 * The hit log on Redis Streams (HIT_LOG=redis, the default): one stream per shard `hits:shard:<n>`, the
 * consumer group "etl", counters in the hash `ingest:stats`, collectors' heartbeats in `ingest:collectors`,
 * dead letters in the stream `hits:dead` (all under REDIS_PREFIX; docs/operations.md#hit-log).
 */
export class RedisHitLog implements HitLog {
  readonly engine = 'redis' as const;
  private readonly k: ReturnType<typeof streamKeys>;
  private readonly counted: RedisCounters;

  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    readonly shards: number,
  ) {
    this.k = streamKeys(keys);
    this.counted = new RedisCounters(redis, keys);
  }

  available(): boolean {
    return this.redis.status === 'ready';
  }

  ensure(): Promise<void> {
    return ensureGroup(this.redis, this.keys, this.shards);
  }

  append(hits: Hit[], perEntry = HITS_PER_ENTRY): Promise<void> {
    return appendHits(this.redis, this.keys, this.shards, hits, perEntry);
  }

  batch(): HitBatch {
    return new StreamEntries(this.keys, this.shards);
  }

  async appendBatch(batch: HitBatch): Promise<void> {
    if (!(batch instanceof StreamEntries)) throw new TypeError('not a batch of this hit log');
    await appendEntries(this.redis, batch.finish());
  }

  countRejected(reason: string, n = 1): void {
    this.counted.countRejected(reason, n);
  }

  beat(beat: CollectorBeat): Promise<void> {
    return this.counted.beat(beat);
  }

  leave(id: string): Promise<void> {
    return this.counted.leave(id);
  }

  collectors(): Promise<CollectorBeat[]> {
    return this.counted.collectors();
  }

  status(spooledBytes: number): Promise<HitLogStatus> {
    return ingestStatus(this.redis, this.keys, spooledBytes, this.shards);
  }

  /** The status' counters alone (another engine keeps them in Redis too). */
  counters(now = Date.now()): Promise<IngestCounters> {
    return this.counted.counters(now);
  }

  /** Nothing to close: the Redis connection is the caller's. */
  async close(): Promise<void> {}

  async stalePending(idleMs: number, cap: number): Promise<number> {
    let stale = 0;
    for (const stream of await this.streams()) {
      try {
        const rows = (await this.redis.xpending(stream, this.k.group, 'IDLE', idleMs, '-', '+', cap)) as unknown[];
        stale += rows.length;
      } catch (e) {
        if (!/NOGROUP|no such key/i.test(String((e as Error).message))) throw e;
      }
      if (stale >= cap) return cap;
    }
    return stale;
  }

  /** Every hit stream there is (SCAN, never KEYS): the shards', whatever ETL_SHARDS says, and the old one. */
  private async streams(): Promise<string[]> {
    const found = new Set<string>([this.k.stream]);
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(
        cursor,
        'MATCH',
        `${this.k.shard(0).slice(0, -1)}*`,
        'COUNT',
        1000,
        'TYPE',
        'stream',
      );
      for (const key of batch) found.add(key);
      cursor = next;
    } while (cursor !== '0');
    return [...found].sort();
  }

  /**
   * Every dead-lettered entry back into the stream (in chunks, each moved in one MULTI). Event ids keep a
   * replay that races another harmless.
   */
  async replayDeadLetters(): Promise<number> {
    let replayed = 0;
    await this.ensure();
    for (;;) {
      const chunk = await this.redis.xrange(this.k.dead, '-', '+', 'COUNT', 200);
      if (!chunk.length) break;
      const pipe = this.redis.multi();
      for (const [id, fields] of chunk) {
        const h = fields.indexOf('h');
        if (h >= 0) this.requeue(pipe, fields[h + 1]);
        pipe.xdel(this.k.dead, id);
      }
      const replies = await pipe.exec();
      for (const [err] of replies ?? []) if (err) throw err;
      replayed += chunk.length;
    }
    return replayed;
  }

  /**
   * A dead entry's hits back to their households' shards (an entry of the stream before partitioning
   * mixes households); one that is not a list of hits goes to shard 0 as it is, to fail there again.
   */
  private requeue(pipe: ChainableCommander, h: string): void {
    let hits: unknown = null;
    try {
      hits = JSON.parse(h);
    } catch {
      // kept as it is
    }
    if (Array.isArray(hits) && hits.every((x) => x && typeof x === 'object')) {
      queueHits(pipe, this.keys, this.shards, hits as Hit[]);
    } else {
      pipe.xadd(this.k.shard(0), '*', 'h', h);
    }
  }

  reader(consumer: string): HitLogReader {
    return new RedisHitLogReader(this.redis, this.keys, this.shards, consumer);
  }
}
