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
import { type BatchResult, ConcurrentBatchError, timed, writeBatch } from './writer';

export interface WorkerOptions {
  /** Entries pending longer than this at another consumer are claimed (its process died). */
  claimIdleMs?: number;
  /**
   * Hits per transaction, roughly (default 50,000): large, as per-batch reads dominate small ones; a
   * new visit's touches read its household's last 7 days of impressions, so a batch spanning hours
   * re-reads each impression some dozen times over, one spanning days a few times.
   */
  batchHits?: number;
  consumer?: string;
  /** Non-transient failures of one entry before it goes to the dead-letter stream. */
  deadLetterAfter?: number;
}

type Entry = [id: string, fields: string[]];

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

/**
 * Acknowledges entries and adds their ledger counts, each entry's only if this call acknowledged it
 * (a concurrent worker may have): processed and duplicates stay exact under redelivery.
 * KEYS: stream, stats. ARGV: group, then per entry id, processed, duplicates.
 */
const ACK_AND_COUNT = `
local processed, duplicates = 0, 0
for i = 2, #ARGV, 3 do
  if redis.call('XACK', KEYS[1], ARGV[1], ARGV[i]) == 1 then
    processed = processed + tonumber(ARGV[i + 1])
    duplicates = duplicates + tonumber(ARGV[i + 2])
  end
  redis.call('XDEL', KEYS[1], ARGV[i])
end
redis.call('HINCRBY', KEYS[2], 'processed', processed)
redis.call('HINCRBY', KEYS[2], 'duplicates', duplicates)
return processed`;

interface Counts {
  processed: number;
  duplicates: number;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The ETL worker (DESIGN 1, 3, 4): reads the stream as a member of consumer group "etl", writes
 * each batch in one transaction and acknowledges only after the commit. A batch failing for a
 * transient reason (MySQL away, a lock conflict) is retried until it commits; one failing for a
 * non-transient reason is retried a few times, then split so that the good entries commit and only
 * the failing entry moves to the dead-letter stream (the super admin replays it once the cause is
 * fixed). Entries of dead workers are claimed after `claimIdleMs`. Each batch's transaction records
 * its counts in `etl_ledger` under its entry ids: a batch committed by a worker that died before the
 * acknowledgement is not written again, and its counts are taken from the ledger (processed exact).
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
        const entries = await timed('worker.read_stream', this.next());
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
    // Up to a batch's worth of hits: while reads come back full, read on without blocking (entries
    // carry from one pixel to 500 bulk lines, so a fixed entry count makes batches of any size).
    const limit = this.batchHits();
    const entries: Entry[] = [];
    let hits = 0;
    for (let block = true; hits < limit; block = false) {
      const res = (
        block
          ? await this.redis.xreadgroup(
              'GROUP',
              this.k.group,
              this.consumer,
              'COUNT',
              READ_COUNT,
              'BLOCK',
              500,
              'STREAMS',
              this.k.stream,
              '>',
            )
          : await this.redis.xreadgroup(
              'GROUP',
              this.k.group,
              this.consumer,
              'COUNT',
              READ_COUNT,
              'STREAMS',
              this.k.stream,
              '>',
            )
      ) as [string, Entry[]][] | null;
      const read = res?.[0]?.[1] ?? [];
      for (const e of read) {
        entries.push(e);
        hits += parseEntry(e).length;
      }
      if (read.length < READ_COUNT) break;
    }
    return entries;
  }

  private batchHits(): number {
    return this.options.batchHits ?? 50_000;
  }

  /** Splits entries into batches of about `batchHits` hits; each batch commits, then is acked. */
  private async process(entries: Entry[]): Promise<void> {
    const limit = this.batchHits();
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
    let failures = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.commitOnce(entries, hits);
        return;
      } catch (e) {
        const code = (e as { code?: string }).code ?? '';
        const retryable = e instanceof ConcurrentBatchError || RETRYABLE.has(code);
        if (!this.running && !retryable) throw e;
        if (!retryable && isNonTransient(e) && ++failures >= (this.options.deadLetterAfter ?? 3)) {
          if (entries.length > 1) {
            // One entry spoils the batch: commit the entries one by one, so only the spoiled one is set aside.
            for (const entry of entries) await this.commit([entry], parseEntry(entry));
          } else {
            await this.deadLetter(entries[0], e);
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

  private async commitOnce(entries: Entry[], hits: Hit[]): Promise<void> {
    const ids = entries.map((e) => e[0]);
    const counts = await timed('worker.ledger_read', this.ledgerOf(ids));
    const fresh = counts.size ? entries.filter((e) => !counts.has(e[0])) : entries;
    const prepared = await timed(
      'worker.prepare',
      prepareRows(counts.size ? fresh.flatMap(parseEntry) : hits, this.tags),
    );
    let result: BatchResult | null = null;
    if (fresh.length) {
      result = await timed(
        'worker.write_batch',
        writeBatch(this.ds, prepared, async (qr, c) => {
          // The batch's counts go on its first entry, 0 on the others: summed per acknowledged entry.
          const rows = fresh.map((e, i) => [e[0], i === 0 ? c.processed : 0, i === 0 ? c.duplicates : 0]);
          try {
            await qr.query('INSERT INTO etl_ledger (entry_id, processed, duplicates) VALUES ?', [rows]);
          } catch (e) {
            // Another worker committed the same entries meanwhile: redo, reading its counts.
            if ((e as { code?: string }).code === 'ER_DUP_ENTRY') throw new ConcurrentBatchError();
            throw e;
          }
          for (const [i, e] of fresh.entries())
            counts.set(e[0], { processed: rows[i][1] as number, duplicates: rows[i][2] as number });
        }),
      );
    }
    const n = result ? result.newImpressions + result.newHits : 0;
    const pipe = this.redis.multi();
    pipe.eval(
      ACK_AND_COUNT,
      2,
      this.k.stream,
      this.k.stats,
      this.k.group,
      ...ids.flatMap((id) => [id, counts.get(id)?.processed ?? 0, counts.get(id)?.duplicates ?? 0]),
    );
    for (const [reason, count] of Object.entries(prepared.rejected)) {
      pipe.hincrby(this.k.stats, `rejected:${reason}`, count);
    }
    pipe.hset(this.k.stats, 'last_batch_at', Date.now());
    if (result?.watermark) {
      pipe.eval(
        "local w = tonumber(redis.call('HGET', KEYS[1], 'watermark') or '0') if tonumber(ARGV[1]) > w then redis.call('HSET', KEYS[1], 'watermark', ARGV[1]) end",
        1,
        this.k.stats,
        result.watermark,
      );
    }
    pipe.hset(this.k.workers, this.consumer, JSON.stringify({ events_per_s: this.rate(n), at: Date.now() }));
    const replies = await timed('worker.ack', pipe.exec());
    for (const [err] of replies ?? []) if (err) throw err;
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

  /** Sets an entry aside in the dead-letter stream (with the error) and acknowledges it. */
  private async deadLetter(entry: Entry, e: unknown): Promise<void> {
    const fields = entry[1];
    const h = fields[fields.indexOf('h') + 1] ?? '[]';
    const error = String((e as Error)?.message ?? e).slice(0, 500);
    const pipe = this.redis.multi();
    pipe.xadd(this.k.dead, '*', 'h', h, 'error', error, 'source', entry[0], 'at', String(Date.now()));
    pipe.xack(this.k.stream, this.k.group, entry[0]);
    pipe.xdel(this.k.stream, entry[0]);
    const replies = await pipe.exec();
    for (const [err] of replies ?? []) if (err) throw err;
    this.log.error({ err: e, entry: entry[0] }, 'ETL: entry failed for a non-transient reason; moved to dead letters');
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

/** Entries per XREADGROUP call. */
const READ_COUNT = 100;

/** Parsed once per entry (the reader counts hits, the batch uses them). */
const parsedEntries = new WeakMap<Entry, Hit[]>();

function parseEntry(entry: Entry): Hit[] {
  let hits = parsedEntries.get(entry);
  if (!hits) parsedEntries.set(entry, (hits = parseFields(entry)));
  return hits;
}

function parseFields(entry: Entry): Hit[] {
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
