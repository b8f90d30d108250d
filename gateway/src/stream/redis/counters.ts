import type { RedisClient, RedisKeys } from '../../shared/redis';
import type { CollectorBeat } from '../hit-log';
import { streamKeys } from './keys';
import { ingestCounters, type IngestCounters } from './status';

/**
 * What either hit log keeps in Redis that may be lost or rebuilt: the ingest counters (`ingest:stats`) and the
 * collectors' heartbeats (`ingest:collectors`). One key per command, so it also runs on a Redis Cluster
 * (docs/scaling.md#redis-cluster), where the JetStream hit log uses it.
 */
export class RedisCounters {
  private readonly k: ReturnType<typeof streamKeys>;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
  ) {
    this.k = streamKeys(keys);
  }

  private get ready(): boolean {
    return this.redis.status === 'ready';
  }

  countRejected(reason: string, n = 1): void {
    if (!this.ready) return;
    this.redis.hincrby(this.k.stats, `rejected:${reason}`, n).catch(() => undefined);
  }

  async beat(beat: CollectorBeat): Promise<void> {
    if (!this.ready) return;
    await this.redis
      .hset(this.k.collectors, `${beat.hostname}:${beat.pid}`, JSON.stringify(beat))
      .catch(() => undefined);
  }

  async leave(id: string): Promise<void> {
    if (this.ready) await this.redis.hdel(this.k.collectors, id).catch(() => undefined);
  }

  async collectors(): Promise<CollectorBeat[]> {
    const all = await this.redis.hgetall(this.k.collectors);
    return Object.values(all).map((v) => JSON.parse(v) as CollectorBeat);
  }

  counters(now = Date.now()): Promise<IngestCounters> {
    return ingestCounters(this.redis, this.keys, now);
  }
}
