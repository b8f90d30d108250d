import { createHash } from 'node:crypto';
import type { ConsumerInfo, JetStreamManager, StreamInfo } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import type { RedisClient, RedisKeys } from '../../shared/redis';
import type { Hit } from '../hit';
import type { CollectorBeat, HitBatch, HitLog, HitLogReader, HitLogStatus } from '../hit-log';
import { RedisCounters } from '../redis/counters';
import { entriesOf, type Entries } from '../redis/append';
import { streamKeys } from '../redis/keys';
import { HITS_PER_ENTRY, shardOf } from '../shards';
import { NatsLink } from './link';
import { jetStreamNames, type JetStreamNames } from './names';
import { JetStreamHitLogReader } from './reader';
import { ensureStreams } from './setup';

export interface JetStreamOptions {
  /** NATS_URL: servers, comma-separated. */
  servers: string;
  /** NATS_REPLICAS: replicas of the streams when this process creates them. */
  replicas: number;
  /** Who connects (the connection's name in NATS' monitoring). */
  role?: string;
}

/**
 * A pixel flush puts every hit of a shard in one entry; JetStream refuses messages over max_payload (1 MB
 * by default), so an entry holds at most this many hits (a hit is ~100-300 bytes encoded).
 */
const MAX_HITS_PER_MESSAGE = 2000;

/**
 * The hit log on NATS JetStream (HIT_LOG=jetstream, docs/operations.md#hit-log): one stream, a subject per
 * household shard, work-queue retention (an entry leaves once an ETL worker acknowledged it after its
 * MySQL commit), R replicas (NATS_REPLICAS); a durable pull consumer per shard. An append answers only once
 * JetStream acknowledged every message (stored on a majority of the replicas); each message's id
 * (Nats-Msg-Id) is a digest of its shard and its hits, so a retried publish is de-duplicated by the server.
 * What may be lost or rebuilt stays in Redis as with the default engine: the counters (processed,
 * duplicates, rejected, watermark), workers' rates and collectors' heartbeats.
 */
export class JetStreamHitLog implements HitLog {
  readonly engine = 'jetstream' as const;
  readonly link: NatsLink;
  private readonly names: JetStreamNames;
  private readonly subjects: string[];
  /** Counters and heartbeats: the Redis adapter's, on the same keys. */
  private readonly side: RedisCounters;
  private ensured: Promise<void> | null = null;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisKeys,
    readonly shards: number,
    private readonly options: JetStreamOptions,
  ) {
    this.link = new NatsLink(options.servers, `infinitum ${options.role ?? 'gateway'} ${process.pid}`);
    this.names = jetStreamNames(keys);
    this.subjects = Array.from({ length: shards }, (_, n) => this.names.subject(n));
    this.side = new RedisCounters(redis, keys);
  }

  available(): boolean {
    return this.link.up;
  }

  /** The hit stream and the dead letters' stream, when missing (once per process while it works). */
  ensure(): Promise<void> {
    if (!this.ensured) {
      this.ensured = this.link.jsm().then((jsm) => ensureStreams(jsm, this.names, this.options.replicas));
      this.ensured.catch(() => (this.ensured = null));
    }
    return this.ensured;
  }

  append(hits: Hit[], perEntry = HITS_PER_ENTRY): Promise<void> {
    return this.publish(entriesOf(this.subjects, hits, Math.min(perEntry, MAX_HITS_PER_MESSAGE)));
  }

  batch(): HitBatch {
    return new SubjectEntries(this.subjects);
  }

  async appendBatch(batch: HitBatch): Promise<void> {
    if (!(batch instanceof SubjectEntries)) throw new TypeError('not a batch of this hit log');
    await this.publish(batch.finish());
  }

  /**
   * Publishes entries in parallel and answers once JetStream acknowledged all of them (any failure fails
   * the whole append: the caller spools or answers 503, and a retry is de-duplicated by message id).
   */
  async publish({ streams: subjects, entries }: Entries, idPrefix = ''): Promise<void> {
    if (!subjects.length) return;
    const js = await this.link.js();
    await Promise.all(
      subjects.map((subject, i) =>
        js.publish(subject, entries[i], { msgID: idPrefix + messageId(subject, entries[i]), timeout: 5000 }),
      ),
    );
  }

  countRejected(reason: string, n = 1): void {
    this.side.countRejected(reason, n);
  }

  beat(beat: CollectorBeat): Promise<void> {
    return this.side.beat(beat);
  }

  leave(id: string): Promise<void> {
    return this.side.leave(id);
  }

  collectors(): Promise<CollectorBeat[]> {
    return this.side.collectors();
  }

  async status(spooledBytes: number): Promise<HitLogStatus> {
    if (!(await this.link.ready(2000))) throw new Error('the hit log (NATS) is not connected');
    const jsm = await this.link.jsm();
    const now = Date.now();
    // The log before the counters: a batch acknowledged before this read is already counted.
    const { info, consumers: list } = await this.shardState(jsm);
    const consumers: HitLogStatus['consumers'] = [];
    let pending = 0;
    let undelivered = 0;
    for (const c of list.values()) {
      pending += c.num_ack_pending;
      const active = msOf(c.delivered.last_active);
      consumers.push({
        name: c.name,
        pending: c.num_ack_pending,
        idle_ms: Number.isFinite(active) ? Math.max(0, now - active) : 0,
      });
    }
    // Not yet delivered: past each shard consumer's delivered point; all of a shard no worker pulled yet.
    for (let n = 0; n < this.shards; n++) {
      const c = list.get(this.names.consumer(n));
      undelivered += c ? c.num_pending : (info?.state.subjects?.[this.names.subject(n)] ?? 0);
    }
    const length = info?.state.messages ?? 0;
    const first = info && (pending || undelivered) ? Date.parse(info.state.first_ts) : NaN;
    const dead = await this.deadLetters(jsm);
    const base = await this.side.counters(now);
    return {
      ...base,
      stream: this.names.stream,
      length,
      pending,
      undelivered,
      consumers: consumers.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true })),
      lag_ms: Number.isFinite(first) ? Math.max(0, now - first) : 0,
      spooled_bytes: spooledBytes,
      idle: pending === 0 && undelivered === 0 && spooledBytes === 0,
      dead_letters: dead.count,
      dead_letter_error: dead.count ? dead.error : null,
    };
  }

  /** The stream (with its per-subject counts) and its shard consumers. */
  private async shardState(
    jsm: JetStreamManager,
  ): Promise<{ info: StreamInfo | null; consumers: Map<string, ConsumerInfo> }> {
    const info = await jsm.streams
      .info(this.names.stream, { subjects_filter: `${this.names.stream}.shard.*` })
      .catch((e: unknown) => {
        if (/stream not found/i.test(String((e as Error).message))) return null;
        throw e;
      });
    const consumers = new Map<string, ConsumerInfo>();
    if (info) for await (const c of jsm.consumers.list(this.names.stream)) consumers.set(c.name, c);
    return { info, consumers };
  }

  /**
   * Housekeeping (every minute, from the ETL): entries below a shard consumer's acknowledgement floor that
   * are still stored are dropped. Work-queue retention removes an entry when it is acknowledged, but a node
   * killed with -9 may come back with acknowledgements recorded and some of their removals not.
   */
  async sweep(): Promise<void> {
    const jsm = await this.link.jsm();
    const { info, consumers } = await this.shardState(jsm);
    if (!info) return;
    for (let n = 0; n < this.shards; n++) {
      const c = consumers.get(this.names.consumer(n));
      const stored = info.state.subjects?.[this.names.subject(n)] ?? 0;
      if (!c || stored <= c.num_ack_pending + c.num_pending) continue;
      await jsm.streams.purge(this.names.stream, { filter: this.names.subject(n), seq: c.ack_floor.stream_seq + 1 });
    }
  }

  private async deadLetters(jsm: JetStreamManager): Promise<{ count: number; error: string | null }> {
    const info = await jsm.streams.info(this.names.dead).catch(() => null);
    const count = info?.state.messages ?? 0;
    if (!count) return { count, error: null };
    const last = await jsm.streams
      .getMessage(this.names.dead, { last_by_subj: this.names.deadSubject })
      .catch(() => null);
    return { count, error: last?.header.get('error') || null };
  }

  /**
   * Pending entries of shard consumers that delivered nothing for `idleMs`: their worker died (JetStream
   * redelivers them after the ack wait, to whichever worker pulls the shard next) or is stuck. A live worker
   * keeps its entries in hand from redelivery (docs/operations.md#hit-log), so it is not the server's
   * per-entry idle time that is counted here.
   */
  async stalePending(idleMs: number, cap: number): Promise<number> {
    const jsm = await this.link.jsm();
    const now = Date.now();
    let stale = 0;
    try {
      for await (const c of jsm.consumers.list(this.names.stream)) {
        const active = msOf(c.delivered.last_active) || 0;
        if (c.num_ack_pending && now - active >= idleMs) stale += c.num_ack_pending;
        if (stale >= cap) return cap;
      }
    } catch (e) {
      if (!/stream not found/i.test(String((e as Error).message))) throw e;
    }
    return stale;
  }

  /**
   * Every dead letter back into the log, one by one: its hits to their shards under fresh message ids
   * (the original's would be taken for a retry within the duplicate window), then deleted. Event ids keep
   * a replay that races another harmless.
   */
  async replayDeadLetters(): Promise<number> {
    await this.ensure();
    const jsm = await this.link.jsm();
    const info = await jsm.streams.info(this.names.dead);
    let replayed = 0;
    for (let seq = info.state.first_seq; info.state.messages && seq <= info.state.last_seq; seq++) {
      const m = await jsm.streams.getMessage(this.names.dead, { seq }).catch(() => null);
      if (!m) continue;
      const data = m.string();
      let hits: unknown = null;
      try {
        hits = JSON.parse(data);
      } catch {
        // kept as it is
      }
      const prefix = `replay:${seq}:`;
      if (Array.isArray(hits) && hits.every((x) => x && typeof x === 'object')) {
        await this.publish(entriesOf(this.subjects, hits as Hit[], HITS_PER_ENTRY), prefix);
      } else {
        // Not a list of hits: to shard 0 as it is, to fail there again.
        await this.publish({ streams: [this.subjects[0]], entries: [data] }, prefix);
      }
      await jsm.streams.deleteMessage(this.names.dead, seq, false);
      replayed++;
    }
    return replayed;
  }

  reader(consumer: string, ackWaitMs = 30_000): HitLogReader {
    return new JetStreamHitLogReader(this, this.redis, this.keys, this.names, consumer, ackWaitMs);
  }

  close(): Promise<void> {
    return this.link.close();
  }

  /** Publishes a dead letter (the entry's hits, its error and origin as headers), acknowledged by JetStream. */
  async publishDead(data: string, error: string, source: string, ledgerId: string): Promise<void> {
    const js = await this.link.js();
    const h = headers();
    h.set('error', error.replace(/[\r\n]+/g, ' '));
    h.set('source', source);
    h.set('at', String(Date.now()));
    await js.publish(this.names.deadSubject, data || '[]', { headers: h, msgID: `dead:${ledgerId}`, timeout: 5000 });
  }

  /** The Redis counters' key (the reader adds to them). */
  get statsKey(): string {
    return streamKeys(this.keys).stats;
  }
}

/** A consumer's last delivery time: the server sends an RFC 3339 time (typed as nanoseconds by the client). */
function msOf(v: unknown): number {
  return typeof v === 'string' ? Date.parse(v) : NaN;
}

/** The message id of an entry: its subject and a digest of its hits (their ids among them). */
function messageId(subject: string, data: string): string {
  return `${subject.slice(subject.lastIndexOf('.') + 1)}:${createHash('sha1').update(data).digest('base64url')}`;
}

/** Bulk ingest's batch: hits encoded as added, grouped by shard, HITS_PER_ENTRY an entry. */
class SubjectEntries implements HitBatch {
  private readonly pending = new Map<number, string[]>();
  private readonly done: Entries = { streams: [], entries: [] };
  count = 0;

  constructor(private readonly subjects: string[]) {}

  add(hit: Hit): void {
    this.count++;
    const n = shardOf(String(hit?.h), this.subjects.length);
    let list = this.pending.get(n);
    if (!list) this.pending.set(n, (list = []));
    list.push(JSON.stringify(hit));
    if (list.length >= HITS_PER_ENTRY) {
      this.encode(n, list);
      this.pending.delete(n);
    }
  }

  finish(): Entries {
    for (const [n, list] of this.pending) this.encode(n, list);
    this.pending.clear();
    return this.done;
  }

  private encode(n: number, list: string[]): void {
    this.done.streams.push(this.subjects[n]);
    this.done.entries.push(`[${list.join(',')}]`);
  }
}
