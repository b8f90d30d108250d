import type { EntityManager, QueryRunner } from 'typeorm';
import { WEEK_HOURS } from '@infinitum/rules';

/** Rows per statement of the ETL's reads and writes (IN lists, multi-row inserts). */
export const CHUNK = 5000;
const HOUR_MS = 3600 * 1000;

/**
 * The narrowest width of the touch table: an impression touches the visits of its household within the next
 * 7 x 24 h (docs/design.md#visits-and-attribution), the default touch window W.
 */
export const TOUCH_WINDOW_MS = WEEK_HOURS * HOUR_MS;

const widths = new WeakMap<QueryRunner, Map<number, number>>();

/**
 * How far before a visit the ETL writes touches for a customer, in ms: the customer's stored touch-table width
 * (customer.touch_table_hours, never under 7 x 24 h), a superset of every window W the customer has had or is being
 * switched to; the dashboard filters touches to the W in force (docs/architecture.md#summaries). Read once per batch
 * and customer with a shared lock on the customer row, held to the batch's commit: the recompute that widens the
 * table (modules/attribution/recompute.ts) waits for batches prepared under the old width, and every batch after it
 * sees the new width, so its backfill and the batches between them leave no touch out.
 */
export async function touchTableWidthMs(qr: QueryRunner, customerId: number): Promise<number> {
  let known = widths.get(qr);
  if (!known) widths.set(qr, (known = new Map()));
  const cached = known.get(customerId);
  if (cached !== undefined) return cached;
  const rows: { h: number | string }[] = await qr.query(
    'SELECT touch_table_hours AS h FROM customer WHERE id = ? LOCK IN SHARE MODE',
    [customerId],
  );
  const width = Math.max(WEEK_HOURS, rows.length ? Number(rows[0].h) : WEEK_HOURS) * HOUR_MS;
  known.set(customerId, width);
  return width;
}

/** Another transaction stored some of the same events first: retry the batch. */
export class ConcurrentBatchError extends Error {}

/** A fast-path batch met events stored before: redo it checking every event id first. */
export class SeenBefore extends Error {}

/**
 * Milliseconds spent per step of writeBatch since the process started (summed over batches): the
 * ingest bench prints them, so a profile of where a batch's time goes needs no extra tooling.
 */
export const etlPhaseMs: Record<string, number> = {};
export const timed = async <T>(phase: string, work: Promise<T>): Promise<T> => {
  const t = performance.now();
  try {
    return await work;
  } finally {
    etlPhaseMs[phase] = (etlPhaseMs[phase] ?? 0) + performance.now() - t;
  }
};

/** Runs inside the batch's transaction just before the commit, with its counts (the worker's ledger). */
export type BatchLedger = (qr: QueryRunner, counts: { processed: number; duplicates: number }) => Promise<void>;

/**
 * How deep a customer's touches are complete over its whole history, in hours: 7 x 24 h (what the ETL always
 * wrote), or the widest W a finished recompute backfilled (modules/attribution/recompute.ts). The stored width
 * (touch_table_hours) may be wider: a recompute that was superseded part-way widened the table, and the ETL has
 * written that wide since, but the older days' backfill stopped. A reader that needs every impression up to some
 * depth before a visit finds it in touch up to this depth, and must look in impression_event beyond it.
 */
export async function completeTouchHours(em: EntityManager, customerId: number): Promise<number> {
  const [row]: { h: number | string | null }[] = await em.query(
    "SELECT MAX(touch_hours) AS h FROM attribution_change WHERE customer_id = ? AND status = 'done'",
    [customerId],
  );
  return Math.max(WEEK_HOURS, Number(row?.h ?? 0));
}
