import type { DataSource, EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { leasedRound, leaseOwner, startLeasedTask } from '../../shared/leased-task';
import { RETRYABLE } from '../../etl/failures';
import { completeTouchHours } from '../../etl/write-common';

/**
 * The recompute that puts a customer's asked-for attribution windows in force (docs/design.md#attribution-settings;
 * docs/architecture.md#summaries). The touch table holds each customer's touches up to its stored width
 * (customer.touch_table_hours, never under 7 x 24 h and only raised), a superset of the window W in force, and the
 * dashboard filters touches to W: so a shorter W, or a new S, needs no history rewritten and switches at once, and a
 * longer W than the table holds first widens the table (the ETL writes wide touches from then on), then backfills the
 * missing touches day by day over the customer's visit days, then switches. Until the switch every answer is the old
 * windows'; after it, the new ones', exactly (the switch is one transaction with the change's `done`).
 */

/** Per customer, so gateways recompute different customers side by side but never one customer twice. */
export const recomputeLease = (customerId: number) => `attribution-recompute:${customerId}`;
/** A change waits at most this long for a round to pick it up. */
const EVERY_MS = 5_000;
/** Renewed every third of it while a recompute runs (leasedRound). */
const LEASE_MS = 60_000;

export interface RecomputeHooks {
  /** After each backfilled day is committed (tests hold a recompute mid-way here). */
  afterDay?: (daysDone: number, daysTotal: number) => Promise<void>;
}

export type RecomputeOutcome = 'none' | 'done' | 'superseded';

interface ChangeRow {
  id: number;
  touch_hours: number;
  same_day_hours: number;
}

/**
 * Takes the customer's newest pending or running change (the older ones are superseded: only the last asked-for
 * windows matter) and marks it running. A running one left by a process that stopped is taken again: the backfill is
 * idempotent (INSERT IGNORE), so it starts over.
 */
async function takeNewest(ds: DataSource, customerId: number): Promise<ChangeRow | null> {
  return ds.transaction(async (tx) => {
    const rows: ChangeRow[] = await tx.query(
      `SELECT id, touch_hours, same_day_hours FROM attribution_change
        WHERE customer_id = ? AND status IN ('pending', 'running') ORDER BY id DESC FOR UPDATE`,
      [customerId],
    );
    if (rows.length === 0) return null;
    const [newest, ...older] = rows;
    if (older.length > 0) {
      await tx.query(`UPDATE attribution_change SET status = 'superseded', finished_at = NOW(3) WHERE id IN (?)`, [
        older.map((r) => r.id),
      ]);
    }
    await tx.query(
      `UPDATE attribution_change SET status = 'running', started_at = COALESCE(started_at, NOW(3)),
              days_done = 0, days_total = 0
        WHERE id = ?`,
      [newest.id],
    );
    return {
      id: Number(newest.id),
      touch_hours: Number(newest.touch_hours),
      same_day_hours: Number(newest.same_day_hours),
    };
  });
}

/** Whether a change newer than `id` was asked for since (the running one then stops and leaves it the field). */
async function supersededBy(em: EntityManager, customerId: number, id: number): Promise<boolean> {
  const rows: unknown[] = await em.query(
    "SELECT 1 FROM attribution_change WHERE customer_id = ? AND id > ? AND status = 'pending' LIMIT 1",
    [customerId, id],
  );
  return rows.length > 0;
}

/** Runs `work` again (up to 20 times, with a short growing pause) while it fails on a deadlock or lock wait. */
async function retryingLockConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      const code =
        (e as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (e as { code?: string }).code;
      if (attempt >= 20 || !RETRYABLE.has(String(code))) throw e;
      await new Promise((r) => setTimeout(r, 10 * attempt));
    }
  }
}

/**
 * One visit day's touches from `fromHours` to `toHours` before each visit (the part a narrower table left out),
 * in the ETL's columns; touches already there (a batch that wrote wide meanwhile) are kept (INSERT IGNORE).
 */
async function backfillDay(tx: EntityManager, customerId: number, day: string, fromHours: number, toHours: number) {
  await tx.query(
    `INSERT IGNORE INTO touch (visit_id, customer_id, visit_local_date, visit_ts, impression_event_id, impression_ts,
            impression_local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart)
     SELECT v.id, v.customer_id, v.local_date, v.start_ts, i.event_id, i.ts,
            i.local_date, i.booking_id, i.campaign_id, i.creative_id, i.channel_id, i.region, i.weekday, i.daypart
       FROM visit v
       JOIN impression_event i
         ON i.customer_id = v.customer_id AND i.household_id = v.household_id
        AND i.ts > v.start_ts - INTERVAL ? HOUR AND i.ts <= v.start_ts - INTERVAL ? HOUR
      WHERE v.customer_id = ? AND v.local_date = ?`,
    [toHours, fromHours, customerId, day],
  );
}

/**
 * Recomputes one customer's newest change to the end (the caller holds the customer's lease): widen and backfill
 * when the new W is longer than the table holds, then switch. Stops cleanly (the change superseded, nothing
 * switched) when a newer change arrives between two days; the next round takes the newer one.
 */
export async function recomputeChange(
  ds: DataSource,
  customerId: number,
  hooks: RecomputeHooks = {},
): Promise<RecomputeOutcome> {
  const change = await takeNewest(ds, customerId);
  if (!change) return 'none';
  const customer: unknown[] = await ds.query('SELECT 1 FROM customer WHERE id = ?', [customerId]);
  if (customer.length === 0) return supersede(ds, change.id);
  const complete = await completeTouchHours(ds.manager, customerId);
  if (change.touch_hours > complete) {
    // Widen first, in its own transaction: the UPDATE waits for the ETL batches that read the old width (they hold
    // a shared lock on the customer row to their commit: etl/write-common.ts touchTableWidthMs), and every batch
    // after it writes wide. So the days below, read after this commit, see every batch written under the old width.
    // (A wider table left by a superseded run stays: GREATEST.)
    await ds.query('UPDATE customer SET touch_table_hours = GREATEST(touch_table_hours, ?) WHERE id = ?', [
      change.touch_hours,
      customerId,
    ]);
    const days: { d: string }[] = await ds.query(
      "SELECT DISTINCT DATE_FORMAT(local_date, '%Y-%m-%d') AS d FROM visit WHERE customer_id = ? ORDER BY 1",
      [customerId],
    );
    await ds.query('UPDATE attribution_change SET days_total = ? WHERE id = ?', [days.length, change.id]);
    for (let n = 0; n < days.length; n++) {
      if (await supersededBy(ds.manager, customerId, change.id)) return supersede(ds, change.id);
      // REPEATABLE READ, so the INSERT ... SELECT takes shared locks on the visits and impressions it reads (under
      // READ COMMITTED it read them without locks): an ETL batch that deletes one of them meanwhile (a visit rebuilt
      // by a late hit, an impression set apart as a repeat) waits for this day's commit and then deletes the touches
      // written here too, instead of committing first and leaving touches of a row that is gone.
      // Those locks can meet an ETL batch's in the other order: a deadlock rolls this day back and it is redone.
      await retryingLockConflicts(() =>
        ds.transaction('REPEATABLE READ', async (tx) => {
          await backfillDay(tx, customerId, days[n].d, complete, change.touch_hours);
          await tx.query('UPDATE attribution_change SET days_done = ? WHERE id = ?', [n + 1, change.id]);
        }),
      );
      await hooks.afterDay?.(n + 1, days.length);
    }
  }
  return ds.transaction(async (tx) => {
    const [row]: { status: string }[] = await tx.query(
      'SELECT status FROM attribution_change WHERE id = ? FOR UPDATE',
      [change.id],
    );
    if (row?.status !== 'running' || (await supersededBy(tx, customerId, change.id))) {
      await tx.query("UPDATE attribution_change SET status = 'superseded', finished_at = NOW(3) WHERE id = ?", [
        change.id,
      ]);
      return 'superseded' as const;
    }
    await tx.query('UPDATE customer SET touch_window_hours = ?, same_day_window_hours = ? WHERE id = ?', [
      change.touch_hours,
      change.same_day_hours,
      customerId,
    ]);
    await tx.query(
      "UPDATE attribution_change SET status = 'done', days_done = days_total, finished_at = NOW(3) WHERE id = ?",
      [change.id],
    );
    return 'done' as const;
  });
}

async function supersede(ds: DataSource, id: number): Promise<RecomputeOutcome> {
  await ds.query("UPDATE attribution_change SET status = 'superseded', finished_at = NOW(3) WHERE id = ?", [id]);
  return 'superseded';
}

/**
 * Every customer with a pending or running change, each under its own lease (a customer another process is
 * recomputing is skipped); a customer's changes are followed to the newest (a superseded run leaves the next).
 */
export async function recomputePending(
  app: Pick<AppContext, 'ds'>,
  owner: string = leaseOwner(),
  hooks: RecomputeHooks = {},
): Promise<void> {
  const customers: { id: number | string }[] = await app.ds.query(
    "SELECT DISTINCT customer_id AS id FROM attribution_change WHERE status IN ('pending', 'running')",
  );
  for (const { id } of customers) {
    const customerId = Number(id);
    await leasedRound(app, recomputeLease(customerId), owner, LEASE_MS, async () => {
      while ((await recomputeChange(app.ds, customerId, hooks)) !== 'none');
    });
  }
}

/** The background task (attributionModule.tasks): a round every few seconds in every worker process. */
export async function startRecomputeTask(app: AppContext): Promise<() => Promise<void>> {
  return startLeasedTask(app, {
    // One process runs the rounds; each customer's recompute also takes the customer's own lease, so one started
    // by hand (an operator, a test) never runs beside the task's.
    lease: 'attribution-recompute',
    everyMs: EVERY_MS,
    failLevel: 'warn',
    round: (owner) => recomputePending(app, owner),
  });
}
