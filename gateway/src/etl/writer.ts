import type { DataSource } from 'typeorm';
import { DEFAULT_SHARDS } from '../stream';
import { SeenBefore, timed, type BatchLedger } from './write-common';
import { lockShards, shardsOf } from './write-lock';
import { IMPRESSION_EVENT, SITE_HIT, insertNew } from './write-events';
import { moveInRollup, rollupRows } from './write-rollup';
import { rebuildVisits } from './write-visits';
import { touchExistingVisits } from './write-touches';
import { turn } from '../shared/memo';
import { dailyActivitySteps, recordDailyActivity } from './daily-activity';
import { writeControlImpressions } from './control-impressions';
import { writeInvalidEvents } from './invalid-events';
import { applyRepeatMoves, classifyRepeats, invalidOf } from './write-repeats';
import { uniqueBy, type PreparedBatch } from './rows';
import { PING_WINDOW_MS } from './pings';
import { markStaleDays, noteImpressions, staleDaySteps } from '../summaries/marks';
import { impressionEventRow, impressionEventText, siteHitRow, siteHitText } from './tables';

/**
 * Writes one batch in ONE transaction (docs/design.md#collection and #visits-and-attribution): raw events (idempotent by customer and event id), the
 * impression rollup, and the visits, pages and touches of every household the batch touches.
 * Late or out-of-order hits rebuild the affected visits: the visits within 30 minutes of the new
 * hits are deleted and re-sessionised from the stored hits, so the result is as if in order.
 */
export interface BatchResult {
  newImpressions: number;
  newHits: number;
  duplicates: number;
  /**
   * Site tags with new hits of the trailing 24 hours (their ping counts change; an older hit changes
   * neither ping_count nor ping_date: a replay of history refreshes nothing).
   */
  siteTagIds: number[];
  /** The tags (impression, site) with new events: those not marked yet get first_hit_at (markFirstHits). */
  firstHits: { impression: number[]; site: number[] };
  /** Latest event time written, ms (0 when none). */
  watermark: number;
  /** The change of hits stored apart by rules 6-7, per reason (new ones and stored ones moved). */
  invalid: Record<string, number>;
}

/**
 * Fast path first: INSERT IGNORE all events and expect all to be new (the common case). When some
 * were stored before (a redelivery), the transaction is rolled back and redone checking ids first.
 */
export async function writeBatch(
  ds: DataSource,
  batch: PreparedBatch,
  ledger?: BatchLedger,
  shards = DEFAULT_SHARDS,
): Promise<BatchResult> {
  try {
    return await writeBatchOnce(ds, batch, false, shards, ledger);
  } catch (e) {
    if (e instanceof SeenBefore) return writeBatchOnce(ds, batch, true, shards, ledger);
    throw e;
  }
}

/**
 * Makes what the batch's transaction computes from its rows when all of them are new (the fast path):
 * the unique rows, the rollup's and daily_activity's cells, the stale days and reach notes. The worker
 * calls it while the batch before is written, so the transaction finds them made (memoized per row
 * array) instead of holding its locks while JS walks 50k rows.
 */
export async function prepareBatch(batch: PreparedBatch, shards = DEFAULT_SHARDS): Promise<void> {
  const impressions = uniqueBy(batch.impressions);
  const hits = uniqueBy(batch.hits);
  for (const step of [
    () => shardsOf(impressions, shards),
    () => shardsOf(hits, shards),
    () => rollupRows(impressions),
    ...dailyActivitySteps(impressions, hits),
    ...staleDaySteps(impressions, batch.controls ?? []),
  ]) {
    // Each step between turns of the event loop: the batch being written meanwhile gets its replies.
    await turn();
    step();
  }
}

async function writeBatchOnce(
  ds: DataSource,
  batch: PreparedBatch,
  checkIds: boolean,
  shards: number,
  ledger?: BatchLedger,
): Promise<BatchResult> {
  const impressions = uniqueBy(batch.impressions);
  const hits = uniqueBy(batch.hits);
  const qr = ds.createQueryRunner();
  await qr.connect();
  try {
    await qr.startTransaction('READ COMMITTED');
    // Control impressions too: a visit's batch asks whether its household has any (noteHoldoutHouseholds).
    await timed('lock', lockShards(qr, [impressions, hits, batch.controls ?? []], shards));
    // Rules 6-7 (docs/invalid-traffic.md#rules-6-and-7): the batch's impressions with the stored ones around them.
    const repeats = await timed('repeats', classifyRepeats(qr, impressions));
    await timed('repeats.move', applyRepeatMoves(qr, repeats));
    const newImpressions = await timed(
      'raw_impressions',
      insertNew(
        qr,
        checkIds,
        'impression_event',
        repeats.counted,
        IMPRESSION_EVENT,
        impressionEventRow,
        impressionEventText,
      ),
    );
    const { movedIn, movedOut } = repeats;
    await insertNew(qr, false, 'impression_event', movedIn, IMPRESSION_EVENT, impressionEventRow, impressionEventText);
    const newHits = await timed(
      'raw_hits',
      insertNew(qr, checkIds, 'site_hit', hits, SITE_HIT, siteHitRow, siteHitText),
    );
    const controls = batch.controls ?? [];
    await timed('controls', writeControlImpressions(qr, controls));
    noteImpressions(qr, controls, true);
    const invalid = batch.invalid ?? [];
    const apart = repeats.invalid.length || movedOut.length;
    await timed(
      'invalid',
      writeInvalidEvents(
        qr,
        apart ? [...invalid, ...repeats.invalid, ...movedOut.map((r) => invalidOf(r, r.reason))] : invalid,
      ),
    );
    // Every impression whose counting changed: new ones, and stored ones rules 6-7 moved either way.
    const moved = movedIn.length || movedOut.length;
    const changed = moved ? [...newImpressions, ...movedIn, ...movedOut] : newImpressions;
    const counting = movedIn.length ? [...newImpressions, ...movedIn] : newImpressions;
    noteImpressions(qr, changed);
    const rebuilt = await timed('visits', rebuildVisits(qr, newHits));
    await timed('touch_existing', touchExistingVisits(qr, counting, rebuilt));
    // Rows other transactions add to (the worker's other lanes, other workers) last, each table in key
    // order: a transaction holds their locks only from here to its commit.
    await timed('rollup', moveInRollup(qr, counting, movedOut));
    await timed('daily_activity', recordDailyActivity(qr, counting, newHits, movedOut));
    await timed('stale_days', markStaleDays(qr, changed));
    const stored = newImpressions.length + newHits.length;
    const setApart = repeats.invalid.length;
    await timed(
      'ledger',
      Promise.resolve(
        ledger?.(qr, {
          processed: stored,
          duplicates: batch.impressions.length + batch.hits.length - stored - setApart,
        }),
      ),
    );
    await timed('commit', qr.commitTransaction());
    const all = [...newImpressions, ...newHits];
    return {
      newImpressions: newImpressions.length,
      newHits: newHits.length,
      duplicates: batch.impressions.length + batch.hits.length - all.length - repeats.invalid.length,
      siteTagIds: [...new Set(newHits.filter((h) => h.ts > Date.now() - PING_WINDOW_MS).map((h) => h.siteTagId))],
      firstHits: {
        impression: [...new Set(newImpressions.map((r) => r.tagId))],
        site: [...new Set(newHits.map((h) => h.siteTagId))],
      },
      watermark: all.reduce((m, r) => Math.max(m, r.ts), 0),
      invalid: repeats.byReason,
    };
  } catch (e) {
    if (qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
    throw e;
  } finally {
    await qr.release();
  }
}

export { ConcurrentBatchError, etlPhaseMs, timed, type BatchLedger } from './write-common';
