import { hostname } from 'node:os';
import type Redis from 'ioredis';
import type { Config } from '../config';
import type { Logger } from '../shared/logger';
import type { RedisKeys } from '../shared/redis';
import type { Hit } from './hit';
import { Spool } from './spool';
import { appendHits, ensureGroup, streamKeys, toEntries } from './stream';

/**
 * The collector's state-free engine: durable enqueue of hits (stream, or the spool when Redis is
 * down), a counter of hits taken, and a heartbeat in Redis so the status shows every process.
 */
export class Collector {
  readonly spool: Spool;
  hits = 0;
  spooled = 0;
  private groupReady = false;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly id = `${hostname()}:${process.pid}`;

  constructor(
    readonly config: Config,
    readonly redis: Redis,
    readonly keys: RedisKeys,
    readonly log: Logger,
  ) {
    this.spool = new Spool(config.SPOOL_DIR, redis, keys, log);
    this.stream = streamKeys(keys).stream;
  }

  start(): void {
    this.spool.start();
    this.heartbeat = setInterval(() => void this.beat(), 2000);
    this.heartbeat.unref();
    void this.beat();
  }

  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.spool.stop();
  }

  /**
   * Pixels: into the stream, or onto disk when Redis does not answer. Never throws. Group commit:
   * while one XADD is in flight the hits arriving meanwhile wait together and go as the next
   * single XADD (one entry holding them all), so the busier the collector, the fewer round trips.
   * Each pixel still answers only after its own hit is in Redis or on disk.
   */
  take(hit: Hit): Promise<void> {
    this.hits++;
    this.buffer.push(hit);
    if (!this.next) {
      this.next = new Promise<void>((resolve) => (this.resolveNext = resolve));
      if (!this.draining) setImmediate(() => void this.drain());
    }
    return this.next;
  }

  private buffer: Hit[] = [];
  /** Settles when the hits now in `buffer` are stored. */
  private next: Promise<void> | null = null;
  private resolveNext: () => void = () => undefined;
  private draining = false;
  private readonly stream: string;

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.buffer.length) {
      const hits = this.buffer;
      const stored = this.resolveNext;
      this.buffer = [];
      this.next = null;
      try {
        await this.flush(hits);
      } catch (e) {
        this.log.error({ err: e, hits: hits.length }, 'hits could neither be streamed nor spooled');
      } finally {
        stored();
      }
    }
    this.draining = false;
  }

  private async flush(hits: Hit[]): Promise<void> {
    if (this.redis.status === 'ready') {
      try {
        await this.ensureGroup();
        await this.redis.xadd(this.stream, '*', 'h', JSON.stringify(hits));
        return;
      } catch (e) {
        this.log.warn({ err: e }, 'stream append failed: spooling the hits');
      }
    }
    this.spool.write(hits);
    this.spooled += hits.length;
  }

  /** Bulk ingest: all into the stream or an error (the caller answers 503). */
  async takeMany(hits: Hit[]): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error('Redis is not connected');
    await this.ensureGroup();
    await appendHits(this.redis, this.keys, toEntries(hits));
    this.hits += hits.length;
  }

  private async ensureGroup(): Promise<void> {
    if (this.groupReady) return;
    await ensureGroup(this.redis, this.keys);
    this.groupReady = true;
  }

  private async beat(): Promise<void> {
    if (this.redis.status !== 'ready') return;
    const [host, pid] = this.id.split(':');
    const value = JSON.stringify({
      hostname: host,
      pid: Number(pid),
      hits: this.hits,
      spooled: this.spooled,
      at: Date.now(),
    });
    await this.redis.hset(streamKeys(this.keys).collectors, this.id, value).catch(() => undefined);
  }
}
