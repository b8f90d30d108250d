import { ensureDefaultRules } from '../../gateway/src/modules/alerts/evaluate';
import { unsubscribeToken } from '../../gateway/src/modules/alerts/unsubscribe';
import { reportUnsubscribeToken } from '../../gateway/src/modules/reports/unsubscribe';
import type { MatrixWorld } from '../support/matrix-fixtures';
import { insert, isoDay } from '../support/records-fixtures';

/**
 * Rows the operations matrix needs for annotations, alerts and scheduled reports (both transports' cases):
 * each call makes its own, so a successful delete or unsubscribe never spoils another case.
 */

/** A note on tenant a's customer timeline, by its customer admin. */
export const freshAnnotation = (w: MatrixWorld): Promise<number> =>
  insert(
    w.t,
    'INSERT INTO annotation (customer_id, campaign_id, start_date, end_date, note, created_by) VALUES (?, ?, ?, ?, ?, ?)',
    [w.a.customerId, w.a.campaignId, isoDay(0), isoDay(1), 'Matrix note', w.a.users.customer.admin.userId],
  );

/** A weekly report of tenant a's customer, mailed to its customer user. */
export async function freshSchedule(w: MatrixWorld): Promise<number> {
  const id = await insert(
    w.t,
    `INSERT INTO report_schedule (customer_id, frequency, day, hour, time_zone, enabled, created_by)
     VALUES (?, 'weekly', 1, 8, 'Pacific/Auckland', 1, ?)`,
    [w.a.customerId, w.a.users.customer.admin.userId],
  );
  await insert(w.t, 'INSERT INTO report_recipient (schedule_id, user_id) VALUES (?, ?)', [
    id,
    w.a.users.customer.user.userId,
  ]);
  return id;
}

/** One of tenant a's customer's alert rules (the defaults a first read creates). */
export async function alertRuleOf(w: MatrixWorld): Promise<number> {
  const ds = w.t.gateway.app.ds;
  await ensureDefaultRules(ds.manager, w.a.customerId);
  const [rule]: { id: number }[] = await ds.query(
    "SELECT id FROM alert_rule WHERE customer_id = ? AND kind = 'visits_collapsed'",
    [w.a.customerId],
  );
  return Number(rule.id);
}

/** An open alert of tenant a's customer, as the evaluator opens one. */
export async function freshAlert(w: MatrixWorld): Promise<number> {
  const rule = await alertRuleOf(w);
  return insert(
    w.t,
    `INSERT INTO alert_episode (rule_id, customer_id, kind, subject_id, title, detail, link, opened_at)
     VALUES (?, ?, 'visits_collapsed', ?, 'Visits fell', 'Matrix alert', '/dashboard', NOW(3))`,
    [rule, w.a.customerId, w.a.customerId],
  );
}

/** The signed link of an alert mail to tenant a's customer user (it must be a recipient to leave). */
export async function alertUnsubscribeToken(w: MatrixWorld): Promise<string> {
  const rule = await alertRuleOf(w);
  const user = w.a.users.customer.user.userId;
  await w.t.gateway.app.ds.query('INSERT IGNORE INTO alert_recipient (rule_id, user_id) VALUES (?, ?)', [rule, user]);
  return unsubscribeToken(w.t.gateway.app.config, rule, user);
}

export async function reportUnsubscribe(w: MatrixWorld): Promise<string> {
  return reportUnsubscribeToken(w.t.gateway.app.config, await freshSchedule(w), w.a.users.customer.user.userId);
}

export const annotationRange = () => ({ startdate: isoDay(-30), enddate: isoDay(30) });
export const annotationBody = (w: MatrixWorld) => ({
  customer_id: w.a.customerId,
  campaign_id: w.a.campaignId,
  start_date: isoDay(0),
  end_date: isoDay(2),
  note: 'Matrix note',
});
export const scheduleBody = (w: MatrixWorld) => ({
  customer_id: w.a.customerId,
  frequency: 'weekly',
  day: 1,
  hour: 8,
  time_zone: 'Pacific/Auckland',
  recipient_ids: [w.a.users.customer.user.userId],
});
export const alertRuleBody = (w: MatrixWorld) => ({
  enabled: true,
  threshold: 40,
  min_volume: 10,
  quiet_hours: 24,
  recipient_ids: [w.a.users.customer.user.userId],
});
