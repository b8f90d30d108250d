import { hostname } from 'node:os';
import type { DataSource } from 'typeorm';
import {
  createHitLog,
  DEFAULT_SHARDS,
  type HitLog,
  type HitLogOptions,
  type HitLogReader,
  type LogEntry,
} from '../stream';
import type { Logger } from '../shared/logger';
import { etlBatchHits, etlBatchSeconds } from '../shared/metrics';
import type { RedisClient, RedisKeys } from '../shared/redis';
import { type CommitContext, commitOnce } from './commit';
import { type Batch, parseEntry, splitBatches } from './entries';
import { isNonTransient, RETRYABLE } from './failures';
import { ShardLeases } from './leases';
import { refreshPings } from './pings';
import { OptOutDirectory } from './opt-outs';
import { type PreparedBatch, prepareRows } from './rows';
import { ShardReader } from './shard-reader';
import { TagDirectory } from './tags';
import { ConcurrentBatchError, prepareBatch, timed } from './writer';

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
  /** HIT_LOG and its engine's settings (hitLogOptions; default redis). */
  hitLog?: HitLogOptions;
}

type Read = LogEntry;

export { isNonTransient } from './failures';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The ETL worker (docs/design.md#shape, 3, 4): reads the shard streams it holds the lease of (ShardLeases: one
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
  private readonly optOuts: OptOutDirectory;
  /** This worker's side of the hit log (its own connection: reads block). */
  private readonly reader: HitLogReader;
  private readonly hitLog: HitLog;
  private readonly recent: { at: number; n: number }[] = [];
  private readonly shards: number;
  /** The reading step: shares, claims, new entries. */
  private readonly shardReader: ShardReader;
  /** What the write-and-acknowledge step needs of this worker. */
  private readonly committer: CommitContext;
  private lastPingSweep = 0;

  constructor(
    private readonly ds: DataSource,
    redis: RedisClient,
    keys: RedisKeys,
    private readonly log: Logger,
    private readonly options: WorkerOptions = {},
  ) {
    this.consumer = options.consumer ?? `${hostname()}-${process.pid}-${Date.now().toString(36)}`;
    this.tags = new TagDirectory(ds);
    this.optOuts = new OptOutDirectory(ds);
    this.shards = options.shards ?? DEFAULT_SHARDS;
    this.hitLog = createHitLog(redis, keys, { role: 'etl', ...options.hitLog, shards: this.shards });
    this.reader = this.hitLog.reader(this.consumer, this.claimMs());
    this.leases = new ShardLeases(redis, keys, this.consumer, this.shards, this.claimMs());
    this.shardReader = new ShardReader(this.reader, this.leases, this.claimMs(), this.batchHits());
    this.committer = {
      ds,
      reader: this.reader,
      tags: this.tags,
      optOuts: this.optOuts,
      log,
      shards: this.shards,
      prepared: (batch) => this.prepared(batch),
      rate: (n) => this.rate(n),
      stored: (n) => {
        this.stored += n;
      },
    };
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
    await this.hitLog.close().catch((e: unknown) => this.log.warn({ err: e }, 'ETL: closing the hit log failed'));
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
        let batches: Batch[] = await timed(
          'worker.read_stream',
          pending ?? this.shardReader.next().then((e) => this.batches(e)),
        );
        if (pending) {
          // Between batches: the fair share may give shards up. Read-ahead entries of those stay pending
          // under this consumer, and their new owner claims them when it takes the shard.
          await this.shardReader.balance();
          const entries = batches.flatMap((b) => b.entries);
          const kept = entries.filter((e) => e.shard === null || this.leases.owned.has(e.shard));
          if (kept.length < entries.length) batches = this.batches(kept, false);
        }
        if (batches.length) {
          // The next read is fetched, parsed and prepared (tags, local time, regions) while this one is
          // written: the worker mostly waits on MySQL.
          if (this.running) {
            ahead = this.shardReader
              .next(new Set(batches.flatMap((b) => b.entries.map((e) => e.ledgerId))))
              .then((e) => this.batches(e));
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
    const out = splitBatches(entries, this.batchHits());
    if (prepare) for (const b of out) this.prepared(b).catch(() => undefined);
    return out;
  }

  /** A batch's rows, prepared once (again after a failure: the tag lookup may have met MySQL away). */
  private prepared(batch: Batch): Promise<PreparedBatch> {
    if (!batch.prepared) {
      batch.prepared = prepareRows(batch.hits, this.tags, this.optOuts).then(
        async (p) => (await prepareBatch(p, this.shards), p),
      );
      batch.prepared.catch(() => (batch.prepared = undefined));
    }
    return batch.prepared;
  }

  private async commit(batch: Batch): Promise<void> {
    let failures = 0;
    for (let attempt = 1; ; attempt++) {
      const timer = etlBatchSeconds.startTimer();
      try {
        await commitOnce(this.committer, batch);
        timer({ outcome: 'committed' });
        etlBatchHits.inc(batch.hits.length);
        return;
      } catch (e) {
        timer({ outcome: 'failed' });
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
