import type { QueryRunner } from 'typeorm';
import { CHUNK } from './write-common';
import { chunks } from '../shared/chunks';
import { memoized } from '../shared/memo';
import type { ImpressionRow } from './rows';
import { IMPRESSION_ROLLUP_COLUMNS, columnList, impressionRollupRow } from './tables';

/** The impression rollup's step: one row per cell, added to in key order. */

/** Impressions' impression_rollup rows, one per cell, in key order (made once per array: memoized). */
export const rollupRows = memoized((rows: readonly ImpressionRow[]) => {
  const cells = new Map<string, { first: ImpressionRow; impressions: number }>();
  for (const r of rows) {
    const key = `${r.customerId}|${r.localDate}|${r.bookingId}|${r.creativeId}|${r.region}|${r.daypart}`;
    const cell = cells.get(key);
    if (cell) cell.impressions++;
    else cells.set(key, { first: r, impressions: 1 });
  }
  return [...cells.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, c]) => impressionRollupRow(c.first, c.impressions));
});

/** Adds the new impressions to impression_rollup, one row per cell (its key order: no deadlocks). */
export async function addToRollup(qr: QueryRunner, rows: ImpressionRow[]): Promise<void> {
  for (const part of chunks(rollupRows(rows), CHUNK)) {
    await qr.query(
      `INSERT INTO impression_rollup (${columnList(IMPRESSION_ROLLUP_COLUMNS)})
       VALUES ? ON DUPLICATE KEY UPDATE impressions = impressions + VALUES(impressions)`,
      [part],
    );
  }
}
