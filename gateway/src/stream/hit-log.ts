import type { Hit } from './hit';

/**
 * The hit log as a port (docs/architecture.md#the-hit-path): collectors and bulk ingest append hits, ETL
 * workers read them by shard, acknowledge them after their MySQL commit, claim what a dead worker left and
 * set aside what fails for good; monitoring reads its lengths and counters. Callers (collector/, the ingest
 * and monitoring modules, etl/) use only this interface; `HIT_LOG` chooses the adapter (stream/index.ts).
 * Redis Streams (stream/redis/, the default) and NATS JetStream (stream/jetstream/) implement the same two
 * interfaces.
 */
export interface HitLog {
  readonly engine: HitLogEngine;
  /** ETL_SHARDS: the log is partitioned by household over this many shards (stream/shards.ts). */
  readonly shards: number;
  /** Whether appends can be tried now (the connection is up); when not, the collector spools. */
  available(): boolean;
  /** Creates whatever the log needs (streams, consumer groups) when missing; safe from every process. */
  ensure(): Promise<void>;
  /** Appends hits to their households' shards, at most `perEntry` hits an entry, in one round trip. */
  append(hits: Hit[], perEntry?: number): Promise<void>;
  /** A batch to fill hit by hit (bulk ingest: encoded as added) and append whole with appendBatch. */
  batch(): HitBatch;
  appendBatch(batch: HitBatch): Promise<void>;
  /** Counts hits refused before the log (by reason); never fails, never waits. */
  countRejected(reason: string, n?: number): void;
  /** A collector process's heartbeat (every 2 s), removed when it leaves on purpose. */
  beat(beat: CollectorBeat): Promise<void>;
  leave(id: string): Promise<void>;
  /** Every collector heartbeat, the stale ones included. */
  collectors(): Promise<CollectorBeat[]>;
  /** GET /api/ingest/status: lengths, pending, consumers, counters; `spooledBytes` waiting on disk. */
  status(spooledBytes: number): Promise<HitLogStatus>;
  /** Entries read but unacknowledged for longer than `idleMs` (a worker died or is stuck), up to `cap`. */
  stalePending(idleMs: number, cap: number): Promise<number>;
  /** Moves every dead-lettered entry back into the log; answers how many. */
  replayDeadLetters(): Promise<number>;
  /**
   * An ETL worker's reading side, under its consumer name; `claimMs` (ETL_CLAIM_IDLE_MS) is how long an
   * entry read by a worker that died waits before another takes it.
   */
  reader(consumer: string, claimMs?: number): HitLogReader;
  /** Closes what the adapter opened itself (JetStream: its NATS connection; Redis: nothing, the caller's). */
  close(): Promise<void>;
}

export type HitLogEngine = 'redis' | 'jetstream';
export const HIT_LOG_ENGINES = ['redis', 'jetstream'] as const;

/** Hits collected for one append (bulk ingest's body). */
export interface HitBatch {
  add(hit: Hit): void;
  /** Hits added so far. */
  readonly count: number;
}

/** A collector process's heartbeat: `${hostname}:${pid}` is its id. */
export interface CollectorBeat {
  hostname: string;
  pid: number;
  /** Hits taken since it started. */
  hits: number;
  spooled: number;
  /** ms. */
  at: number;
}

/** One entry of the log: a JSON array of hits (one pixel flush's for a shard, or up to 500 bulk lines). */
export interface LogEntry {
  /** Its shard; null for an entry of a source older than the shards (Redis: the stream before partitioning). */
  shard: number | null;
  /** The engine's id within its shard. */
  id: string;
  /** Unique over the whole log: the key of its counts in etl_ledger. */
  ledgerId: string;
  /** The JSON array of hits as appended ('' when the entry carries none). */
  data: string;
}

export interface EntryCounts {
  processed: number;
  duplicates: number;
}

/** What a committed batch acknowledges: its entries' counts, and the counters that move with them. */
export interface BatchAck {
  /** Counts per ledger id (an entry's counts are added only if this acknowledgement is the first). */
  counts: Map<string, EntryCounts>;
  /** Hits refused by the ETL, by reason. */
  rejected: Record<string, number>;
  /** Hits of invalid traffic stored apart, by reason (docs/invalid-traffic.md#where-it-is-shown). */
  invalid?: Record<string, number>;
  /** Latest event time of the batch (ms), if any. */
  watermark: number | null;
  /** This worker's events per second, for the status. */
  eventsPerS: number;
}

/** A read: its entries, and whether some shard gave all that was asked (more may wait). */
export interface LogRead {
  entries: LogEntry[];
  full: boolean;
}

/** An ETL worker's side of the log. Sources are shard numbers, null for the source older than shards. */
export interface HitLogReader {
  readonly consumer: string;
  ensure(): Promise<void>;
  /** Looks for a source older than the shards (an upgrade's leftovers); called every few seconds. */
  discover(): Promise<void>;
  /** What to read now: these shards, and the older source while it exists. */
  sources(shards: readonly number[]): (number | null)[];
  /** New entries of the sources, up to `count` a source, waiting up to `blockMs` when there are none. */
  read(sources: readonly (number | null)[], count: number, blockMs: number): Promise<LogRead>;
  /**
   * Entries of `source` read by some consumer and unacknowledged for at least `minIdleMs`, now this
   * reader's, from `cursor` (undefined: the start); `next` is null once the source has no more.
   */
  claim(
    source: number | null,
    minIdleMs: number,
    count: number,
    cursor?: string,
  ): Promise<{ entries: LogEntry[]; next: string | null }>;
  /** Acknowledges (and drops) committed entries, adding their counts, all at once. */
  ack(entries: readonly LogEntry[], ack: BatchAck): Promise<void>;
  /** Sets an entry aside in the dead letters with its error, and acknowledges it. */
  deadLetter(entry: LogEntry, error: string): Promise<void>;
  /** A reader stopped on purpose leaves the status (where nothing waits for it). */
  leave(): Promise<void>;
  /** Housekeeping: readers of processes gone for an hour, with nothing pending, are forgotten. */
  sweep(): Promise<void>;
}

/** GET /api/ingest/status (docs/design.md#running-it): what the log, the ETL and the collectors are doing. */
export interface HitLogStatus {
  stream: string;
  length: number;
  pending: number;
  /** Entries not yet delivered to any worker. */
  undelivered: number;
  consumers: { name: string; pending: number; idle_ms: number }[];
  processed: number;
  duplicates: number;
  rejected: number;
  rejected_by_reason: Record<string, number>;
  /** Hits of invalid traffic stored apart, by reason (docs/invalid-traffic.md#where-it-is-shown). */
  invalid_by_reason: Record<string, number>;
  /** Age of the oldest entry not yet committed, ms (0 when idle). */
  lag_ms: number;
  /** Latest event time committed so far (ISO), null before the first. */
  watermark: string | null;
  events_per_s: number;
  last_batch_at: string | null;
  collectors: { hostname: string; pid: number; hits: number; spooled: number }[];
  spooled_bytes: number;
  /** True once everything accepted so far is committed. */
  idle: boolean;
  /** Entries the ETL set aside after non-transient failures (replay: POST /api/ingest/dead-letters/replay). */
  dead_letters: number;
  /** The error of the latest entry set aside, while any wait. */
  dead_letter_error: string | null;
}
