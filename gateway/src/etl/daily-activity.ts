import type { QueryRunner } from 'typeorm';
import { chunks } from '../shared/chunks';
import { memoized } from '../shared/memo';
import { localParts } from '../shared/time';
import type { ImpressionRow, SiteHitRow } from './rows';

/** daily_activity.subject: what subject_id names. */
export const ACTIVITY_SUBJECT = { booking: 1, siteTag: 2 } as const;

const CHUNK = 5000;

type Cell = [date: string, customerId: number, subject: number, subjectId: number, hits: number];

/** Cells by key (date, customer, subject, subject id; the key sorts as the primary key). */
function cellsOf<T>(rows: readonly T[], cellOf: (r: T) => [string, number, number, number]): Map<string, Cell> {
  const cells = new Map<string, Cell>();
  for (const r of rows) {
    const [date, customerId, subject, subjectId] = cellOf(r);
    const key = `${date}|${String(customerId).padStart(10, '0')}|${subject}|${String(subjectId).padStart(10, '0')}`;
    const cell = cells.get(key);
    if (cell) cell[4]++;
    else cells.set(key, [date, customerId, subject, subjectId, 1]);
  }
  return cells;
}

/** Impressions per booking and hits per site tag, per local day: made once per array (memoized). */
const impressionCells = memoized((rows: readonly ImpressionRow[]) =>
  cellsOf(rows, (r) => [r.localDate, r.customerId, ACTIVITY_SUBJECT.booking, r.bookingId]),
);
const hitCells = memoized((hits: readonly SiteHitRow[]) =>
  cellsOf(hits, (h) => [localParts(h.ts, h.timeZone).date, h.customerId, ACTIVITY_SUBJECT.siteTag, h.siteTagId]),
);

/**
 * Adds a batch's NEW events (never redeliveries) to daily_activity, inside the writer's transaction
 * so the counts commit or roll back with the events: impressions per booking, site hits per site
 * tag, on the customer's local day. Rows go in key order, the last locks the transaction takes, so
 * two workers cannot deadlock on them. The two kinds' keys differ in subject: their cells never merge.
 */
export async function recordDailyActivity(
  qr: QueryRunner,
  impressions: readonly ImpressionRow[],
  hits: readonly SiteHitRow[],
  removed: readonly ImpressionRow[] = [],
): Promise<void> {
  const cells = [...impressionCells(impressions), ...hitCells(hits)];
  // Impressions rules 6-7 took out after they counted (docs/invalid-traffic.md): their cells' net change.
  if (removed.length) {
    const byKey = new Map(cells.map(([k, v]) => [k, [...v] as Cell]));
    for (const [k, v] of cellsOf(removed, (r) => [r.localDate, r.customerId, ACTIVITY_SUBJECT.booking, r.bookingId])) {
      const cell = byKey.get(k);
      if (cell) cell[4] -= v[4];
      else byKey.set(k, [v[0], v[1], v[2], v[3], -v[4]]);
    }
    cells.splice(0, cells.length, ...byKey);
  }
  if (!cells.length) return;
  const rows = cells.sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
  // In key order: runs of cells that grow in one statement, each that shrinks in its own.
  let run: Cell[] = [];
  const flush = async () => {
    for (const part of chunks(run, CHUNK)) {
      await qr.query(
        `INSERT INTO daily_activity (local_date, customer_id, subject, subject_id, hits) VALUES ?
         ON DUPLICATE KEY UPDATE hits = hits + VALUES(hits)`,
        [part],
      );
    }
    run = [];
  };
  for (const cell of rows) {
    if (cell[4] > 0) run.push(cell);
    else if (cell[4] < 0) {
      await flush();
      await qr.query(
        `UPDATE daily_activity SET hits = GREATEST(hits, ?) - ?
          WHERE local_date = ? AND customer_id = ? AND subject = ? AND subject_id = ?`,
        [-cell[4], -cell[4], cell[0], cell[1], cell[2], cell[3]],
      );
    }
  }
  await flush();
}

/** The batch's cells, as steps to make ahead (see memoized): done while the batch before is written. */
export const dailyActivitySteps = (impressions: readonly ImpressionRow[], hits: readonly SiteHitRow[]) => [
  () => impressionCells(impressions),
  () => hitCells(hits),
];
