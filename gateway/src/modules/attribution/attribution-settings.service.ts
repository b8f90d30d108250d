import type { EntityManager } from 'typeorm';
import { type Actor, attributionWindowErrors, can } from '@infinitum/rules';
import type { AppContext } from '../../shared/app-context';
import { badRequest, forbidden, notFound } from '../../shared/errors';
import { canSeeCustomer } from '../access/customer-scope';
import type { AttributionChangeStatus } from './attribution-change.entity';

/** How many changes the settings answer lists (newest first). */
export const HISTORY_LIMIT = 10;

/** One asked-for change of a customer's windows, as both transports answer it. */
export interface AttributionChangeRecord {
  id: number;
  from_touch_window_hours: number;
  from_same_day_window_hours: number;
  touch_window_hours: number;
  same_day_window_hours: number;
  status: AttributionChangeStatus;
  days_done: number;
  days_total: number;
  requested_by: number | null;
  /** The asker's name; null for the system (or a user since removed). */
  requested_by_name: string | null;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A customer's attribution windows: those in force, the change still on its way (if any), the latest changes. */
export interface AttributionSettingsRecord {
  customer_id: number;
  touch_window_hours: number;
  same_day_window_hours: number;
  /** Whether the caller may change the windows (the same right as editing the client). */
  may_edit: boolean;
  /** The newest change not yet done or superseded: pending or running. */
  pending: AttributionChangeRecord | null;
  history: AttributionChangeRecord[];
}

interface ChangeRow {
  id: number;
  from_touch_hours: number;
  from_same_day_hours: number;
  touch_hours: number;
  same_day_hours: number;
  status: AttributionChangeStatus;
  days_done: number;
  days_total: number;
  requested_by: number | null;
  requested_by_name: string | null;
  requested_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function toRecord(r: ChangeRow): AttributionChangeRecord {
  return {
    id: Number(r.id),
    from_touch_window_hours: Number(r.from_touch_hours),
    from_same_day_window_hours: Number(r.from_same_day_hours),
    touch_window_hours: Number(r.touch_hours),
    same_day_window_hours: Number(r.same_day_hours),
    status: r.status,
    days_done: Number(r.days_done),
    days_total: Number(r.days_total),
    requested_by: r.requested_by === null ? null : Number(r.requested_by),
    requested_by_name: r.requested_by_name,
    requested_at: iso(r.requested_at)!,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

const OPEN = ['pending', 'running'];

async function changesOf(em: EntityManager, customerId: number): Promise<ChangeRow[]> {
  return em.query(
    `SELECT a.id, a.from_touch_hours, a.from_same_day_hours, a.touch_hours, a.same_day_hours, a.status,
            a.days_done, a.days_total, a.requested_by, u.name AS requested_by_name, a.requested_at,
            a.started_at, a.finished_at
       FROM attribution_change a LEFT JOIN user u ON u.id = a.requested_by
      WHERE a.customer_id = ?
      ORDER BY a.id DESC LIMIT ${HISTORY_LIMIT}`,
    [customerId],
  );
}

async function openChange(em: EntityManager, customerId: number): Promise<ChangeRow | null> {
  const rows: ChangeRow[] = await em.query(
    `SELECT a.id, a.from_touch_hours, a.from_same_day_hours, a.touch_hours, a.same_day_hours, a.status,
            a.days_done, a.days_total, a.requested_by, u.name AS requested_by_name, a.requested_at,
            a.started_at, a.finished_at
       FROM attribution_change a LEFT JOIN user u ON u.id = a.requested_by
      WHERE a.customer_id = ? AND a.status IN (?)
      ORDER BY a.id DESC LIMIT 1`,
    [customerId, OPEN],
  );
  return rows[0] ?? null;
}

async function inForce(em: EntityManager, customerId: number, lock = false) {
  const rows: { w: number; s: number }[] = await em.query(
    `SELECT touch_window_hours AS w, same_day_window_hours AS s FROM customer WHERE id = ?${lock ? ' FOR UPDATE' : ''}`,
    [customerId],
  );
  if (rows.length === 0) throw notFound('Customer');
  return { w: Number(rows[0].w), s: Number(rows[0].s) };
}

async function assertVisible(em: EntityManager, actor: Actor, customerId: number): Promise<void> {
  if (!(await canSeeCustomer(em, actor, customerId))) throw notFound('Customer');
}

/**
 * GET /customers/:id/attribution-windows (docs/design.md#attribution-settings): whoever may see the customer
 * reads its windows in force, the change under way and the latest changes (the audit trail).
 */
export async function attributionSettings(
  app: AppContext,
  actor: Actor,
  customerId: number,
): Promise<AttributionSettingsRecord> {
  const em = app.ds.manager;
  await assertVisible(em, actor, customerId);
  const [{ w, s }, open, history] = await Promise.all([
    inForce(em, customerId),
    openChange(em, customerId),
    changesOf(em, customerId),
  ]);
  return {
    customer_id: customerId,
    touch_window_hours: w,
    same_day_window_hours: s,
    may_edit: can.editEntity(actor, 'CUSTOMER', customerId),
    pending: open ? toRecord(open) : null,
    history: history.map(toRecord),
  };
}

/**
 * PUT /customers/:id/attribution-windows: asks for new windows. Validated by the shared rules (field errors under
 * `touch_window_hours` / `same_day_window_hours`); allowed to whoever may edit the client. Queues a pending
 * change (the recompute puts it in force) and supersedes any earlier pending or running one, in one transaction
 * holding the customer's row, so two concurrent asks leave exactly one open change. Asking again for what is
 * already asked (in force with nothing open, or the open change's own windows) changes nothing.
 */
export async function setAttributionWindows(
  app: AppContext,
  actor: Actor,
  customerId: number,
  input: { touch_window_hours?: unknown; same_day_window_hours?: unknown },
): Promise<AttributionSettingsRecord> {
  const em = app.ds.manager;
  await assertVisible(em, actor, customerId);
  if (!can.editEntity(actor, 'CUSTOMER', customerId)) throw forbidden();
  const errors = attributionWindowErrors({
    touch_window_hours: input.touch_window_hours,
    same_day_window_hours: input.same_day_window_hours,
  });
  if (Object.keys(errors).length > 0) throw badRequest(Object.values(errors)[0], errors);
  const w = Number(input.touch_window_hours);
  const s = Number(input.same_day_window_hours);
  await app.ds.transaction(async (tx) => {
    const current = await inForce(tx, customerId, true);
    const open = await openChange(tx, customerId);
    const asked = open ? { w: Number(open.touch_hours), s: Number(open.same_day_hours) } : current;
    if (asked.w === w && asked.s === s) return;
    await tx.query(
      `UPDATE attribution_change SET status = 'superseded', finished_at = CURRENT_TIMESTAMP(3)
        WHERE customer_id = ? AND status IN (?)`,
      [customerId, OPEN],
    );
    await tx.query(
      `INSERT INTO attribution_change
         (customer_id, from_touch_hours, from_same_day_hours, touch_hours, same_day_hours, status, requested_by)
       VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
      [customerId, current.w, current.s, w, s, actor.userId || null],
    );
  });
  return attributionSettings(app, actor, customerId);
}
