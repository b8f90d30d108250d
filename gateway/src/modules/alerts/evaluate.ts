import type { EntityManager } from 'typeorm';
import type { EntityType } from '@infinitum/rules';
import type { AppContext } from '../../shared/app-context';
import { todayIn } from '../../shared/status';
import { mayReceive } from '../access/recipients';
import type { AlertKind } from './alert.entity';
import { unsubscribeUrl } from './unsubscribe';

/** Defaults every customer starts with (docs/operations.md#alerts): on, mailed to the customer's admins. */
export const DEFAULT_RULES: { kind: AlertKind; threshold: number; minVolume: number }[] = [
  { kind: 'site_tag_silent', threshold: 6, minVolume: 0 },
  { kind: 'impression_tag_silent', threshold: 6, minVolume: 0 },
  { kind: 'visits_collapsed', threshold: 50, minVolume: 50 },
  { kind: 'under_delivery', threshold: 20, minVolume: 0 },
  { kind: 'invalid_traffic_share', threshold: 10, minVolume: 1000 },
];

interface RuleRow {
  id: number;
  customer_id: number;
  kind: AlertKind;
  enabled: number;
  threshold: number;
  min_volume: number;
  quiet_hours: number;
  time_zone: string;
}

/** A condition that holds now: one subject of one rule. */
interface Finding {
  subjectId: number;
  title: string;
  detail: string;
  link: string;
}

export interface EvaluationResult {
  opened: number;
  resolved: number;
  mailed: number;
}

const HOUR = 3_600_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dayOf = (v: string | Date) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/**
 * Gives every customer the default rule of each kind it lacks (new customers, and a kind added since, get them on
 * the next read or evaluation; a rule once created is the customer's to edit or switch off).
 */
export async function ensureDefaultRules(em: EntityManager, customerId?: number): Promise<void> {
  for (const d of DEFAULT_RULES) {
    const missing: { id: number }[] = await em.query(
      `SELECT c.id FROM customer c WHERE ${customerId ? 'c.id = ? AND' : ''}
         NOT EXISTS (SELECT 1 FROM alert_rule r WHERE r.customer_id = c.id AND r.kind = ?)`,
      customerId ? [customerId, d.kind] : [d.kind],
    );
    for (const { id } of missing) {
      const res: { insertId?: number; affectedRows?: number } = await em.query(
        'INSERT IGNORE INTO alert_rule (customer_id, kind, enabled, threshold, min_volume, quiet_hours) VALUES (?, ?, 1, ?, ?, 24)',
        [id, d.kind, d.threshold, d.minVolume],
      );
      if (Number(res.affectedRows ?? 0) !== 1) continue;
      await em.query(
        `INSERT IGNORE INTO alert_recipient (rule_id, user_id)
         SELECT ?, u.id FROM user u WHERE u.entity_type = 'CUSTOMER' AND u.entity_id = ? AND u.admin = 1 AND u.active = 1`,
        [res.insertId, id],
      );
    }
  }
}

/** Customers with a booking live today in their own time zone. */
async function liveBookings(em: EntityManager, customerId: number, today: string): Promise<number[]> {
  const rows: { id: number }[] = await em.query(
    'SELECT id FROM booking WHERE customer_id = ? AND start_date <= ? AND end_date >= ?',
    [customerId, today, today],
  );
  return rows.map((r) => Number(r.id));
}

async function siteTagSilent(em: EntityManager, rule: RuleRow, now: Date): Promise<Finding[]> {
  const today = todayIn(rule.time_zone, now);
  if ((await liveBookings(em, rule.customer_id, today)).length === 0) return [];
  const cutoff = new Date(now.getTime() - rule.threshold * HOUR);
  const tags: { id: number; tag_description: string; created_at: Date; last_hit: Date | null }[] = await em.query(
    `SELECT t.id, t.tag_description, t.created_at,
            (SELECT MAX(h.ts) FROM site_hit h WHERE h.site_tag_id = t.id AND h.ts <= ?) AS last_hit
     FROM site_tag t WHERE t.customer_id = ?`,
    [now, rule.customer_id],
  );
  return tags
    .filter((t) => (toDate(t.last_hit) ?? toDate(t.created_at)!).getTime() <= cutoff.getTime())
    .map((t) => ({
      subjectId: Number(t.id),
      title: `Site tag "${t.tag_description}" silent for ${rule.threshold} hours`,
      detail: t.last_hit
        ? `No page hit since ${toDate(t.last_hit)!.toISOString()} while a booking is live.`
        : 'No page hit yet while a booking is live.',
      link: `/dashboard?customer=${rule.customer_id}&site=${t.id}`,
    }));
}

async function impressionTagSilent(em: EntityManager, rule: RuleRow, now: Date): Promise<Finding[]> {
  const today = todayIn(rule.time_zone, now);
  const live = await liveBookings(em, rule.customer_id, today);
  if (live.length === 0) return [];
  const cutoff = new Date(now.getTime() - rule.threshold * HOUR);
  // A range read on (customer_id, local_date): the local date of the cutoff is at most a day before its UTC date.
  const heard: { impression_tag_id: number }[] = await em.query(
    `SELECT DISTINCT impression_tag_id FROM impression_event
     WHERE customer_id = ? AND local_date >= ? AND ts > ? AND ts <= ?`,
    [rule.customer_id, addDays(cutoff.toISOString().slice(0, 10), -1), cutoff, now],
  );
  const alive = new Set(heard.map((h) => Number(h.impression_tag_id)));
  const tags: { id: number; booking_id: number; booking_name: string; description: string; created_at: Date }[] =
    await em.query(
      `SELECT t.id, t.booking_id, b.booking_name, c.description, t.created_at
       FROM impression_tag t JOIN booking b ON b.id = t.booking_id JOIN creative c ON c.id = t.creative_id
       WHERE t.customer_id = ? AND t.booking_id IN (?)`,
      [rule.customer_id, live],
    );
  return tags
    .filter((t) => !alive.has(Number(t.id)) && toDate(t.created_at)!.getTime() <= cutoff.getTime())
    .map((t) => ({
      subjectId: Number(t.id),
      title: `Impression tag of "${t.booking_name}" / "${t.description}" silent for ${rule.threshold} hours`,
      detail: `No impression in the last ${rule.threshold} hours while the booking is live.`,
      link: `/dashboard?customer=${rule.customer_id}&booking=${t.booking_id}`,
    }));
}

/** Yesterday's visits against the mean of the same weekday in the four weeks before. */
async function visitsCollapsed(em: EntityManager, rule: RuleRow, now: Date): Promise<Finding[]> {
  const yesterday = addDays(todayIn(rule.time_zone, now), -1);
  const days = [yesterday, ...[7, 14, 21, 28].map((n) => addDays(yesterday, -n))];
  const rows: { local_date: string | Date; visits: number }[] = await em.query(
    'SELECT local_date, COUNT(*) AS visits FROM visit WHERE customer_id = ? AND local_date IN (?) GROUP BY local_date',
    [rule.customer_id, days],
  );
  const byDay = new Map(
    rows.map((r) => [
      r.local_date instanceof Date ? r.local_date.toISOString().slice(0, 10) : String(r.local_date).slice(0, 10),
      Number(r.visits),
    ]),
  );
  const actual = byDay.get(yesterday) ?? 0;
  const baseline = days.slice(1).reduce((s, d) => s + (byDay.get(d) ?? 0), 0) / 4;
  if (baseline < Math.max(1, rule.min_volume)) return [];
  const drop = (1 - actual / baseline) * 100;
  if (drop <= rule.threshold) return [];
  return [
    {
      subjectId: 0,
      title: `Visits down ${Math.round(drop)}% on ${yesterday}`,
      detail: `${actual} visits on ${yesterday} against ${Math.round(baseline)} on the same weekday of the four weeks before.`,
      link: `/dashboard?customer=${rule.customer_id}&from=${addDays(yesterday, -28)}&to=${yesterday}`,
    },
  ];
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * Live bookings with a plan whose impressions up to yesterday (the customer's zone) are more than `threshold` %
 * below the linear pace: plan x elapsed days / booking days. Nothing on a booking's first day (no full day yet).
 */
async function underDelivery(em: EntityManager, rule: RuleRow, now: Date): Promise<Finding[]> {
  const today = todayIn(rule.time_zone, now);
  const bookings: {
    id: number;
    booking_name: string;
    start_date: string | Date;
    end_date: string | Date;
    planned: number;
  }[] = await em.query(
    `SELECT id, booking_name, start_date, end_date, planned_impressions AS planned FROM booking
       WHERE customer_id = ? AND start_date < ? AND end_date >= ? AND planned_impressions IS NOT NULL`,
    [rule.customer_id, today, today],
  );
  const out: Finding[] = [];
  for (const b of bookings) {
    const start = dayOf(b.start_date);
    const end = dayOf(b.end_date);
    const elapsed = daysBetween(start, today);
    const length = daysBetween(start, end) + 1;
    const expected = (Number(b.planned) * elapsed) / length;
    if (elapsed <= 0 || expected <= 0) continue;
    const [{ n }]: { n: number }[] = await em.query(
      `SELECT COUNT(*) AS n FROM impression_event
       WHERE customer_id = ? AND local_date >= ? AND local_date < ? AND booking_id = ?`,
      [rule.customer_id, start, today, b.id],
    );
    const actual = Number(n);
    const behind = (1 - actual / expected) * 100;
    if (behind <= rule.threshold) continue;
    out.push({
      subjectId: Number(b.id),
      title: `Booking "${b.booking_name}" under-delivering by ${Math.round(behind)}%`,
      detail:
        `${actual.toLocaleString('en-NZ')} impressions in ${elapsed} of ${length} days against a pace of ` +
        `${Math.round(expected).toLocaleString('en-NZ')} (${Number(b.planned).toLocaleString('en-NZ')} planned).`,
      link: `/dashboard?customer=${rule.customer_id}&booking=${b.id}&from=${start}&to=${end}`,
    });
  }
  return out;
}

/** Invalid impressions' share of all the customer's impressions (valid and invalid) over the last 24 hours. */
async function invalidTrafficShare(em: EntityManager, rule: RuleRow, now: Date): Promise<Finding[]> {
  const since = new Date(now.getTime() - 24 * HOUR);
  // Range reads on (customer_id, local_date): a local date is at most a day either side of its UTC date.
  const fromDay = addDays(since.toISOString().slice(0, 10), -1);
  const [{ n: invalid }]: { n: number }[] = await em.query(
    `SELECT COUNT(*) AS n FROM invalid_event
     WHERE customer_id = ? AND local_date >= ? AND kind = 'i' AND ts > ? AND ts <= ?`,
    [rule.customer_id, fromDay, since, now],
  );
  const [{ n: valid }]: { n: number }[] = await em.query(
    'SELECT COUNT(*) AS n FROM impression_event WHERE customer_id = ? AND local_date >= ? AND ts > ? AND ts <= ?',
    [rule.customer_id, fromDay, since, now],
  );
  const total = Number(invalid) + Number(valid);
  if (total === 0 || total < rule.min_volume) return [];
  const share = (Number(invalid) / total) * 100;
  if (share <= rule.threshold) return [];
  const day = todayIn(rule.time_zone, now);
  return [
    {
      subjectId: 0,
      title: `Invalid traffic ${share.toFixed(1)}% of impressions in the last 24 hours`,
      detail: `${Number(invalid).toLocaleString('en-NZ')} of ${total.toLocaleString('en-NZ')} impressions were invalid (bots, prefetches, data centres, ...).`,
      link: `/dashboard?customer=${rule.customer_id}&from=${addDays(day, -1)}&to=${day}`,
    },
  ];
}

const CHECKS: Record<AlertKind, (em: EntityManager, rule: RuleRow, now: Date) => Promise<Finding[]>> = {
  site_tag_silent: siteTagSilent,
  impression_tag_silent: impressionTagSilent,
  visits_collapsed: visitsCollapsed,
  under_delivery: underDelivery,
  invalid_traffic_share: invalidTrafficShare,
};

/**
 * One evaluation of every rule at `now` (the caller holds the lease): opens an episode per new finding
 * (once per episode; not again within the rule's quiet period after the last one resolved), resolves open
 * episodes whose condition cleared (or whose rule was switched off), then mails what is unsent.
 */
export async function evaluateAlerts(app: AppContext, now: Date = new Date()): Promise<EvaluationResult> {
  const em = app.ds.manager;
  await ensureDefaultRules(em);
  const rules: RuleRow[] = await em.query(
    `SELECT r.id, r.customer_id, r.kind, r.enabled, r.threshold, r.min_volume, r.quiet_hours, c.time_zone
     FROM alert_rule r JOIN customer c ON c.id = r.customer_id ORDER BY r.id`,
  );
  const result: EvaluationResult = { opened: 0, resolved: 0, mailed: 0 };
  for (const rule of rules) {
    const check = CHECKS[rule.kind];
    const findings = rule.enabled && check ? await check(em, rule, now) : [];
    const open: { id: number; subject_id: number }[] = await em.query(
      'SELECT id, subject_id FROM alert_episode WHERE rule_id = ? AND open_key IS NOT NULL',
      [rule.id],
    );
    const current = new Set(findings.map((f) => f.subjectId));
    for (const e of open) {
      if (current.has(Number(e.subject_id))) continue;
      const res: { affectedRows?: number } = await em.query(
        'UPDATE alert_episode SET resolved_at = ?, open_key = NULL WHERE id = ? AND open_key IS NOT NULL',
        [now, e.id],
      );
      result.resolved += Number(res.affectedRows ?? 0);
    }
    const openSubjects = new Set(open.map((e) => Number(e.subject_id)));
    for (const f of findings) {
      if (openSubjects.has(f.subjectId)) continue;
      const quiet: unknown[] = await em.query(
        'SELECT 1 FROM alert_episode WHERE rule_id = ? AND subject_id = ? AND resolved_at > ? LIMIT 1',
        [rule.id, f.subjectId, new Date(now.getTime() - rule.quiet_hours * HOUR)],
      );
      if (quiet.length > 0) continue;
      const res: { insertId?: number; affectedRows?: number } = await em.query(
        `INSERT IGNORE INTO alert_episode (rule_id, customer_id, kind, subject_id, title, detail, link, open_key, opened_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          rule.id,
          rule.customer_id,
          rule.kind,
          f.subjectId,
          f.title.slice(0, 300),
          f.detail.slice(0, 500),
          f.link,
          `${rule.id}:${f.subjectId}`,
          now,
        ],
      );
      if (Number(res.affectedRows ?? 0) !== 1) continue;
      result.opened += 1;
      // The mails to send are recorded with the episode; a send interrupted by a restart is retried.
      await em.query(
        `INSERT IGNORE INTO alert_send (episode_id, user_id, email, sent_at, result)
         SELECT ?, u.id, u.email, NULL, 'pending' FROM alert_recipient r JOIN user u ON u.id = r.user_id
         WHERE r.rule_id = ? AND u.active = 1`,
        [res.insertId, rule.id],
      );
    }
  }
  result.mailed = await deliverPending(app);
  return result;
}

interface PendingRow {
  episode_id: number;
  user_id: number;
  email: string;
  rule_id: number;
  customer_id: number;
  cust_name: string;
  title: string;
  detail: string;
  link: string;
  name: string;
  admin: number;
  entity_type: EntityType;
  entity_id: number;
}

/**
 * Mails every recorded, unsent alert of a still open episode to a recipient still subscribed and still
 * allowed to see the customer (a recipient who lost access is recorded as skipped, never mailed).
 */
export async function deliverPending(app: AppContext): Promise<number> {
  const em = app.ds.manager;
  const pending: PendingRow[] = await em.query(
    `SELECT s.episode_id, s.user_id, s.email, e.rule_id, e.customer_id, c.cust_name, e.title, e.detail, e.link,
            u.name, u.admin, u.entity_type, u.entity_id
     FROM alert_send s
     JOIN alert_episode e ON e.id = s.episode_id
     JOIN customer c ON c.id = e.customer_id
     JOIN user u ON u.id = s.user_id
     WHERE s.sent_at IS NULL AND s.result NOT IN ('skipped', 'unsubscribed') AND e.open_key IS NOT NULL
     ORDER BY s.episode_id, s.user_id`,
  );
  let mailed = 0;
  for (const p of pending) {
    const subscribed: unknown[] = await em.query('SELECT 1 FROM alert_recipient WHERE rule_id = ? AND user_id = ?', [
      p.rule_id,
      p.user_id,
    ]);
    const mark = (sentAt: Date | null, result: string) =>
      em.query('UPDATE alert_send SET sent_at = ?, result = ? WHERE episode_id = ? AND user_id = ?', [
        sentAt,
        result.slice(0, 300),
        p.episode_id,
        p.user_id,
      ]);
    if (subscribed.length === 0) {
      await mark(null, 'unsubscribed');
      continue;
    }
    if (!(await mayReceive(em, p, Number(p.customer_id)))) {
      await mark(null, 'skipped');
      continue;
    }
    const base = app.config.PUBLIC_URL.replace(/\/+$/, '');
    const unsubscribe = unsubscribeUrl(app.config, Number(p.rule_id), Number(p.user_id));
    try {
      await app.mailer.send({
        to: p.email,
        subject: `Infinitum alert for ${p.cust_name}: ${p.title}`,
        text:
          `${p.title}\n\n${p.detail}\n\nSee it: ${base}${p.link}\n\n` +
          `You receive this because you are a recipient of this alert. Unsubscribe: ${unsubscribe}\n`,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await mark(new Date(), 'sent');
      mailed += 1;
    } catch (e) {
      await mark(null, `error: ${(e as Error).message}`);
      app.log.warn({ err: e, episode: p.episode_id }, 'alert mail failed; retried on the next evaluation');
    }
  }
  return mailed;
}
