import type { RedisClient, RedisKeys } from '../shared/redis';

/** The leases' keys (under REDIS_PREFIX). */
const leaseKeys = (keys: RedisKeys) => ({
  /** Sorted set: ETL consumer -> its latest heartbeat (ms); the live ones share the shards. */
  live: keys.of('etl:live'),
  /** String: the consumer owning shard n, expiring after the claim time unless renewed. */
  lease: (n: number) => keys.of(`etl:lease:${n}`),
});

/** Extends a lease only while it is still ours (compare and set). KEYS: lease. ARGV: owner, ms. */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
/** Gives a lease up only while it is still ours. KEYS: lease. ARGV: owner. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Which shards this worker reads (one owner per shard at a time). Each shard's lease is a Redis string
 * `etl:lease:<n>` = consumer, set with NX and a time to live of the claim time, renewed every third of
 * it by a timer (a slow batch keeps its shards; only a worker that stops answering loses them). Workers
 * beat into the sorted set `etl:live`; each takes its fair share, ceil(shards / live workers): one over
 * it gives the extras up between batches (so a new worker gets its share within a batch), one under it
 * takes free shards on the timer. A dead worker's leases and heartbeat lapse after the claim time and the
 * others take its shards within a third of it more.
 */
export class ShardLeases {
  readonly owned = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly k: ReturnType<typeof leaseKeys>;

  constructor(
    private readonly redis: RedisClient,
    keys: RedisKeys,
    private readonly consumer: string,
    private readonly shards: number,
    private readonly claimMs: number,
  ) {
    this.k = leaseKeys(keys);
  }

  /** Renews and takes leases every third of the claim time, beside the batches. */
  start(): void {
    this.timer = setInterval(() => void this.tick().catch(() => undefined), Math.max(50, this.claimMs / 3));
    this.timer.unref();
  }

  /** Stops renewing: without `release`, the leases run out as a killed worker's would. */
  async stop(release: boolean): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    if (!release) return;
    // One command per key (each lease has its own hash slot on a Redis Cluster); Node sends them together.
    await Promise.all([
      ...[...this.owned].map((n) => this.redis.eval(RELEASE, 1, this.k.lease(n), this.consumer)),
      this.redis.zrem(this.k.live, this.consumer),
    ]);
    this.owned.clear();
  }

  private ticking: Promise<void> | null = null;
  private share = 0;
  /** Shards taken since the loop last asked (their pending entries are to claim). */
  private fresh: number[] = [];

  /** One at a time, from the timer or the loop. */
  tick(): Promise<void> {
    this.ticking ??= this.tickOnce().finally(() => (this.ticking = null));
    return this.ticking;
  }

  /**
   * Heartbeat, renewal (shards whose lease went to another worker or lapsed are dropped), the fair share
   * of the live workers, and free shards taken up to it: a dead worker's shards move as soon as its
   * leases lapse, even while this worker's loop is in a long batch.
   */
  private async tickOnce(): Promise<void> {
    const now = Date.now();
    const owned = [...this.owned];
    // One command per key, sent together: no command spans two hash slots on a Redis Cluster. The live set's
    // three go in order on the one connection that serves their key, so the count includes this beat.
    const [, , workers, renewed] = await Promise.all([
      this.redis.zremrangebyscore(this.k.live, '-inf', now - this.claimMs),
      this.redis.zadd(this.k.live, now, this.consumer),
      this.redis.zcard(this.k.live),
      Promise.all(
        owned.map((n) =>
          this.redis.eval(RENEW, 1, this.k.lease(n), this.consumer, this.claimMs).then(
            (kept) => Number(kept),
            () => null,
          ),
        ),
      ),
    ]);
    for (const [i, n] of owned.entries()) if (renewed[i] === 0) this.owned.delete(n);
    this.share = Math.ceil(this.shards / Math.max(1, workers));
    if (this.owned.size >= this.share) return;
    const all = Array.from({ length: this.shards }, (_, n) => n);
    const holders = await Promise.all(all.map((n) => this.redis.get(this.k.lease(n))));
    // From a place of this worker's own, so workers starting together try different shards first.
    const start = hashOf(this.consumer) % this.shards;
    for (let i = 0; i < this.shards && this.owned.size < this.share; i++) {
      const n = (start + i) % this.shards;
      if (holders[n] !== null || this.owned.has(n)) continue;
      if ((await this.redis.set(this.k.lease(n), this.consumer, 'PX', this.claimMs, 'NX')) === 'OK') {
        this.owned.add(n);
        this.fresh.push(n);
      }
    }
  }

  /**
   * Brings this worker to its fair share (called between batches: extras are given up only with no batch
   * of theirs in hand); answers the shards taken since the last call, whose pending entries the worker
   * must claim (their previous owner died or gave them up).
   */
  async balance(): Promise<number[]> {
    await this.tick();
    if (this.owned.size > this.share) {
      const extras = [...this.owned].sort((a, b) => b - a).slice(0, this.owned.size - this.share);
      await Promise.all(extras.map((n) => this.redis.eval(RELEASE, 1, this.k.lease(n), this.consumer)));
      for (const n of extras) this.owned.delete(n);
    }
    return this.fresh.splice(0).filter((n) => this.owned.has(n));
  }
}

const hashOf = (s: string) => {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) >>> 0;
  return h;
};
