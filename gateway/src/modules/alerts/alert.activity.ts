import type { Actor } from '@infinitum/rules';
import type { AppContext } from '../../shared/app-context';
import { assertSystemAdmin } from '../organisations/system-access';

/** One evaluation round of the alerts task (alert_run). */
export interface AlertRunRecord {
  id: number;
  owner: string;
  started_at: string;
  opened: number;
  resolved: number;
  mailed: number;
  result: string;
}

/** One mail of an alert episode or a scheduled report: when, what, to whom, the result. */
export interface MailSendRecord {
  kind: 'alert' | 'report';
  customer_id: number;
  customer_name: string;
  what: string;
  email: string;
  /** null while not sent (pending, failed and to be retried, skipped, unsubscribed). */
  sent_at: string | null;
  result: string;
}

export interface AlertActivity {
  runs: AlertRunRecord[];
  sends: MailSendRecord[];
}

const iso = (v: unknown) => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * What the alert and report tasks did lately (docs/operations.md#alerts), for the super admin's Monitoring: the
 * latest evaluations and the latest mails of both, newest first.
 */
export async function alertActivity(app: AppContext, actor: Actor, limit = 30): Promise<AlertActivity> {
  assertSystemAdmin(actor);
  const n = Math.max(1, Math.min(100, limit));
  const runs: {
    id: number;
    owner: string;
    started_at: Date;
    opened: number;
    resolved: number;
    mailed: number;
    result: string;
  }[] = await app.ds.query(
    `SELECT id, owner, started_at, opened, resolved, mailed, result FROM alert_run ORDER BY started_at DESC, id DESC LIMIT ${n}`,
  );
  const alerts: {
    customer_id: number;
    cust_name: string;
    title: string;
    email: string;
    sent_at: Date | null;
    result: string;
    at: Date;
  }[] = await app.ds.query(
    `SELECT e.customer_id, c.cust_name, e.title, s.email, s.sent_at, s.result, COALESCE(s.sent_at, e.opened_at) AS at
       FROM alert_send s JOIN alert_episode e ON e.id = s.episode_id JOIN customer c ON c.id = e.customer_id
       ORDER BY at DESC, s.episode_id DESC, s.user_id LIMIT ${n}`,
  );
  const reports: {
    customer_id: number;
    cust_name: string;
    frequency: string;
    period_start: string | Date;
    email: string;
    sent_at: Date | null;
    result: string;
  }[] = await app.ds.query(
    `SELECT r.customer_id, c.cust_name, r.frequency, s.period_start, s.email, s.sent_at, s.result
     FROM report_send s JOIN report_schedule r ON r.id = s.schedule_id JOIN customer c ON c.id = r.customer_id
     ORDER BY s.sent_at IS NULL DESC, s.sent_at DESC, s.period_start DESC LIMIT ${n}`,
  );
  const sends: (MailSendRecord & { order: number })[] = [
    ...alerts.map((a) => ({
      kind: 'alert' as const,
      customer_id: Number(a.customer_id),
      customer_name: a.cust_name,
      what: a.title,
      email: a.email,
      sent_at: iso(a.sent_at),
      result: a.result,
      order: new Date(a.at).getTime(),
    })),
    ...reports.map((r) => ({
      kind: 'report' as const,
      customer_id: Number(r.customer_id),
      customer_name: r.cust_name,
      what: `${r.frequency} report of the period from ${day(r.period_start)}`,
      email: r.email,
      sent_at: iso(r.sent_at),
      result: r.result,
      order: r.sent_at ? new Date(r.sent_at).getTime() : Date.now(),
    })),
  ];
  return {
    runs: runs.map((r) => ({
      id: Number(r.id),
      owner: r.owner,
      started_at: iso(r.started_at)!,
      opened: Number(r.opened),
      resolved: Number(r.resolved),
      mailed: Number(r.mailed),
      result: r.result,
    })),
    sends: sends
      .sort((a, b) => b.order - a.order)
      .slice(0, n)
      .map(({ order: _order, ...s }) => s),
  };
}
