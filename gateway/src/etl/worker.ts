import { hostname } from 'node:os';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { createHitLog, DEFAULT_SHARDS, type Hit, type HitLogEngine, type HitLogReader, type LogEntry } from '../stream';
import type { Logger } from '../shared/logger';
import type { RedisKeys } from '../shared/redis';
import { turn } from '../shared/memo';
import { ShardLeases } from './leases';
import { refreshPings } from './pings';
import { type PreparedBatch, prepareRows } from './rows';
import { TagDirectory } from './tags';
import { type BatchResult, ConcurrentBatchError, prepareBatch, timed, writeBatch } from './writer';

export interface WorkerOptions {
  /**
   * The claim time: a shard's lease lapses this long after its worker stopped renewing it (the process
   * died) and another worker takes the shard with its pending entries; entries of the stream before
   * partitioning pending this long at another consumer are claimed.
   */
  claimIdleMs?: number;
  /** ETL_SHARDS: how many shard streams the collectors write (all must agree). */
  shards?: number;
  /**
   * Hits per transaction, roughly (default 50,000): large, as per-batch reads dominate small ones; a
   * new visit's touches read its household's last 7 days of impressions, so a batch spanning hours
   * re-reads each impression some dozen times over, one spanning days a few times.
   */
  batchHits?: number;
  consumer?: string;
  /** Non-transient failures of one entry before it goes to the dead-letter stream. */
  deadLetterAfter?: number;
  /** HIT_LOG: the hit log's engine (default redis). */
  hitLog?: HitLogEngine;
}

type Read = LogEntry;

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/** Server answers that pass with time (load, limits, a restart): retried, never dead-lettered. */
const TRANSIENT_SQL = new Set([
  'ER_LOCK_DEADLOCK',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_TABLE_FULL',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_QUERY_INTERRUPTED',
  'ER_CONNECTION_KILLED',
  'ER_OPTION_PREVENTS_STATEMENT',
  'ER_READ_ONLY_MODE',
  'ER_OUT_OF_RESOURCES',
  'ER_OUTOFMEMORY',
  'ER_DISK_FULL',
  'ER_RECORD_FILE_FULL',
  'ER_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
]);

/**
 * Whether a failed batch would fail again however often it is retried: the database answered with an
 * error about the data or the statement (not a connection loss or a load limit), or the batch broke the
 * code (a TypeError from a malformed entry). MySQL or Redis being away is never non-transient.
 */
export function isNonTransient(e: unknown): boolean {
  if (e instanceof TypeError || e instanceof RangeError || e instanceof SyntaxError) return true;
  const x = e as { driverError?: unknown; sqlState?: unknown; fatal?: unknown; code?: unknown } | null;
  const d = (x?.driverError ?? x) as { sqlState?: unknown; fatal?: unknown; code?: unknown } | null;
  if (!d || typeof d.sqlState !== 'string' || d.fatal) return false;
  return !d.sqlState.startsWith('08') && !TRANSIENT_SQL.has(String(d.code));
}

/** Entries written in one transaction, their hits, and the rows those become (made once). */
interface Batch {
  entries: Read[];
  hits: Hit[];
  prepared?: Promise<PreparedBatch>;
}

interface Counts {
  processed: number;
  duplicates: number;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The ETL worker (DESIGN 1, 3, 4): reads the shard streams it holds the lease of (ShardLeases: one
 * worker per shard at a time, a fair share each) as a member of consumer group "etl", writes each batch
 * in one transaction and acknowledges only after the commit. A household's hits all go to one shard, so
 * workers never write the same households and never wait on each other's shard locks. A shard taken
 * over (its worker died or gave it up) comes with its pending entries. The stream before partitioning
 * is read by every worker while it exists (entries left by an older version), its dead consumers'
 * entries claimed after `claimIdleMs`. A batch failing for a transient reason (MySQL away, a lock
 * conflict) is retried until it commits; one failing for a non-transient reason is retried a few times,
 * then split so that the good entries commit and only the failing entry moves to the dead-letter stream
 * (the super admin replays it once the cause is fixed). Each batch's transaction records its counts in
 * `etl_ledger` under its entries' ledger ids: a batch committed by a worker that died before the
 * acknowledgement is not written again, and its counts are taken from the ledger (processed exact).
 */
export class EtlWorker {
  readonly consumer: string;
  readonly leases: ShardLeases;
  /** Events this worker stored (new ones, not duplicates) since it started. */
  stored = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly tags: TagDirectory;
  /** This worker's side of the hit log (its own connection: reads block). */
  private readonly reader: HitLogReader;
  private readonly recent: { at: number; n: number }[] = [];
  private readonly shards: number;
  /** Shards taken over whose pending entries are still to claim, with the XAUTOCLAIM cursor. */
  private readonly recovering = new Map<number, string | undefined>();
  private lastClaim = 0;
  private lastBalance = 0;
  private lastLegacyCheck = 0;
  private lastPingSweep = 0;

  constructor(
    private readonly ds: DataSource,
    redis: Redis,
    keys: RedisKeys,
    private readonly log: Logger,
    private readonly options: WorkerOptions = {},
  ) {
    this.consumer = options.consumer ?? `${hostname()}-${process.pid}-${Date.now().toString(36)}`;
    this.tags = new TagDirectory(ds);
    this.shards = options.shards ?? DEFAULT_SHARDS;
    this.reader = createHitLog(redis, keys, { engine: options.hitLog, shards: this.shards }).reader(this.consumer);
    this.leases = new ShardLeases(redis, keys, this.consumer, this.shards, this.claimMs());
  }

  start(): void {
    this.running = true;
    this.leases.start();
    this.loop = this.run();
  }

  /**
   * Finishes the batch in hand and stops. Its shards are given up at once (the others take them within a
   * loop); `release: false` leaves them to lapse after the claim time, as a killed process would.
   */
  async stop(release = true): Promise<void> {
    this.running = false;
    await this.loop;
    await this.leases.stop(release).catch((e: unknown) => this.log.warn({ err: e }, 'ETL: lease release failed'));
    if (release)
      await this.reader.leave().catch((e: unknown) => this.log.warn({ err: e }, 'ETL: leaving the group failed'));
  }

  private claimMs(): number {
    return this.options.claimIdleMs ?? 30_000;
  }

  private async run(): Promise<void> {
    let groupReady = false;
    // At most one batch read ahead: the worker holds two reads at a time, whatever the backlog.
    let ahead: Promise<Batch[]> | null = null;
    while (this.running || ahead) {
      try {
        if (!groupReady) {
          await this.reader.ensure();
          groupReady = true;
        }
        const pending: Promise<Batch[]> | null = ahead;
        ahead = null;
        let batches: Batch[] = await timed('worker.read_stream', pending ?? this.next().then((e) => this.batches(e)));
        if (pending) {
          // Between batches: the fair share may give shards up. Read-ahead entries of those stay pending
          // under this consumer, and their new owner claims them when it takes the shard.
          await this.balance();
          const entries = batches.flatMap((b) => b.entries);
          const kept = entries.filter((e) => e.shard === null || this.leases.owned.has(e.shard));
          if (kept.length < entries.length) batches = this.batches(kept, false);
        }
        if (batches.length) {
          // The next read is fetched, parsed and prepared (tags, local time, regions) while this one is
          // written: the worker mostly waits on MySQL.
          if (this.running) {
            ahead = this.next(new Set(batches.flatMap((b) => b.entries.map((e) => e.ledgerId)))).then((e) =>
              this.batches(e),
            );
            ahead.catch(() => undefined);
          }
          for (const batch of batches) await this.commit(batch);
        }
        await this.housekeeping();
      } catch (e) {
        this.log.warn({ err: e }, 'ETL: Redis unavailable, retrying');
        groupReady = false;
        await sleep(500);
      }
    }
  }

  /** What this worker reads now: its shards, and the source older than shards while it exists. */
  private sources(): (number | null)[] {
    return this.reader.sources([...this.leases.owned].sort((a, b) => a - b));
  }

  /** Every second or so: fair share of the shards, and whether the stream before partitioning is still there. */
  private async balance(): Promise<void> {
    const now = Date.now();
    if (now - this.lastBalance >= Math.min(1000, this.claimMs() / 3)) {
      this.lastBalance = now;
      for (const n of await this.leases.balance()) this.recovering.set(n, undefined);
      for (const n of this.recovering.keys()) if (!this.leases.owned.has(n)) this.recovering.delete(n);
    }
    if (now - this.lastLegacyCheck >= 5000) {
      this.lastLegacyCheck = now;
      await this.reader.discover();
    }
  }

  /** Pending entries of `source` idle at least `minIdle` ms, to this worker, from `cursor`; answers the next cursor. */
  private async claim(
    source: number | null,
    minIdle: number,
    cursor: string | undefined,
    into: Read[],
    inHand?: Set<string>,
  ): Promise<string | null> {
    const claimed = await this.reader.claim(source, minIdle, READ_COUNT, cursor);
    for (const r of claimed.entries) if (!inHand?.has(r.ledgerId)) into.push(r);
    return claimed.next;
  }

  /**
   * Pending entries of shards taken over, then of this worker's own failed reads, then new ones. While a
   * batch is being written (`inHand`, its ledger ids) the shares are left alone (they change only between
   * batches) and the entries in hand are not claimed again.
   */
  private async next(inHand?: Set<string>): Promise<Read[]> {
    if (!inHand) await this.balance();
    const limit = this.batchHits();
    const out: Read[] = [];
    const hitsOf = () => out.reduce((n, r) => n + parseEntry(r).length, 0);
    // A shard just taken: all of its pending entries are now this worker's (the lease says so).
    for (const [n, cursor] of this.recovering) {
      const next = await this.claim(n, 0, cursor, out, inHand);
      if (next === null) this.recovering.delete(n);
      else this.recovering.set(n, next);
      if (hitsOf() >= limit) return out;
    }
    if (out.length) return out;
    const now = Date.now();
    if (now - this.lastClaim > 1000) {
      this.lastClaim = now;
      // Entries read by a batch that failed on Redis (ours), or, in the stream before partitioning, by a
      // worker that died.
      for (const source of this.sources()) await this.claim(source, this.claimMs(), undefined, out, inHand);
      if (out.length) return out;
    }
    const sources = this.sources();
    if (!sources.length) {
      await sleep(Math.min(500, this.claimMs() / 3));
      return out;
    }
    // Up to a batch's worth of hits: while reads come back full, read on without blocking (entries
    // carry from one pixel to 500 bulk lines, so a fixed entry count makes batches of any size). The
    // entry count is shared out over the streams read, so one read stays about a batch.
    const count = Math.max(1, Math.ceil(READ_COUNT / sources.length));
    let hits = 0;
    let parsed = 0;
    // A read ahead never blocks: it shares the connection with the batch's acknowledgement.
    for (let block = !inHand; hits < limit; block = false) {
      const read = await this.reader.read(sources, count, block ? 500 : 0);
      for (const r of read.entries) {
        out.push(r);
        hits += parseEntry(r).length;
        // A read ahead is parsed while a batch is written: the event loop turns every few thousand
        // hits, so the batch's next statement is not held up behind the whole read's JSON.
        if (inHand && ++parsed % YIELD_ENTRIES === 0) await turn();
      }
      if (!read.full) break;
    }
    return out;
  }

  private batchHits(): number {
    return this.options.batchHits ?? 50_000;
  }

  /**
   * Splits a read's entries into batches of about `batchHits` hits, as many as the read holds whole
   * batches (at least one): a read of 56k hits is one batch, not 50k and a 6k tail paying a batch's
   * fixed cost again; no batch is over 1.5 x batchHits. With `prepare`, each batch's rows start being
   * prepared now (a read ahead's while the batch before is written). Each batch commits, then is acked.
   */
  private batches(entries: Read[], prepare = true): Batch[] {
    const total = entries.reduce((n, e) => n + parseEntry(e).length, 0);
    const limit = Math.max(1, total / Math.max(1, Math.round(total / this.batchHits())));
    const out: Batch[] = [];
    let batch: Batch = { entries: [], hits: [] };
    for (const entry of entries) {
      batch.entries.push(entry);
      for (const h of parseEntry(entry)) batch.hits.push(h);
      if (batch.hits.length >= limit) {
        out.push(batch);
        batch = { entries: [], hits: [] };
      }
    }
    if (batch.entries.length) out.push(batch);
    if (prepare) for (const b of out) this.prepared(b).catch(() => undefined);
    return out;
  }

  /** A batch's rows, prepared once (again after a failure: the tag lookup may have met MySQL away). */
  private prepared(batch: Batch): Promise<PreparedBatch> {
    if (!batch.prepared) {
      batch.prepared = prepareRows(batch.hits, this.tags).then(async (p) => (await prepareBatch(p, this.shards), p));
      batch.prepared.catch(() => (batch.prepared = undefined));
    }
    return batch.prepared;
  }

  private async commit(batch: Batch): Promise<void> {
    let failures = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.commitOnce(batch);
        return;
      } catch (e) {
        const code = (e as { code?: string }).code ?? '';
        const retryable = e instanceof ConcurrentBatchError || RETRYABLE.has(code);
        if (!this.running && !retryable) throw e;
        if (!retryable && isNonTransient(e) && ++failures >= (this.options.deadLetterAfter ?? 3)) {
          if (batch.entries.length > 1) {
            // One entry spoils the batch: commit the entries one by one, so only the spoiled one is set aside.
            for (const entry of batch.entries) await this.commit({ entries: [entry], hits: parseEntry(entry) });
          } else {
            await this.deadLetter(batch.entries[0], e);
          }
          return;
        }
        // MySQL away or a lock conflict: keep the entries unacknowledged and try again.
        this.log.warn({ err: e, attempt }, 'ETL: batch failed, retrying');
        await sleep(retryable ? 20 * attempt : Math.min(200 * attempt, 2000));
      }
    }
  }

  /** Counts of entries a previous worker committed (and died before acknowledging). */
  private async ledgerOf(ids: string[]): Promise<Map<string, Counts>> {
    const rows: { entry_id: string; processed: number; duplicates: number }[] = await this.ds.query(
      'SELECT entry_id, processed, duplicates FROM etl_ledger WHERE entry_id IN (?)',
      [ids],
    );
    return new Map(rows.map((r) => [r.entry_id, { processed: Number(r.processed), duplicates: Number(r.duplicates) }]));
  }

  private async commitOnce(batch: Batch): Promise<void> {
    const { entries } = batch;
    const ids = entries.map((e) => e.ledgerId);
    const counts = await timed('worker.ledger_read', this.ledgerOf(ids));
    const fresh = counts.size ? entries.filter((e) => !counts.has(e.ledgerId)) : entries;
    // Usually prepared already, while the batch before was written.
    const prepared = await timed(
      'worker.prepare',
      counts.size ? prepareRows(fresh.flatMap(parseEntry), this.tags) : this.prepared(batch),
    );
    let result: BatchResult | null = null;
    if (fresh.length) {
      result = await timed(
        'worker.write_batch',
        writeBatch(
          this.ds,
          prepared,
          async (qr, c) => {
            // The batch's counts go on its first entry, 0 on the others: summed per acknowledged entry.
            const rows = fresh.map((e, i) => [e.ledgerId, i === 0 ? c.processed : 0, i === 0 ? c.duplicates : 0]);
            try {
              await qr.query('INSERT INTO etl_ledger (entry_id, processed, duplicates) VALUES ?', [rows]);
            } catch (e) {
              // Another worker committed the same entries meanwhile: redo, reading its counts.
              if ((e as { code?: string }).code === 'ER_DUP_ENTRY') throw new ConcurrentBatchError();
              throw e;
            }
            for (const [i, e] of fresh.entries())
              counts.set(e.ledgerId, { processed: rows[i][1] as number, duplicates: rows[i][2] as number });
          },
          this.shards,
        ),
      );
    }
    const n = result ? result.newImpressions + result.newHits : 0;
    this.stored += n;
    await timed(
      'worker.ack',
      this.reader.ack(entries, {
        counts,
        rejected: prepared.rejected,
        watermark: result?.watermark || null,
        eventsPerS: this.rate(n),
      }),
    );
    // Acknowledged: the ledger rows are no longer needed (housekeeping removes any left behind).
    await timed(
      'worker.ledger_delete',
      this.ds.query('DELETE FROM etl_ledger WHERE entry_id IN (?)', [ids]).catch(() => undefined),
    );
    if (result?.siteTagIds.length) {
      await timed(
        'worker.pings',
        refreshPings(this.ds, result.siteTagIds).catch((e: unknown) =>
          this.log.warn({ err: e }, 'ETL: ping refresh failed'),
        ),
      );
    }
  }

  /** Sets an entry aside in the dead letters (with the error) and acknowledges it. */
  private async deadLetter(entry: Read, e: unknown): Promise<void> {
    await this.reader.deadLetter(entry, String((e as Error)?.message ?? e).slice(0, 500));
    this.log.error(
      { err: e, entry: entry.ledgerId },
      'ETL: entry failed for a non-transient reason; moved to dead letters',
    );
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
    // Ledger rows of acknowledged entries whose delete was lost (entries are claimed within minutes).
    await this.ds
      .query('DELETE FROM etl_ledger WHERE created_at < NOW(3) - INTERVAL 1 DAY')
      .catch((e: unknown) => this.log.warn({ err: e }, 'ETL: ledger sweep failed'));
    await this.reader.sweep();
  }
}

/** Entries a read ahead parses between turns of the event loop (~4,000 hits of bulk entries). */
const YIELD_ENTRIES = 8;

/** Entries per read (shared out over the shards read). */
const READ_COUNT = 100;

/** Parsed once per entry (the reader counts hits, the batch uses them). */
const parsedEntries = new WeakMap<Read, Hit[]>();

function parseEntry(entry: Read): Hit[] {
  let hits = parsedEntries.get(entry);
  if (!hits) parsedEntries.set(entry, (hits = parseFields(entry.data)));
  return hits;
}

function parseFields(data: string): Hit[] {
  try {
    const hits = JSON.parse(data) as Hit[];
    return Array.isArray(hits) ? hits : [];
  } catch {
    return [];
  }
}
