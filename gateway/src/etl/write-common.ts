import type { QueryRunner } from 'typeorm';

/** Rows per statement of the ETL's reads and writes (IN lists, multi-row inserts). */
export const CHUNK = 5000;
/** An impression touches the visits of its household within the next 7 x 24 h (docs/design.md#visits-and-attribution). */
export const TOUCH_WINDOW_MS = 7 * 24 * 3600 * 1000;

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
