import { TZDate } from '@date-fns/tz';
import type { DataSource } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { startLeasedTask } from '../../shared/leased-task';

const RETENTION_LEASE = 'retention';
/** Rows per DELETE: each statement is its own short transaction, so the ETL's writes wait at most one batch. */
export const RETENTION_BATCH = 2_000;
/** Between rounds: the cut moves once a month, so an hourly look is plenty. */
const EVERY_MS = 60 * 60 * 1000;

/**
 * What retention removes (docs/design.md#retention): for each table, the column holding the row's local date. Raw events,
 * visits, touches and rollups first, then the summaries of those days. The summaries' built/stale marks stay:
 * a day marked built with no rows reads as the empty day it now is, and the keeper does not rebuild it.
 */
export const RETAINED_TABLES: { table: string; date: string }[] = [
  { table: 'impression_event', date: 'local_date' },
  { table: 'control_impression_event', date: 'local_date' },
  { table: 'visit_page', date: 'local_date' },
  { table: 'touch', date: 'visit_local_date' },
  { table: 'visit', date: 'local_date' },
  { table: 'impression_rollup', date: 'local_date' },
  { table: 'daily_activity', date: 'local_date' },
  { table: 'impression_cell', date: 'local_date' },
  { table: 'reach_exposure', date: 'local_date' },
  { table: 'reach_holdout', date: 'local_date' },
  { table: 'reach_holdout_first', date: 'local_date' },
  { table: 'visit_attribution', date: 'visit_local_date' },
  { table: 'visit_attribution_site', date: 'visit_local_date' },
  { table: 'visit_creative_attribution', date: 'visit_local_date' },
  { table: 'response_day_views', date: 'visit_local_date' },
  { table: 'response_day_touch', date: 'visit_local_date' },
  { table: 'response_day_region', date: 'visit_local_date' },
  { table: 'response_site_views', date: 'visit_local_date' },
  { table: 'response_site_touch', date: 'visit_local_date' },
  { table: 'response_site_region', date: 'visit_local_date' },
  { table: 'response_site_pages', date: 'visit_local_date' },
  { table: 'response_creative_views', date: 'visit_local_date' },
  { table: 'response_creative_touch', date: 'visit_local_date' },
  { table: 'response_creative_region', date: 'visit_local_date' },
  { table: 'response_creative_pages', date: 'visit_local_date' },
];

/** The first local date kept: the first day of (today's month - R), today in the customer's zone. */
export function keepFrom(now: Date, timeZone: string, months: number): string {
  const local = new TZDate(now.getTime(), timeZone);
  const first = new Date(Date.UTC(local.getFullYear(), local.getMonth() - months, 1));
  return first.toISOString().slice(0, 10);
}

/** Deletes `where` rows of one table in bounded batches; answers the rows deleted. */
async function deleteInBatches(ds: DataSource, table: string, where: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const res = (await ds.query(`DELETE FROM \`${table}\` WHERE ${where} LIMIT ${RETENTION_BATCH}`, params)) as {
      affectedRows?: number;
    };
    const n = Number(res.affectedRows ?? 0);
    total += n;
    if (n < RETENTION_BATCH) return total;
  }
}

export interface RetentionReport {
  customerId: number;
  keepFrom: string;
  removed: Record<string, number>;
  totalRows: number;
}

/**
 * Applies one customer's retention as of `now`: every retained table's rows of local dates before keepFrom,
 * and the site hits before the customer's local midnight of that day. Records a retention_run row when
 * anything was removed. Safe to repeat: a second run removes nothing.
 */
export async function applyRetention(ds: DataSource, customerId: number, now = new Date()): Promise<RetentionReport> {
  const [c] = (await ds.query('SELECT time_zone, retention_months FROM customer WHERE id = ?', [customerId])) as {
    time_zone: string;
    retention_months: number;
  }[];
  if (!c) throw new Error(`no customer ${customerId}`);
  const from = keepFrom(now, c.time_zone, Number(c.retention_months));
  const startedAt = new Date();
  const removed: Record<string, number> = {};
  for (const t of RETAINED_TABLES) {
    const n = await deleteInBatches(ds, t.table, `customer_id = ? AND \`${t.date}\` < ?`, [customerId, from]);
    if (n > 0) removed[t.table] = n;
  }
  // Site hits carry their UTC time only: the cut is the customer's local midnight starting keepFrom.
  const [y, m, d] = from.split('-').map(Number);
  const midnight = new TZDate(y, m - 1, d, c.time_zone);
  const hits = await deleteInBatches(ds, 'site_hit', 'customer_id = ? AND ts < ?', [
    customerId,
    new Date(midnight.getTime()).toISOString().slice(0, 23).replace('T', ' '),
  ]);
  if (hits > 0) removed.site_hit = hits;
  const totalRows = Object.values(removed).reduce((a, b) => a + b, 0);
  if (totalRows > 0) {
    await ds.query(
      `INSERT INTO retention_run (customer_id, keep_from, started_at, finished_at, removed, total_rows)
       VALUES (?, ?, ?, NOW(3), ?, ?)`,
      [customerId, from, startedAt, JSON.stringify(removed), totalRows],
    );
  }
  return { customerId, keepFrom: from, removed, totalRows };
}

/** One round over every customer. */
export async function applyAllRetention(ds: DataSource, now = new Date()): Promise<RetentionReport[]> {
  const ids = ((await ds.query('SELECT id FROM customer ORDER BY id')) as { id: number }[]).map((r) => Number(r.id));
  const reports: RetentionReport[] = [];
  for (const id of ids) reports.push(await applyRetention(ds, id, now));
  return reports;
}

/**
 * The retention task (a background task, shared/leased-task.ts): once an hour, the process holding the `retention`
 * lease applies every customer's retention; the others skip the round. The first round comes a minute after start.
 */
export async function startRetentionTask(app: AppContext): Promise<() => Promise<void>> {
  return startLeasedTask(app, {
    lease: RETENTION_LEASE,
    everyMs: EVERY_MS,
    firstAfterMs: 60_000,
    failLevel: 'warn',
    round: async () => {
      const reports = await applyAllRetention(app.ds);
      const removed = reports.filter((r) => r.totalRows > 0);
      if (removed.length > 0) app.log.info({ retention: removed }, 'retention removed old data');
    },
  });
}
