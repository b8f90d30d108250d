import { hostname } from 'node:os';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import type { Hit } from '../collector/hit';
import { ensureGroup, streamKeys } from '../collector/stream';
import type { Logger } from '../shared/logger';
import type { RedisKeys } from '../shared/redis';
import { refreshPings } from './pings';
import { prepareRows } from './rows';
import { TagDirectory } from './tags';
import { ConcurrentBatchError, writeBatch } from './writer';

export interface WorkerOptions {
  /** Entries pending longer than this at another consumer are claimed (its process died). */
  claimIdleMs?: number;
  /** Hits per transaction, roughly: large, as per-batch queries (locks, visit reads) dominate small ones. */
  batchHits?: number;
  consumer?: string;
}

type Entry = [id: string, fields: string[]];

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The ETL worker (DESIGN 1, 3, 4): reads the stream as a member of consumer group "etl", writes
 * each batch in one transaction and acknowledges only after the commit. A failed batch (MySQL
 * away) is retried until it commits; entries of dead workers are claimed after `claimIdleMs`.
 */
export class EtlWorker {
  readonly consumer: string;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly tags: TagDirectory;
  private readonly k: ReturnType<typeof streamKeys>;
  private readonly recent: { at: number; n: number }[] = [];
  private lastClaim = 0;
  private lastPingSweep = 0;

  constructor(
    private readonly ds: DataSource,
    private readonly redis: Redis,
    keys: RedisKeys,
    private readonly log: Logger,
    private readonly options: WorkerOptions = {},
  ) {
    this.consumer = options.consumer ?? `${hostname()}-${process.pid}-${Date.now().toString(36)}`;
    this.tags = new TagDirectory(ds);
    this.k = streamKeys(keys);
    this.keys = keys;
  }

  private readonly keys: RedisKeys;

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async run(): Promise<void> {
    let groupReady = false;
    while (this.running) {
      try {
        if (!groupReady) {
          await ensureGroup(this.redis, this.keys);
          groupReady = true;
        }
        const entries = await this.next();
        if (entries.length) await this.process(entries);
        await this.housekeeping();
      } catch (e) {
        this.log.warn({ err: e }, 'ETL: Redis unavailable, retrying');
        groupReady = false;
        await sleep(500);
      }
    }
  }

  /** Claimed entries of dead consumers first, then new ones. */
  private async next(): Promise<Entry[]> {
    const now = Date.now();
    if (now - this.lastClaim > 1000) {
      this.lastClaim = now;
      const claimed = (await this.redis.xautoclaim(
        this.k.stream,
        this.k.group,
        this.consumer,
        this.options.claimIdleMs ?? 30_000,
        '0-0',
        'COUNT',
        20,
      )) as [string, Entry[], string[]];
      const live = claimed[1].filter((e) => e && e[1]);
      if (claimed[2]?.length) await this.redis.xack(this.k.stream, this.k.group, ...claimed[2]);
      if (live.length) return live;
    }
    const res = (await this.redis.xreadgroup(
      'GROUP',
      this.k.group,
      this.consumer,
      'COUNT',
      100,
      'BLOCK',
      500,
      'STREAMS',
      this.k.stream,
      '>',
    )) as [string, Entry[]][] | null;
    return res?.[0]?.[1] ?? [];
  }

  /** Splits entries into batches of about `batchHits` hits; each batch commits, then is acked. */
  private async process(entries: Entry[]): Promise<void> {
    const limit = this.options.batchHits ?? 12000;
    let batch: Entry[] = [];
    let hits: Hit[] = [];
    for (const entry of entries) {
      const parsed = parseEntry(entry);
      batch.push(entry);
      for (const h of parsed) hits.push(h);
      if (hits.length >= limit) {
        await this.commit(batch, hits);
        batch = [];
        hits = [];
      }
    }
    if (batch.length) await this.commit(batch, hits);
  }

  private async commit(entries: Entry[], hits: Hit[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const prepared = await prepareRows(hits, this.tags);
        const result = await writeBatch(this.ds, prepared);
        const ids = entries.map((e) => e[0]);
        const n = result.newImpressions + result.newHits;
        const pipe = this.redis.multi();
        pipe.xack(this.k.stream, this.k.group, ...ids);
        pipe.xdel(this.k.stream, ...ids);
        pipe.hincrby(this.k.stats, 'processed', n);
        pipe.hincrby(this.k.stats, 'duplicates', result.duplicates);
        for (const [reason, count] of Object.entries(prepared.rejected)) {
          pipe.hincrby(this.k.stats, `rejected:${reason}`, count);
        }
        pipe.hset(this.k.stats, 'last_batch_at', Date.now());
        if (result.watermark) {
          pipe.eval(
            "local w = tonumber(redis.call('HGET', KEYS[1], 'watermark') or '0') if tonumber(ARGV[1]) > w then redis.call('HSET', KEYS[1], 'watermark', ARGV[1]) end",
            1,
            this.k.stats,
            result.watermark,
          );
        }
        pipe.hset(this.k.workers, this.consumer, JSON.stringify({ events_per_s: this.rate(n), at: Date.now() }));
        await pipe.exec();
        if (result.siteTagIds.length) {
          await refreshPings(this.ds, result.siteTagIds).catch((e: unknown) =>
            this.log.warn({ err: e }, 'ETL: ping refresh failed'),
          );
        }
        return;
      } catch (e) {
        const code = (e as { code?: string }).code ?? '';
        const retryable = e instanceof ConcurrentBatchError || RETRYABLE.has(code);
        if (!this.running && !retryable) throw e;
        // MySQL away or a lock conflict: keep the entries unacknowledged and try again.
        this.log.warn({ err: e, attempt }, 'ETL: batch failed, retrying');
        await sleep(retryable ? 20 * attempt : Math.min(200 * attempt, 2000));
      }
    }
  }

  private rate(n: number): number {
    const now = Date.now();
    this.recent.push({ at: now, n });
    while (this.recent.length && now - this.recent[0].at > 10_000) this.recent.shift();
    const span = Math.max(1, now - this.recent[0].at) / 1000;
    const total = this.recent.reduce((s, r) => s + r.n, 0);
    return this.recent.length > 1 ? Math.round(total / Math.max(span, 1)) : n;
  }

  /**
   * Every minute: ping counts decay with time even without new hits; consumers of workers that are
   * gone (nothing pending, silent for an hour) leave the group so the status lists live ones.
   */
  private async housekeeping(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPingSweep < 60_000) return;
    this.lastPingSweep = now;
    await refreshPings(this.ds, 'stale').catch((e: unknown) => this.log.warn({ err: e }, 'ETL: ping sweep failed'));
    const consumers = (await this.redis.xinfo('CONSUMERS', this.k.stream, this.k.group)) as (string | number)[][];
    for (const flat of consumers) {
      const c: Record<string, string | number> = {};
      for (let i = 0; i + 1 < flat.length; i += 2) c[String(flat[i])] = flat[i + 1];
      if (c.name !== this.consumer && Number(c.pending) === 0 && Number(c.idle) > 3600_000) {
        await this.redis.xgroup('DELCONSUMER', this.k.stream, this.k.group, String(c.name));
      }
    }
  }
}

function parseEntry(entry: Entry): Hit[] {
  const fields = entry[1];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'h') {
      try {
        const hits = JSON.parse(fields[i + 1]) as Hit[];
        return Array.isArray(hits) ? hits : [];
      } catch {
        return [];
      }
    }
  }
  return [];
}
