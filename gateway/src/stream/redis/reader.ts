import type Redis from 'ioredis';
import type { RedisKeys } from '../../shared/redis';
import type { BatchAck, HitLogReader, LogEntry, LogRead } from '../hit-log';
import { ensureGroup } from './append';
import { hitStreams, streamKeys, streamOf } from './keys';

type Entry = [id: string, fields: string[]];

/**
 * Acknowledges entries and adds their ledger counts, each entry's only if this call acknowledged it
 * (a concurrent worker may have): processed and duplicates stay exact under redelivery.
 * KEYS: stats, then the streams. ARGV: group, then per entry its stream's index in KEYS, id, processed,
 * duplicates.
 */
const ACK_AND_COUNT = `
local processed, duplicates = 0, 0
for i = 2, #ARGV, 4 do
  local stream = KEYS[tonumber(ARGV[i])]
  if redis.call('XACK', stream, ARGV[1], ARGV[i + 1]) == 1 then
    processed = processed + tonumber(ARGV[i + 2])
    duplicates = duplicates + tonumber(ARGV[i + 3])
  end
  redis.call('XDEL', stream, ARGV[i + 1])
end
redis.call('HINCRBY', KEYS[1], 'processed', processed)
redis.call('HINCRBY', KEYS[1], 'duplicates', duplicates)
return processed`;

/** Raises the watermark, never lowers it. KEYS: stats. ARGV: ms. */
const RAISE_WATERMARK =
  "local w = tonumber(redis.call('HGET', KEYS[1], 'watermark') or '0') if tonumber(ARGV[1]) > w then redis.call('HSET', KEYS[1], 'watermark', ARGV[1]) end";

/** Entries per acknowledging script call. */
const ACK_SLICE = 2000;

/** The number of a shard stream (its key ends in `:<n>`). */
const shardNumber = (stream: string): number => Number(stream.slice(stream.lastIndexOf(':') + 1));

/** Field `h` of an entry: its JSON array of hits. */
function dataOf(fields: string[]): string {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === 'h') return fields[i + 1];
  return '';
}

const asRecord = (flat: (string | number)[]): Record<string, string | number> => {
  const c: Record<string, string | number> = {};
  for (let j = 0; j + 1 < flat.length; j += 2) c[String(flat[j])] = flat[j + 1];
  return c;
};

/**
 * The ETL's side of the Redis Streams hit log: a member of consumer group "etl" on every shard stream,
 * and on the stream before partitioning while it exists (entries left by an older version). Entries are
 * XACKed and XDELed after the commit, their counts added to `ingest:stats` in the same MULTI; dead letters
 * go to the stream `hits:dead`.
 */
export class RedisHitLogReader implements HitLogReader {
  private readonly k: ReturnType<typeof streamKeys>;
  private legacy = false;

  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly shards: number,
    readonly consumer: string,
  ) {
    this.k = streamKeys(keys);
  }

  ensure(): Promise<void> {
    return ensureGroup(this.redis, this.keys, this.shards);
  }

  async discover(): Promise<void> {
    this.legacy = (await this.redis.exists(this.k.stream)) === 1;
    if (this.legacy) {
      await this.redis.xgroup('CREATE', this.k.stream, this.k.group, '0').catch((e: unknown) => {
        if (!String((e as Error).message).includes('BUSYGROUP')) throw e;
      });
    }
  }

  sources(shards: readonly number[]): (number | null)[] {
    return this.legacy ? [...shards, null] : [...shards];
  }

  /** Ledger id of an entry: ids repeat across streams, so a shard's carry its number. */
  private entry(stream: string, [id, fields]: Entry): LogEntry {
    const shard = stream === this.k.stream ? null : shardNumber(stream);
    return { shard, id, ledgerId: shard === null ? id : `${shard}/${id}`, data: dataOf(fields) };
  }

  async read(sources: readonly (number | null)[], count: number, blockMs: number): Promise<LogRead> {
    const streams = sources.map((s) => streamOf(this.keys, s));
    const args = [
      'GROUP',
      this.k.group,
      this.consumer,
      'COUNT',
      count,
      ...(blockMs > 0 ? ['BLOCK', blockMs] : []),
      'STREAMS',
      ...streams,
      ...streams.map(() => '>'),
    ];
    const res = (await this.redis.call('XREADGROUP', ...args)) as [string, Entry[]][] | null;
    const out: LogRead = { entries: [], full: false };
    for (const [stream, entries] of res ?? []) {
      for (const e of entries) out.entries.push(this.entry(stream, e));
      if (entries.length >= count) out.full = true;
    }
    return out;
  }

  async claim(
    source: number | null,
    minIdleMs: number,
    count: number,
    cursor = '0-0',
  ): Promise<{ entries: LogEntry[]; next: string | null }> {
    const stream = streamOf(this.keys, source);
    const claimed = (await this.redis.xautoclaim(
      stream,
      this.k.group,
      this.consumer,
      minIdleMs,
      cursor,
      'COUNT',
      count,
    )) as [string, Entry[], string[]];
    const entries: LogEntry[] = [];
    for (const e of claimed[1]) if (e && e[1]) entries.push(this.entry(stream, e));
    // Deleted while pending (acknowledged and deleted by a worker that lost the lease meanwhile).
    if (claimed[2]?.length) await this.redis.xack(stream, this.k.group, ...claimed[2]);
    return { entries, next: claimed[0] === '0-0' ? null : claimed[0] };
  }

  async ack(entries: readonly LogEntry[], ack: BatchAck): Promise<void> {
    const pipe = this.redis.multi();
    // In slices: a batch of pixels holds tens of thousands of small entries (one per shard and event-loop
    // turn), more arguments than one call can spread (RangeError). One MULTI still acks and counts them all.
    for (let i = 0; i < entries.length; i += ACK_SLICE) {
      const slice = entries.slice(i, i + ACK_SLICE);
      const streams = [...new Set(slice.map((e) => streamOf(this.keys, e.shard)))];
      const args: (string | number)[] = [this.k.stats, ...streams, this.k.group];
      for (const e of slice) {
        const c = ack.counts.get(e.ledgerId);
        args.push(streams.indexOf(streamOf(this.keys, e.shard)) + 2, e.id, c?.processed ?? 0, c?.duplicates ?? 0);
      }
      pipe.eval(ACK_AND_COUNT, 1 + streams.length, ...args);
    }
    for (const [reason, count] of Object.entries(ack.rejected)) {
      pipe.hincrby(this.k.stats, `rejected:${reason}`, count);
    }
    for (const [reason, count] of Object.entries(ack.invalid ?? {})) {
      pipe.hincrby(this.k.stats, `invalid:${reason}`, count);
    }
    pipe.hset(this.k.stats, 'last_batch_at', Date.now());
    if (ack.watermark) pipe.eval(RAISE_WATERMARK, 1, this.k.stats, ack.watermark);
    pipe.hset(this.k.workers, this.consumer, JSON.stringify({ events_per_s: ack.eventsPerS, at: Date.now() }));
    const replies = await pipe.exec();
    for (const [err] of replies ?? []) if (err) throw err;
  }

  async deadLetter(entry: LogEntry, error: string): Promise<void> {
    const stream = streamOf(this.keys, entry.shard);
    const pipe = this.redis.multi();
    pipe.xadd(
      this.k.dead,
      '*',
      'h',
      entry.data || '[]',
      'error',
      error,
      'source',
      entry.id,
      'stream',
      stream,
      'at',
      String(Date.now()),
    );
    pipe.xack(stream, this.k.group, entry.id);
    pipe.xdel(stream, entry.id);
    const replies = await pipe.exec();
    for (const [err] of replies ?? []) if (err) throw err;
  }

  /**
   * Its rate, and its consumer in every group where nothing waits for it (an entry still pending at it,
   * read ahead for a shard given up, stays for the next owner to claim: deleting the consumer would drop it).
   */
  async leave(): Promise<void> {
    const streams = hitStreams(this.keys, this.shards);
    const read = this.redis.pipeline();
    for (const stream of streams) read.xinfo('CONSUMERS', stream, this.k.group);
    const replies = (await read.exec()) ?? [];
    const leave = this.redis.pipeline();
    leave.hdel(this.k.workers, this.consumer);
    streams.forEach((stream, i) => {
      const [err, list] = replies[i] ?? [];
      // No such stream or group: nothing to leave there.
      if (err) return;
      for (const flat of list as (string | number)[][]) {
        const c = asRecord(flat);
        if (c.name === this.consumer && Number(c.pending) === 0)
          leave.xgroup('DELCONSUMER', stream, this.k.group, this.consumer);
      }
    });
    for (const [err] of (await leave.exec()) ?? []) if (err) throw err;
  }

  async sweep(): Promise<void> {
    for (const stream of hitStreams(this.keys, this.shards)) {
      if (stream === this.k.stream && !this.legacy) continue;
      const consumers = (await this.redis.xinfo('CONSUMERS', stream, this.k.group)) as (string | number)[][];
      for (const flat of consumers) {
        const c = asRecord(flat);
        if (c.name !== this.consumer && Number(c.pending) === 0 && Number(c.idle) > 3600_000) {
          await this.redis.xgroup('DELCONSUMER', stream, this.k.group, String(c.name));
        }
      }
    }
  }
}
