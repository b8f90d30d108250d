import { createInbox, type Msg, type NatsConnection } from '@nats-io/transport-node';
import type { RedisClient, RedisKeys } from '../../shared/redis';
import type { BatchAck, HitLogReader, LogEntry, LogRead } from '../hit-log';
import { streamKeys } from '../redis/keys';
import type { JetStreamHitLog } from './index';
import type { JetStreamNames } from './names';
import { ensureConsumers } from './setup';

/** An entry delivered this many times without a commit (its workers died on it) goes to the dead letters. */
export const MAX_DELIVERIES = 10;

/** Raises the watermark, never lowers it. KEYS: stats. ARGV: ms. */
const RAISE_WATERMARK =
  "local w = tonumber(redis.call('HGET', KEYS[1], 'watermark') or '0') if tonumber(ARGV[1]) > w then redis.call('HSET', KEYS[1], 'watermark', ARGV[1]) end";

const ACK = new TextEncoder().encode('+ACK');
const NAK = new TextEncoder().encode('-NAK');
const WORKING = new TextEncoder().encode('+WPI');

/** An entry delivered to this reader and not yet acknowledged. */
interface Held {
  shard: number;
  /** The delivery's acknowledgement subject. */
  reply: string;
  /** When its ack timer was last reset (delivery, or a progress message). */
  touched: number;
  /** Deliveries so far (JetStream's count). */
  delivered: number;
  /** The entry, and when it was last handed to the worker (a read, a claim). */
  entry: LogEntry;
  handed: number;
}

/**
 * What JetStream's acknowledgement subject tells of a delivery: `$JS.ACK.<stream>.<consumer>.<delivered>.
 * <stream seq>.<consumer seq>.<ms>.<pending>` (with a domain and an account hash after ACK on newer servers).
 */
function deliveryOf(reply: string): { delivered: number; seq: string } | null {
  const t = reply.split('.');
  if (t[0] !== '$JS' || t[1] !== 'ACK') return null;
  const at = t.length === 9 ? 2 : 4;
  return { delivered: Number(t[at + 2]), seq: t[at + 3] };
}

/**
 * The ETL's side of the JetStream hit log: it pulls the durable consumer `etl-<n>` of each shard whose lease
 * it holds (docs/operations.md#hit-log). Entries in hand (read, read ahead, being committed) are kept from
 * redelivery by progress messages every third of the ack wait; a worker that dies stops sending them and
 * JetStream redelivers its entries after the ack wait (ETL_CLAIM_IDLE_MS) to whichever worker pulls the shard
 * next: redelivery replaces the Redis engine's claim of another worker's entries; claim() hands out again
 * only this reader's own idle entries. Entries of a shard given up
 * are negatively acknowledged (redelivered at once to its new owner). Acknowledged after the MySQL commit,
 * each acknowledgement confirmed by the server; the counters go to Redis as with the default engine.
 */
export class JetStreamHitLogReader implements HitLogReader {
  private readonly held = new Map<string, Held>();
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly k: ReturnType<typeof streamKeys>;

  constructor(
    private readonly log: JetStreamHitLog,
    private readonly redis: RedisClient,
    keys: RedisKeys,
    private readonly names: JetStreamNames,
    readonly consumer: string,
    private readonly ackWaitMs: number,
  ) {
    this.k = streamKeys(keys);
  }

  async ensure(): Promise<void> {
    await this.log.ensure();
    await ensureConsumers(await this.log.link.jsm(), this.names, this.log.shards, this.ackWaitMs);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.keepInHand(), Math.max(100, Math.floor(this.ackWaitMs / 3)));
      this.heartbeat.unref();
    }
  }

  /** No source older than the shards on this engine. */
  async discover(): Promise<void> {}

  sources(shards: readonly number[]): (number | null)[] {
    return [...shards];
  }

  /** Resets the ack timer of every entry in hand not touched for a third of the ack wait. */
  private keepInHand(): void {
    if (!this.log.link.up) return;
    const now = Date.now();
    const every = this.ackWaitMs / 3;
    void this.log.link.connection().then((nc) => {
      for (const h of this.held.values()) {
        if (now - h.touched < every) continue;
        nc.publish(h.reply, WORKING);
        h.touched = now;
      }
    });
  }

  async read(sources: readonly (number | null)[], count: number, blockMs: number): Promise<LogRead> {
    const nc = await this.log.link.connection();
    const shards = sources.filter((s): s is number => s !== null);
    this.release(nc, new Set(shards));
    let got = await Promise.all(shards.map((n) => this.pull(nc, n, count, 0)));
    if (blockMs > 0 && got.every((list) => !list.size)) {
      got = await Promise.all(shards.map((n) => this.pull(nc, n, count, Math.max(blockMs, 100))));
    }
    const out: LogRead = { entries: [], full: got.some((list) => list.size >= count) };
    for (const list of got) {
      for (const entry of list.values()) {
        const held = this.held.get(entry.ledgerId);
        if (held && held.delivered > MAX_DELIVERIES) {
          await this.deadLetter(entry, `delivered ${held.delivered} times without a commit`);
        } else if (held) {
          out.entries.push(entry);
        }
      }
    }
    return out;
  }

  /** A delivery in hand at once (its ack timer kept from expiring from now on), as an entry of `out`. */
  private hold(shard: number, m: Msg, out: Map<string, LogEntry>): void {
    const d = deliveryOf(m.reply as string);
    if (!d) return;
    const ledgerId = `js/${d.seq}`;
    const entry = out.get(ledgerId) ?? { shard, id: d.seq, ledgerId, data: m.string() };
    const now = Date.now();
    this.held.set(ledgerId, {
      shard,
      reply: m.reply as string,
      touched: now,
      delivered: d.delivered,
      entry,
      handed: now,
    });
    out.set(ledgerId, entry);
  }

  /** Entries in hand of shards no longer read: back to JetStream at once, for their new owner. */
  private release(nc: NatsConnection, keep: Set<number>): void {
    for (const [id, h] of this.held) {
      if (keep.has(h.shard)) continue;
      nc.publish(h.reply, NAK);
      this.held.delete(id);
    }
  }

  /**
   * One pull request to shard n's consumer: up to `count` entries, at once (`waitMs` 0: what is there now)
   * or within `waitMs`. Ends at the server's status (no messages, request expired) or when all came.
   */
  private pull(nc: NatsConnection, n: number, count: number, waitMs: number): Promise<Map<string, LogEntry>> {
    const inbox = createInbox();
    // By ledger id: an entry redelivered while a long pull waits comes once, acknowledged by its latest delivery.
    const out = new Map<string, LogEntry>();
    let deliveries = 0;
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | null = null;
      const finish = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        sub.unsubscribe();
        resolve(out);
      };
      const sub = nc.subscribe(inbox, {
        callback: (err, m) => {
          if (err) return finish();
          const code = m.headers?.code ?? 0;
          if (code >= 100 && !m.data.length) {
            // 100: a heartbeat; 404 no messages, 408 request expired, 409 the consumer changed: done.
            if (code !== 100) finish();
            return;
          }
          if (m.reply) this.hold(n, m, out);
          if (++deliveries >= count) finish();
        },
      });
      const request = waitMs > 0 ? { batch: count, expires: waitMs * 1_000_000 } : { batch: count, no_wait: true };
      nc.publish(`$JS.API.CONSUMER.MSG.NEXT.${this.names.stream}.${this.names.consumer(n)}`, JSON.stringify(request), {
        reply: inbox,
      });
      // Should the server's end of the request be lost: what came is kept, anything later is redelivered.
      timer = setTimeout(finish, waitMs + 5000);
    });
  }

  /**
   * Entries of `source` this reader holds and handed out at least `minIdleMs` ago: read by a batch that failed,
   * or read ahead and dropped (the worker gave the shard up between batches and took it back). They are kept
   * from redelivery while this process lives, so they are handed out again here, as Redis' XAUTOCLAIM hands
   * a worker its own idle entries; what a dead worker held JetStream redelivers after the ack wait. `cursor`:
   * the last stream sequence handed out.
   */
  async claim(
    source: number | null,
    minIdleMs: number,
    count: number,
    cursor?: string,
  ): Promise<{ entries: LogEntry[]; next: string | null }> {
    const now = Date.now();
    const after = cursor ? Number(cursor) : 0;
    const idle = [...this.held.values()]
      .filter((h) => h.shard === source && now - h.handed >= minIdleMs && Number(h.entry.id) > after)
      .sort((a, b) => Number(a.entry.id) - Number(b.entry.id));
    const taken = idle.slice(0, count);
    for (const h of taken) h.handed = now;
    return {
      entries: taken.map((h) => h.entry),
      next: idle.length > count ? taken[taken.length - 1].entry.id : null,
    };
  }

  /**
   * Acknowledges the entries, then adds their counts in Redis. The acknowledgements go out as one stream of
   * publishes and a flush (the server answered a ping sent after them, so it has them all): one round trip
   * a batch, where a confirmed acknowledgement each cost one round trip an entry (8x slower in
   * tests/bench/hit-log.ts). Should the server lose one (a node crashing before it replicated it), the entry
   * comes again after the ack wait and its events are found stored (counted as duplicates, never twice).
   */
  async ack(entries: readonly LogEntry[], ack: BatchAck): Promise<void> {
    const nc = await this.log.link.connection();
    if (!this.log.link.up) throw new Error('the hit log (NATS) is not connected');
    let processed = 0;
    let duplicates = 0;
    const sent: string[] = [];
    for (const e of entries) {
      const held = this.held.get(e.ledgerId);
      if (!held) continue;
      nc.publish(held.reply, ACK);
      sent.push(e.ledgerId);
      const c = ack.counts.get(e.ledgerId);
      processed += c?.processed ?? 0;
      duplicates += c?.duplicates ?? 0;
    }
    await nc.flush();
    for (const id of sent) this.held.delete(id);
    // The stats in one MULTI on their one key; the worker's rate apart (another key: on a Redis Cluster,
    // another hash slot, docs/scaling.md#redis-cluster).
    const pipe = this.redis.multi();
    pipe.hincrby(this.k.stats, 'processed', processed);
    pipe.hincrby(this.k.stats, 'duplicates', duplicates);
    for (const [reason, n] of Object.entries(ack.rejected)) pipe.hincrby(this.k.stats, `rejected:${reason}`, n);
    for (const [reason, n] of Object.entries(ack.invalid ?? {})) pipe.hincrby(this.k.stats, `invalid:${reason}`, n);
    pipe.hset(this.k.stats, 'last_batch_at', Date.now());
    if (ack.watermark) pipe.eval(RAISE_WATERMARK, 1, this.k.stats, ack.watermark);
    const [replies] = await Promise.all([
      pipe.exec(),
      this.redis.hset(this.k.workers, this.consumer, JSON.stringify({ events_per_s: ack.eventsPerS, at: Date.now() })),
    ]);
    for (const [err] of replies ?? []) if (err) throw err;
  }

  /** The entry to the dead letters' stream (confirmed), then acknowledged: it leaves the log. */
  async deadLetter(entry: LogEntry, error: string): Promise<void> {
    const held = this.held.get(entry.ledgerId);
    await this.log.publishDead(entry.data, error, `${entry.shard}/${entry.id}`, entry.ledgerId);
    if (held) {
      const nc = await this.log.link.connection();
      await nc.request(held.reply, ACK, { timeout: 5000 });
      this.held.delete(entry.ledgerId);
    }
  }

  /** Leaving on purpose: entries still in hand go back at once, the rate leaves the status, the connection closes. */
  async leave(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.log.link.up) {
      const nc = await this.log.link.connection();
      this.release(nc, new Set());
      await nc.flush().catch(() => undefined);
    }
    await this.redis.hdel(this.k.workers, this.consumer).catch(() => undefined);
  }

  /** The shard consumers are durable and shared (none per worker to forget); acknowledged leftovers go. */
  sweep(): Promise<void> {
    return this.log.sweep();
  }
}
