import type { EntityManager } from 'typeorm';
import { type Actor, type EntityType } from '@infinitum/rules';
import type { AppContext } from '../../shared/app-context';
import { badRequest, DomainError, forbidden, notFound } from '../../shared/errors';
import type { Input } from '../../shared/input';
import { assertCustomerVisible, canSeeCustomer } from '../access/customer-scope';
import { actorOfRecipient, checkRecipients, mayReceive } from '../access/recipients';
import { runDashboardCall } from '../analytics/dashboard.service';
import { latestRun, type ReportPeriod, runInstant } from './period';
import { reportPdf } from './report.pdf';
import { reportWorkbook } from './report.workbook';
import { REPORT_FREQUENCIES, type ReportFrequency } from './report.entity';
import { reportUnsubscribeUrl, readReportUnsubscribeToken } from './unsubscribe';

/** A schedule as the API answers it (docs/api.md#scheduled-reports). */
export interface ReportScheduleRecord {
  id: number;
  customer_id: number;
  frequency: ReportFrequency;
  day: number;
  hour: number;
  time_zone: string;
  enabled: boolean;
  recipient_ids: number[];
}

interface ScheduleRow {
  id: number;
  customer_id: number;
  frequency: ReportFrequency;
  day: number;
  hour: number;
  time_zone: string;
  enabled: number;
  created_at: Date;
}

interface UserRow {
  id: number;
  name: string;
  email: string;
  admin: number;
  entity_type: EntityType;
  entity_id: number;
}

const actorOfUser = (u: UserRow): Actor => actorOfRecipient(u);

const COLUMNS = 'id, customer_id, frequency, day, hour, time_zone, enabled, created_at';

async function records(em: EntityManager, rows: ScheduleRow[]): Promise<ReportScheduleRecord[]> {
  const ids = rows.map((r) => Number(r.id));
  const rec: { schedule_id: number; user_id: number }[] = ids.length
    ? await em.query('SELECT schedule_id, user_id FROM report_recipient WHERE schedule_id IN (?) ORDER BY user_id', [
        ids,
      ])
    : [];
  return rows.map((r) => ({
    id: Number(r.id),
    customer_id: Number(r.customer_id),
    frequency: r.frequency,
    day: Number(r.day),
    hour: Number(r.hour),
    time_zone: r.time_zone,
    enabled: Boolean(Number(r.enabled)),
    recipient_ids: rec.filter((x) => Number(x.schedule_id) === Number(r.id)).map((x) => Number(x.user_id)),
  }));
}

export async function listReportSchedules(app: AppContext, actor: Actor, customerId: number) {
  await assertCustomerVisible(app.ds.manager, actor, customerId);
  const rows: ScheduleRow[] = await app.ds.query(
    `SELECT ${COLUMNS} FROM report_schedule WHERE customer_id = ? ORDER BY id`,
    [customerId],
  );
  return records(app.ds.manager, rows);
}

async function findSchedule(app: AppContext, actor: Actor, id: number): Promise<ScheduleRow> {
  const [row]: ScheduleRow[] = await app.ds.query(`SELECT ${COLUMNS} FROM report_schedule WHERE id = ?`, [id]);
  if (!row || !(await canSeeCustomer(app.ds.manager, actor, Number(row.customer_id))))
    throw notFound('Report schedule');
  return row;
}

const invalid = (field: string, msg: string) => badRequest(msg, { [field]: msg });

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The fields of a schedule merged over the stored one; 400 naming the first wrong field. */
async function scheduleFields(
  em: EntityManager,
  actor: Actor,
  customerId: number,
  input: Input,
  current?: ScheduleRow,
) {
  const frequency = (input.frequency ?? current?.frequency) as ReportFrequency;
  if (!REPORT_FREQUENCIES.includes(frequency)) throw invalid('frequency', 'frequency must be weekly or monthly.');
  const int = (field: string, min: number, max: number, fallback?: number) => {
    const v = input[field] ?? fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      throw invalid(field, `${field} must be a whole number from ${min} to ${max}.`);
    }
    return v;
  };
  const day = int('day', 1, frequency === 'weekly' ? 7 : 28, current ? Number(current.day) : undefined);
  const hour = int('hour', 0, 23, current ? Number(current.hour) : 8);
  const zone = input.time_zone ?? current?.time_zone;
  if (typeof zone !== 'string' || zone.length > 64 || !validZone(zone)) {
    throw invalid('time_zone', 'time_zone must be an IANA time zone, e.g. Pacific/Auckland.');
  }
  const enabled = input.enabled ?? (current ? Boolean(Number(current.enabled)) : true);
  if (typeof enabled !== 'boolean') throw invalid('enabled', 'enabled must be true or false.');
  let recipients: number[] | null = null;
  if (input.recipient_ids !== undefined && input.recipient_ids !== null) {
    const kept: { user_id: number }[] = current
      ? await em.query('SELECT user_id FROM report_recipient WHERE schedule_id = ?', [current.id])
      : [];
    recipients = await checkRecipients(
      em,
      actor,
      customerId,
      input.recipient_ids,
      kept.map((r) => Number(r.user_id)),
    );
  }
  return { frequency, day, hour, zone, enabled, recipients };
}

async function saveRecipients(em: EntityManager, id: number, recipients: number[] | null) {
  if (!recipients) return;
  await em.query('DELETE FROM report_recipient WHERE schedule_id = ?', [id]);
  for (const u of recipients)
    await em.query('INSERT INTO report_recipient (schedule_id, user_id) VALUES (?, ?)', [id, u]);
}

export async function createReportSchedule(app: AppContext, actor: Actor, input: Input): Promise<ReportScheduleRecord> {
  const customerId = Number(input.customer_id);
  if (!Number.isInteger(customerId) || customerId <= 0) throw invalid('customer_id', 'Customer is required.');
  await assertCustomerVisible(app.ds.manager, actor, customerId);
  const f = await scheduleFields(app.ds.manager, actor, customerId, input);
  const id = await app.ds.transaction(async (tx) => {
    const res: { insertId: number } = await tx.query(
      'INSERT INTO report_schedule (customer_id, frequency, day, hour, time_zone, enabled, created_by) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [customerId, f.frequency, f.day, f.hour, f.zone, f.enabled ? 1 : 0, actor.userId],
    );
    await saveRecipients(tx, Number(res.insertId), f.recipients ?? []);
    return Number(res.insertId);
  });
  return (
    await records(app.ds.manager, await app.ds.query(`SELECT ${COLUMNS} FROM report_schedule WHERE id = ?`, [id]))
  )[0];
}

export async function updateReportSchedule(app: AppContext, actor: Actor, id: number, input: Input) {
  const row = await findSchedule(app, actor, id);
  if (input.customer_id !== undefined && Number(input.customer_id) !== Number(row.customer_id)) {
    throw invalid('customer_id', 'A schedule cannot move to another customer.');
  }
  const f = await scheduleFields(app.ds.manager, actor, Number(row.customer_id), input, row);
  await app.ds.transaction(async (tx) => {
    await tx.query(
      'UPDATE report_schedule SET frequency = ?, day = ?, hour = ?, time_zone = ?, enabled = ? WHERE id = ?',
      [f.frequency, f.day, f.hour, f.zone, f.enabled ? 1 : 0, id],
    );
    await saveRecipients(tx, id, f.recipients);
  });
  return (
    await records(app.ds.manager, await app.ds.query(`SELECT ${COLUMNS} FROM report_schedule WHERE id = ?`, [id]))
  )[0];
}

export async function deleteReportSchedule(app: AppContext, actor: Actor, id: number) {
  await findSchedule(app, actor, id);
  await app.ds.transaction(async (tx) => {
    await tx.query('DELETE FROM report_recipient WHERE schedule_id = ?', [id]);
    await tx.query('DELETE FROM report_schedule WHERE id = ?', [id]);
  });
  return { id };
}

/** The headline figures of the dashboard (impression_summary) for a period, as the recipient may see them. */
export async function headline(app: AppContext, actor: Actor, customerId: number, start: string, end: string) {
  const answer = await runDashboardCall(app, actor, 'impression_summary', {
    client_id: customerId,
    startdate: start,
    enddate: end,
  });
  return answer.summary_data;
}

const FIGURES = [
  ['Ad_Spend', 'Ad spend', (v: number) => `$${v.toFixed(2)}`],
  ['Actual_Impressions', 'Impressions', (v: number) => Math.round(v).toLocaleString('en-NZ')],
  ['Total_Responses', 'Responses', (v: number) => Math.round(v).toLocaleString('en-NZ')],
  ['CPM_Actual', 'CPM', (v: number) => `$${v.toFixed(2)}`],
  ['Response_Rate', 'Response rate', (v: number) => `${(v * 100).toFixed(2)}%`],
  ['Current_CPR', 'Cost per response', (v: number) => `$${v.toFixed(2)}`],
] as const;

/** "+12.5%", "-3.0%", "n/a" (nothing the period before). */
export const change = (now: number, before: number) =>
  before === 0 ? 'n/a' : `${now >= before ? '+' : ''}${(((now - before) / before) * 100).toFixed(1)}%`;

async function reportMail(
  app: AppContext,
  user: UserRow,
  s: ScheduleRow,
  period: ReportPeriod,
  preview: boolean,
): Promise<void> {
  const actor = actorOfUser(user);
  const customerId = Number(s.customer_id);
  const [{ cust_name }]: { cust_name: string }[] = await app.ds.query('SELECT cust_name FROM customer WHERE id = ?', [
    customerId,
  ]);
  const now = await headline(app, actor, customerId, period.start, period.end);
  const before = await headline(app, actor, customerId, period.previousStart, period.previousEnd);
  const figures = FIGURES.map(([key, label, fmt]) => ({
    label,
    now: now[key],
    before: before[key],
    text: fmt(now[key]),
    beforeText: fmt(before[key]),
    change: change(now[key], before[key]),
  }));
  const lines = figures.map((f) => `${f.label}: ${f.text} (${f.change} vs ${f.beforeText})`);
  const title = `${cust_name}: ${s.frequency} report`;
  const pdf = await reportPdf(
    title,
    `${period.start} to ${period.end}, against ${period.previousStart} to ${period.previousEnd}`,
    figures,
  );
  const base = app.config.PUBLIC_URL.replace(/\/+$/, '');
  const unsubscribe = reportUnsubscribeUrl(app.config, Number(s.id), Number(user.id));
  const workbook = await reportWorkbook(app, actor, customerId, period.start, period.end);
  await mailOrUnavailable(app, {
    to: user.email,
    subject: `${preview ? '[Preview] ' : ''}Infinitum ${s.frequency} report for ${cust_name}: ${period.start} to ${period.end}`,
    text:
      `${cust_name}, ${period.start} to ${period.end} (change against ${period.previousStart} to ${period.previousEnd}):\n\n` +
      `${lines.join('\n')}\n\nDashboard: ${base}/dashboard?customer=${customerId}&from=${period.start}&to=${period.end}\n\n` +
      `Unsubscribe from this report: ${unsubscribe}\n`,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    attachments: [
      { filename: `report-${period.start}-${period.end}.pdf`, content: pdf, contentType: 'application/pdf' },
      {
        filename: `Infinitum_Dashboard_${period.start}_${period.end}.xlsx`,
        content: workbook,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ],
  });
}

/**
 * Hands a report mail to the mail server; a refusal or an outage becomes a 503 saying so (Send now answers it to the
 * person asking; the scheduler records it and retries), never a 500.
 */
async function mailOrUnavailable(app: AppContext, message: Parameters<AppContext['mailer']['send']>[0]) {
  try {
    await app.mailer.send(message);
  } catch (err) {
    app.log.error({ err, subject: message.subject }, 'report mail refused');
    throw new DomainError('UNAVAILABLE', 'The mail server is not answering: the report was not sent. Try again later.');
  }
}

/** "Send now": the latest period's report to the caller only, marked as a preview; the schedule is unchanged. */
export async function sendReportNow(app: AppContext, actor: Actor, id: number, now = new Date()) {
  if (actor.apiKey) throw forbidden('A preview is mailed to the person asking; an API key has no mailbox.');
  const s = await findSchedule(app, actor, id);
  const { period } = latestRun(
    { frequency: s.frequency, day: Number(s.day), hour: Number(s.hour), timeZone: s.time_zone },
    now,
  );
  const [user]: UserRow[] = await app.ds.query(
    'SELECT id, name, email, admin, entity_type, entity_id FROM user WHERE id = ?',
    [actor.userId],
  );
  if (!user) throw notFound('User');
  await reportMail(app, user, s, period, true);
  return { message: `A preview was sent to ${user.email}.`, start: period.start, end: period.end };
}

/**
 * One scheduler round (the caller holds the lease): for each enabled schedule whose latest run is due and not
 * before the schedule existed, records one send per recipient and period (the key refuses a second), then
 * mails what is recorded and unsent. Answers the number of mails sent.
 */
export async function runDueReports(app: AppContext, now = new Date()): Promise<number> {
  const rows: ScheduleRow[] = await app.ds.query(`SELECT ${COLUMNS} FROM report_schedule WHERE enabled = 1`);
  for (const s of rows) {
    const { runDay, period } = latestRun(
      { frequency: s.frequency, day: Number(s.day), hour: Number(s.hour), timeZone: s.time_zone },
      now,
    );
    if (runInstant(runDay, Number(s.hour), s.time_zone).getTime() < new Date(s.created_at).getTime()) continue;
    await app.ds.query(
      `INSERT IGNORE INTO report_send (schedule_id, period_start, user_id, email, sent_at, result)
       SELECT ?, ?, u.id, u.email, NULL, 'pending' FROM report_recipient r JOIN user u ON u.id = r.user_id
       WHERE r.schedule_id = ? AND u.active = 1`,
      [s.id, period.start, s.id],
    );
  }
  const pending: (UserRow & { schedule_id: number; period_start: string | Date })[] = await app.ds.query(
    `SELECT s.schedule_id, s.period_start, u.id, u.name, u.email, u.admin, u.entity_type, u.entity_id
     FROM report_send s JOIN user u ON u.id = s.user_id JOIN report_schedule r ON r.id = s.schedule_id
     WHERE s.sent_at IS NULL AND s.result NOT IN ('skipped', 'unsubscribed') ORDER BY s.schedule_id, s.user_id`,
  );
  let sent = 0;
  for (const p of pending) {
    const periodStart =
      p.period_start instanceof Date ? p.period_start.toISOString().slice(0, 10) : String(p.period_start).slice(0, 10);
    const mark = (at: Date | null, result: string) =>
      app.ds.query(
        'UPDATE report_send SET sent_at = ?, result = ? WHERE schedule_id = ? AND period_start = ? AND user_id = ?',
        [at, result.slice(0, 300), p.schedule_id, periodStart, p.id],
      );
    const [s]: ScheduleRow[] = await app.ds.query(`SELECT ${COLUMNS} FROM report_schedule WHERE id = ?`, [
      p.schedule_id,
    ]);
    const subscribed: unknown[] = await app.ds.query(
      'SELECT 1 FROM report_recipient WHERE schedule_id = ? AND user_id = ?',
      [p.schedule_id, p.id],
    );
    if (subscribed.length === 0) {
      await mark(null, 'unsubscribed');
      continue;
    }
    if (!(await mayReceive(app.ds.manager, p, Number(s.customer_id)))) {
      await mark(null, 'skipped');
      continue;
    }
    try {
      // The period the row was recorded for (a retry after a restart reports that period, not a later one).
      await reportMail(app, p, s, periodFrom(s.frequency, periodStart), false);
      await mark(new Date(), 'sent');
      sent += 1;
    } catch (e) {
      await mark(null, `error: ${(e as Error).message}`);
      app.log.warn({ err: e, schedule: p.schedule_id }, 'report mail failed; retried on the next round');
    }
  }
  return sent;
}

const DAY = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period that starts on `start` (weekly: seven days; monthly: that calendar month) and the one before. */
function periodFrom(frequency: ReportFrequency, start: string): ReportPeriod {
  const t = Date.parse(`${start}T00:00:00Z`);
  if (frequency === 'weekly') {
    return { start, end: isoOf(t + 6 * DAY), previousStart: isoOf(t - 7 * DAY), previousEnd: isoOf(t - DAY) };
  }
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return {
    start,
    end: isoOf(Date.UTC(y, m + 1, 1) - DAY),
    previousStart: isoOf(Date.UTC(y, m - 1, 1)),
    previousEnd: isoOf(t - DAY),
  };
}

/** One-click unsubscribe from a report (signed link, no sign-in). */
export async function unsubscribeReport(app: AppContext, token: unknown) {
  const who = readReportUnsubscribeToken(app.config, token);
  if (!who) throw badRequest('This unsubscribe link is not valid.');
  await app.ds.query('DELETE FROM report_recipient WHERE schedule_id = ? AND user_id = ?', [
    who.scheduleId,
    who.userId,
  ]);
  return { message: 'You will no longer receive this report.' };
}
