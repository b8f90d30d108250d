import type { EntityManager } from 'typeorm';
import type { Actor } from '@infinitum/rules';
import type { AppContext } from '../../shared/app-context';
import { badRequest, notFound } from '../../shared/errors';
import type { Input } from '../../shared/input';
import { assertCustomerVisible, canSeeCustomer, visibleCustomerIds } from '../access/customer-scope';
import { checkRecipients } from '../access/recipients';
import type { AlertKind } from './alert.entity';
import { ensureDefaultRules } from './evaluate';
import { readUnsubscribeToken } from './unsubscribe';

/** An alert rule as both transports answer it (docs/api.md#alerts). */
export interface AlertRuleRecord {
  id: number;
  customer_id: number;
  kind: AlertKind;
  enabled: boolean;
  threshold: number;
  min_volume: number;
  quiet_hours: number;
  recipient_ids: number[];
}

/** An episode as the bell shows it. */
export interface AlertRecord {
  id: number;
  customer_id: number;
  customer_name: string;
  kind: AlertKind;
  title: string;
  detail: string;
  link: string;
  opened_at: string;
  resolved_at: string | null;
  read: boolean;
}

export interface AlertInbox {
  unread: number;
  alerts: AlertRecord[];
}

interface RuleRow {
  id: number;
  customer_id: number;
  kind: AlertKind;
  enabled: number;
  threshold: number;
  min_volume: number;
  quiet_hours: number;
}

async function recipientsOf(em: EntityManager, ruleIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ruleIds.map((id) => [id, []]));
  if (ruleIds.length === 0) return out;
  const rows: { rule_id: number; user_id: number }[] = await em.query(
    'SELECT rule_id, user_id FROM alert_recipient WHERE rule_id IN (?) ORDER BY user_id',
    [ruleIds],
  );
  for (const r of rows) out.get(Number(r.rule_id))?.push(Number(r.user_id));
  return out;
}

const toRecord = (r: RuleRow, recipients: number[]): AlertRuleRecord => ({
  id: Number(r.id),
  customer_id: Number(r.customer_id),
  kind: r.kind,
  enabled: Boolean(Number(r.enabled)),
  threshold: Number(r.threshold),
  min_volume: Number(r.min_volume),
  quiet_hours: Number(r.quiet_hours),
  recipient_ids: recipients,
});

/** The rules of a customer, for those who may edit its campaigns (they see the customer: spec 6). */
export async function listAlertRules(app: AppContext, actor: Actor, customerId: number): Promise<AlertRuleRecord[]> {
  await assertCustomerVisible(app.ds.manager, actor, customerId);
  await ensureDefaultRules(app.ds.manager, customerId);
  const rows: RuleRow[] = await app.ds.query(
    'SELECT id, customer_id, kind, enabled, threshold, min_volume, quiet_hours FROM alert_rule WHERE customer_id = ? ORDER BY id',
    [customerId],
  );
  const recipients = await recipientsOf(
    app.ds.manager,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toRecord(r, recipients.get(Number(r.id)) ?? []));
}

const LIMITS: Record<AlertKind, { max: number; unit: string }> = {
  site_tag_silent: { max: 720, unit: 'hours' },
  impression_tag_silent: { max: 720, unit: 'hours' },
  visits_collapsed: { max: 100, unit: 'percent' },
  under_delivery: { max: 100, unit: 'percent' },
  invalid_traffic_share: { max: 100, unit: 'percent' },
};

function intField(input: Input, field: string, min: number, max: number, current: number): number {
  const v = input[field];
  if (v === undefined || v === null) return current;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    const msg = `${field} must be a whole number from ${min} to ${max}.`;
    throw badRequest(msg, { [field]: msg });
  }
  return v;
}

/** Edits a rule: on/off, threshold, minimum volume, quiet period, recipients (fields not sent stay). */
export async function updateAlertRule(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Input,
): Promise<AlertRuleRecord> {
  const em = app.ds.manager;
  const rows: RuleRow[] = await em.query(
    'SELECT id, customer_id, kind, enabled, threshold, min_volume, quiet_hours FROM alert_rule WHERE id = ?',
    [id],
  );
  const rule = rows[0];
  if (!rule || !(await canSeeCustomer(em, actor, Number(rule.customer_id)))) throw notFound('Alert rule');
  const enabled = input.enabled;
  if (enabled !== undefined && enabled !== null && typeof enabled !== 'boolean') {
    throw badRequest('enabled must be true or false.', { enabled: 'enabled must be true or false.' });
  }
  const limit = LIMITS[rule.kind];
  const next = {
    enabled: typeof enabled === 'boolean' ? enabled : Boolean(Number(rule.enabled)),
    threshold: intField(input, 'threshold', 1, limit.max, Number(rule.threshold)),
    min_volume: intField(input, 'min_volume', 0, 1_000_000, Number(rule.min_volume)),
    quiet_hours: intField(input, 'quiet_hours', 0, 720, Number(rule.quiet_hours)),
  };
  const recipients =
    input.recipient_ids === undefined || input.recipient_ids === null
      ? null
      : await checkRecipients(
          em,
          actor,
          Number(rule.customer_id),
          input.recipient_ids,
          (await recipientsOf(em, [id])).get(id) ?? [],
        );
  await app.ds.transaction(async (tx) => {
    await tx.query('UPDATE alert_rule SET enabled = ?, threshold = ?, min_volume = ?, quiet_hours = ? WHERE id = ?', [
      next.enabled ? 1 : 0,
      next.threshold,
      next.min_volume,
      next.quiet_hours,
      id,
    ]);
    if (recipients) {
      await tx.query('DELETE FROM alert_recipient WHERE rule_id = ?', [id]);
      for (const u of recipients)
        await tx.query('INSERT INTO alert_recipient (rule_id, user_id) VALUES (?, ?)', [id, u]);
    }
  });
  return (await listAlertRules(app, actor, Number(rule.customer_id))).find((r) => r.id === id)!;
}

const iso = (v: unknown) => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());

/** The bell: the latest episodes of every customer the actor can see, newest first, with the unread count. */
export async function alertInbox(app: AppContext, actor: Actor, limit = 30): Promise<AlertInbox> {
  const visible = await visibleCustomerIds(app.ds.manager, actor);
  if (visible !== 'all' && visible.length === 0) return { unread: 0, alerts: [] };
  const scope = visible === 'all' ? '' : 'AND e.customer_id IN (?)';
  const params = visible === 'all' ? [actor.userId] : [actor.userId, visible];
  const rows: (Omit<AlertRecord, 'read'> & { read_at: number | null })[] = await app.ds.query(
    `SELECT e.id, e.customer_id, c.cust_name AS customer_name, e.kind, e.title, e.detail, e.link, e.opened_at,
            e.resolved_at, r.user_id AS read_at
     FROM alert_episode e JOIN customer c ON c.id = e.customer_id
     LEFT JOIN alert_read r ON r.episode_id = e.id AND r.user_id = ?
     WHERE 1 = 1 ${scope} ORDER BY e.opened_at DESC, e.id DESC LIMIT ${Math.max(1, Math.min(100, limit))}`,
    params,
  );
  const alerts = rows.map((r) => ({
    id: Number(r.id),
    customer_id: Number(r.customer_id),
    customer_name: r.customer_name,
    kind: r.kind,
    title: r.title,
    detail: r.detail,
    link: r.link,
    opened_at: iso(r.opened_at)!,
    resolved_at: iso(r.resolved_at),
    read: r.read_at != null,
  }));
  return { unread: alerts.filter((a) => !a.read).length, alerts };
}

/** Marks episodes read for the actor (only those it can see; others are ignored like unknown ids). */
export async function markAlertsRead(app: AppContext, actor: Actor, input: Input): Promise<AlertInbox> {
  const ids = input.ids;
  const msg = 'ids must be a list of alert ids.';
  if (!Array.isArray(ids) || ids.length > 500 || !ids.every((v) => Number.isInteger(v) && v > 0)) {
    throw badRequest(msg, { ids: msg });
  }
  const visible = await visibleCustomerIds(app.ds.manager, actor);
  if (ids.length > 0 && (visible === 'all' || visible.length > 0)) {
    await app.ds.query(
      `INSERT IGNORE INTO alert_read (episode_id, user_id)
       SELECT e.id, ? FROM alert_episode e WHERE e.id IN (?) ${visible === 'all' ? '' : 'AND e.customer_id IN (?)'}`,
      visible === 'all' ? [actor.userId, ids] : [actor.userId, ids, visible],
    );
  }
  return alertInbox(app, actor);
}

/** One-click unsubscribe (signed link, no sign-in): the recipient leaves that rule's mails. */
export async function unsubscribe(app: AppContext, token: unknown): Promise<{ message: string }> {
  const who = readUnsubscribeToken(app.config, token);
  if (!who) throw badRequest('This unsubscribe link is not valid.');
  await app.ds.query('DELETE FROM alert_recipient WHERE rule_id = ? AND user_id = ?', [who.ruleId, who.userId]);
  return { message: 'You will no longer receive this alert by email.' };
}
