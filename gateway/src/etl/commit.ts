import type { DataSource } from 'typeorm';
import type { EntryCounts, HitLogReader } from '../stream';
import type { Logger } from '../shared/logger';
import { type Batch, parseEntry } from './entries';
import { markFirstHits, refreshPings } from './pings';
import { type PreparedBatch, prepareRows } from './rows';
import type { OptOutDirectory } from './opt-outs';
import type { TagDirectory } from './tags';
import { type BatchResult, ConcurrentBatchError, timed, writeBatch } from './writer';

/** What the commit step needs of its worker. */
export interface CommitContext {
  ds: DataSource;
  reader: HitLogReader;
  tags: TagDirectory;
  /** Households opted out (rule 2 of docs/invalid-traffic.md). */
  optOuts: OptOutDirectory;
  log: Logger;
  shards: number;
  /** The batch's rows, prepared once (usually while the batch before was written). */
  prepared(batch: Batch): Promise<PreparedBatch>;
  /** Events per second, after `n` more were stored. */
  rate(n: number): number;
  /** Counts `n` events stored (once written, whether or not the acknowledgement then goes through). */
  stored(n: number): void;
}

/**
 * The worker's write-and-acknowledge step, once: the batch's entries a previous worker committed are taken
 * from etl_ledger (not written again), the others written in one transaction that records their counts
 * there; then every entry is acknowledged with its counts, the ledger rows dropped and the ping counts of
 * site tags with fresh hits refreshed.
 */
export async function commitOnce(w: CommitContext, batch: Batch): Promise<void> {
  const { entries } = batch;
  const ids = entries.map((e) => e.ledgerId);
  const counts = await timed('worker.ledger_read', ledgerOf(w.ds, ids));
  const fresh = counts.size ? entries.filter((e) => !counts.has(e.ledgerId)) : entries;
  // Usually prepared already, while the batch before was written.
  const prepared = await timed(
    'worker.prepare',
    counts.size ? prepareRows(fresh.flatMap(parseEntry), w.tags, w.optOuts) : w.prepared(batch),
  );
  let result: BatchResult | null = null;
  if (fresh.length) {
    result = await timed(
      'worker.write_batch',
      writeBatch(
        w.ds,
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
        w.shards,
      ),
    );
  }
  const n = result ? result.newImpressions + result.newHits : 0;
  w.stored(n);
  await timed(
    'worker.ack',
    w.reader.ack(entries, {
      counts,
      rejected: prepared.rejected,
      invalid: invalidByReason(prepared.invalid ?? [], result?.invalid),
      watermark: result?.watermark || null,
      eventsPerS: w.rate(n),
    }),
  );
  // Acknowledged: the ledger rows are no longer needed (housekeeping removes any left behind).
  await timed(
    'worker.ledger_delete',
    w.ds.query('DELETE FROM etl_ledger WHERE entry_id IN (?)', [ids]).catch(() => undefined),
  );
  // Pings before first hits: a screen that sees "Receiving" on the live feed and re-reads the tag then finds
  // its status and hit count already counted (never "Not detected" beside "Receiving").
  if (result?.siteTagIds.length) {
    await timed(
      'worker.pings',
      refreshPings(w.ds, result.siteTagIds).catch((e: unknown) => w.log.warn({ err: e }, 'ETL: ping refresh failed')),
    );
  }
  if (result && (result.firstHits.impression.length || result.firstHits.site.length)) {
    await timed(
      'worker.first_hits',
      markFirstHits(w.ds, result.firstHits).catch((e: unknown) =>
        w.log.warn({ err: e }, 'ETL: first hit marking failed'),
      ),
    );
  }
}

/** Counts of entries a previous worker committed (and died before acknowledging). */
async function ledgerOf(ds: DataSource, ids: string[]): Promise<Map<string, EntryCounts>> {
  const rows: { entry_id: string; processed: number; duplicates: number }[] = await ds.query(
    'SELECT entry_id, processed, duplicates FROM etl_ledger WHERE entry_id IN (?)',
    [ids],
  );
  return new Map(rows.map((r) => [r.entry_id, { processed: Number(r.processed), duplicates: Number(r.duplicates) }]));
}

/**
 * The batch's invalid hits counted by reason, for the ingest status (docs/invalid-traffic.md#where-it-is-shown): rules
 * 1-5 from its rows, rules 6-7 as the writer changed them (stored impressions moved in or out included).
 */
function invalidByReason(
  rows: readonly { reason: string }[],
  more: Record<string, number> = {},
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.reason] = (out[r.reason] ?? 0) + 1;
  for (const [reason, n] of Object.entries(more)) out[reason] = (out[reason] ?? 0) + n;
  return out;
}
