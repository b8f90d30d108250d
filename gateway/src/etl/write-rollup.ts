import type { QueryRunner } from 'typeorm';
import { CHUNK } from './write-common';
import { chunks } from '../shared/chunks';
import { memoized } from '../shared/memo';
import type { ImpressionRow } from './rows';
import { IMPRESSION_ROLLUP_COLUMNS, columnList, impressionRollupRow } from './tables';

/** The impression rollup's step: one row per cell, added to in key order. */

type Cells = Map<string, { first: ImpressionRow; impressions: number }>;
const cellKey = (r: ImpressionRow) =>
  `${r.customerId}|${r.localDate}|${r.bookingId}|${r.creativeId}|${r.region}|${r.daypart}`;

/** Adds `sign` per impression to its cell. */
function countCells(cells: Cells, rows: readonly ImpressionRow[], sign: 1 | -1): Cells {
  for (const r of rows) {
    const key = cellKey(r);
    const cell = cells.get(key);
    if (cell) cell.impressions += sign;
    else cells.set(key, { first: r, impressions: sign });
  }
  return cells;
}

const sortedRows = (cells: Cells) =>
  [...cells.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, c]) => impressionRollupRow(c.first, c.impressions));

/** Impressions' impression_rollup rows, one per cell, in key order (made once per array: memoized). */
export const rollupRows = memoized((rows: readonly ImpressionRow[]) => sortedRows(countCells(new Map(), rows, 1)));

type RollupRow = ReturnType<typeof impressionRollupRow>;

/** Anything that runs SQL: a QueryRunner, an EntityManager. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Takes impressions out of their rollup cells (each row: a cell and how many to take), deleting the cells left
 * empty; answers how many were deleted. For erasure and for impressions rules 6-7 set apart after they counted.
 */
export async function subtractFromRollup(q: Queryable, rows: readonly RollupRow[]): Promise<number> {
  let deleted = 0;
  for (const [
    customerId,
    localDate,
    bookingId,
    campaignId,
    creativeId,
    channelId,
    region,
    weekday,
    daypart,
    n,
  ] of rows) {
    const where = `customer_id = ? AND local_date = ? AND booking_id = ? AND campaign_id = ? AND creative_id = ?
       AND channel_id = ? AND region = ? AND weekday = ? AND daypart = ?`;
    const key = [customerId, localDate, bookingId, campaignId, creativeId, channelId, region, weekday, daypart];
    await q.query(`UPDATE impression_rollup SET impressions = impressions - ? WHERE ${where}`, [n, ...key]);
    const res = (await q.query(`DELETE FROM impression_rollup WHERE ${where} AND impressions <= 0`, key)) as {
      affectedRows?: number;
    };
    deleted += Number(res.affectedRows ?? 0);
  }
  return deleted;
}

/**
 * The rollup after impressions were added and others taken out (rules 6-7 moved stored impressions): each cell's net
 * change, in key order (the lock order of addToRollup), runs of cells that grow added in one statement.
 */
export async function moveInRollup(
  qr: QueryRunner,
  added: readonly ImpressionRow[],
  removed: readonly ImpressionRow[],
): Promise<void> {
  if (!removed.length) return addToRollup(qr, added as ImpressionRow[]);
  const rows = sortedRows(countCells(countCells(new Map(), added, 1), removed, -1));
  let run: RollupRow[] = [];
  const flush = async () => {
    if (run.length) await insertCells(qr, run);
    run = [];
  };
  for (const row of rows) {
    const n = row[row.length - 1] as number;
    if (n > 0) run.push(row);
    else if (n < 0) {
      await flush();
      const taken = [...row] as RollupRow;
      taken[taken.length - 1] = -n;
      await subtractFromRollup(qr, [taken]);
    }
  }
  await flush();
}

async function insertCells(qr: QueryRunner, rows: RollupRow[]): Promise<void> {
  for (const part of chunks(rows, CHUNK)) {
    await qr.query(
      `INSERT INTO impression_rollup (${columnList(IMPRESSION_ROLLUP_COLUMNS)})
       VALUES ? ON DUPLICATE KEY UPDATE impressions = impressions + VALUES(impressions)`,
      [part],
    );
  }
}

/** Adds the new impressions to impression_rollup, one row per cell (its key order: no deadlocks). */
export async function addToRollup(qr: QueryRunner, rows: ImpressionRow[]): Promise<void> {
  await insertCells(qr, rollupRows(rows));
}
