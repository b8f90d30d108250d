import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { makeUser } from '../support/actors';
import { SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { startPipelineGateway, superAdminToken } from '../support/pipeline';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { seedDemoTraffic } from '../e2e/demo-traffic';
import { runDueReports } from '../../gateway/src/modules/reports/report.service';
import { reportRound } from '../../gateway/src/modules/reports/report.task';

// Scheduled reports on real MariaDB/Redis with traffic through ingest and the ETL (docs/operations.md#scheduled-reports):
// the mail's numbers equal the dashboard API's for the same period, each period goes once however many
// schedulers run, missed runs are caught up once, "Send now" previews to the caller only.
jest.setTimeout(240_000);

let t: TestGateway;
let mail: SmtpSink;
let customerId: number;
let admin: Awaited<ReturnType<typeof makeUser>>;
let outsider: Awaited<ReturnType<typeof makeUser>>;
let scheduleId: number;
const DAY = 86_400_000;
const NOW = new Date();
const today = NOW.toISOString().slice(0, 10);
const isoDay = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekday = NOW.getUTCDay() === 0 ? 7 : NOW.getUTCDay();

// This gateway runs its background tasks (WORKER=1): their first round would come after an hour, so the
// rounds here are the test's own.
const saved = { reports: process.env.REPORT_INTERVAL_MS, alerts: process.env.ALERT_INTERVAL_MS };
beforeAll(async () => {
  process.env.REPORT_INTERVAL_MS = '3600000';
  process.env.ALERT_INTERVAL_MS = '3600000';
  mail = await startSmtpSink();
  t = await startPipelineGateway({ SMTP_URL: mail.url, PUBLIC_URL: 'http://app.test' });
  await seedDemoTraffic(t); // impressions 1 to 5 days back
  const ids: { id: number }[] = await t.gateway.app.ds.query('SELECT id FROM customer ORDER BY id');
  customerId = Number(ids[0].id);
  admin = await makeUser(t, { entityType: 'CUSTOMER', entityId: customerId, admin: true });
  outsider = await makeUser(t, { entityType: 'CUSTOMER', entityId: Number(ids[1].id), admin: true });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
  for (const [k, v] of [
    ['REPORT_INTERVAL_MS', saved.reports],
    ['ALERT_INTERVAL_MS', saved.alerts],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** The PDF attached to a mail (base64 MIME part), checked to be a PDF, as its extracted text. */
function pdfText(raw: string): string {
  const part = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  expect(part).not.toBeNull();
  const data = Buffer.from(part![1].replace(/\s+/g, ''), 'base64');
  expect(data.subarray(0, 5).toString()).toBe('%PDF-');
  // pdf-parse loads pdf.js's worker by dynamic import, which Jest's module sandbox refuses: read it in plain node.
  const script =
    "const { PDFParse } = require('pdf-parse');" +
    "const chunks = []; process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {" +
    'const p = new PDFParse({ data: Buffer.concat(chunks) }); const r = await p.getText(); await p.destroy();' +
    'process.stdout.write(r.text); });';
  return execFileSync(process.execPath, ['-e', script], { input: data, encoding: 'utf8' });
}

/** The .xlsx attached to a mail (base64 MIME part), read with exceljs. */
async function workbookOf(raw: string): Promise<ExcelJS.Workbook> {
  // The part named after the dashboard export (its Content-Type header may be folded over lines).
  const part = /Infinitum_Dashboard_[^\r\n]*\.xlsx[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  expect(part).not.toBeNull();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(part![1].replace(/\s+/g, ''), 'base64') as unknown as ArrayBuffer);
  return book;
}

const mailsTo = (email: string) => mail.to(email).filter((m) => m.subject.includes('weekly report'));

test('a schedule is kept by those who see the customer; bad input is a 400 naming the field, another tenant a 404', async () => {
  const body = {
    customer_id: customerId,
    frequency: 'weekly',
    day: weekday,
    hour: 0,
    time_zone: 'UTC',
    recipient_ids: [admin.actor.userId],
  };
  const bad = await call(t.url, 'POST', '/api/reports/schedules', { token: admin.token, body: { ...body, day: 8 } });
  expect(bad.status).toBe(400);
  expect(bad.body.fields.day).toBeDefined();
  const zone = await call(t.url, 'POST', '/api/reports/schedules', {
    token: admin.token,
    body: { ...body, time_zone: 'Mars/Base' },
  });
  expect(zone.body.fields.time_zone).toBeDefined();
  const foreign = await call(t.url, 'POST', '/api/reports/schedules', {
    token: admin.token,
    body: { ...body, recipient_ids: [outsider.actor.userId] },
  });
  expect(foreign.status).toBe(400);
  expect(foreign.body.fields.recipient_ids).toBeDefined();
  // A system administrator sees every customer, but is not among a customer admin's choices: a guessed id is refused.
  const system = await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true });
  const guessed = await call(t.url, 'POST', '/api/reports/schedules', {
    token: admin.token,
    body: { ...body, recipient_ids: [admin.actor.userId, system.actor.userId] },
  });
  expect([guessed.status, Boolean(guessed.body.fields?.recipient_ids)]).toEqual([400, true]);
  expect((await call(t.url, 'POST', '/api/reports/schedules', { token: outsider.token, body })).status).toBe(404);

  const created = await call(t.url, 'POST', '/api/reports/schedules', { token: admin.token, body });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ frequency: 'weekly', day: weekday, hour: 0, time_zone: 'UTC', enabled: true });
  scheduleId = created.body.id;
  expect(
    (await call(t.url, 'GET', `/api/reports/schedules/customer/${customerId}`, { token: outsider.token })).status,
  ).toBe(404);
  expect(
    (await call(t.url, 'PUT', `/api/reports/schedules/${scheduleId}`, { token: outsider.token, body: { hour: 3 } }))
      .status,
  ).toBe(404);
  expect(
    (await call(t.url, 'POST', `/api/reports/schedules/${scheduleId}/send-now`, { token: outsider.token })).status,
  ).toBe(404);
  // Created now: today's midnight run came before it, so nothing is due yet.
  expect(await runDueReports(t.gateway.app, NOW)).toBe(0);
});

test("the report's numbers equal the dashboard API's for the same period, with the change against the period before", async () => {
  // The schedule as if it existed a day earlier: today's 00:00 UTC run is due, reporting the seven days before.
  await t.gateway.app.ds.query('UPDATE report_schedule SET created_at = ? WHERE id = ?', [
    new Date(NOW.getTime() - DAY),
    scheduleId,
  ]);
  const [one, two] = await Promise.all([
    reportRound(t.gateway.app, 'scheduler-one', 60_000, NOW),
    reportRound(t.gateway.app, 'scheduler-two', 60_000, NOW),
  ]);
  expect([one, two].filter(Boolean)).toHaveLength(1);
  const m = await mail.waitFor((x) => x.to.includes(admin.email) && x.subject.includes('weekly report'));
  expect(m.subject).toContain(`${isoDay(-7)} to ${isoDay(-1)}`);
  const api = async (start: string, end: string) =>
    (
      await call(t.url, 'POST', '/api/dashboard/impression_summary', {
        token: admin.token,
        body: { client_id: customerId, startdate: start, enddate: end },
      })
    ).body.summary_data;
  const now = await api(isoDay(-7), isoDay(-1));
  const before = await api(isoDay(-14), isoDay(-8));
  expect(now.Actual_Impressions).toBeGreaterThan(0);
  const text = m.text.replace(/\n/g, ' ');
  expect(text).toContain(`Impressions: ${Math.round(now.Actual_Impressions).toLocaleString('en-NZ')} (`);
  expect(text).toContain(`Ad spend: $${now.Ad_Spend.toFixed(2)} (`);
  expect(text).toContain(`Responses: ${Math.round(now.Total_Responses).toLocaleString('en-NZ')} (`);
  expect(text).toContain(`CPM: $${now.CPM_Actual.toFixed(2)} (`);
  expect(before.Actual_Impressions).toBe(0);
  expect(text).toContain('(n/a vs 0)');
  expect(m.raw).toMatch(/List-Unsubscribe:\s*<http:\/\/app\.test\/api\/reports\/unsubscribe\?token=/);
  // The PDF summary parses and holds the same headline numbers.
  const pdf = pdfText(m.raw).replace(/\s+/g, ' ');
  expect(pdf).toContain(`${isoDay(-7)} to ${isoDay(-1)}`);
  expect(pdf).toContain(`Impressions ${Math.round(now.Actual_Impressions).toLocaleString('en-NZ')}`);
  expect(pdf).toContain(`Ad spend $${now.Ad_Spend.toFixed(2)}`);
  expect(pdf).toContain(`CPM $${now.CPM_Actual.toFixed(2)}`);
  // The dashboard workbook (the client's export builder) is attached: its summary equals the API's for the period,
  // and it has the dashboard's sheets.
  const book = await workbookOf(m.raw);
  const summary = book.getWorksheet('Impressions Summary')!;
  const headers = (summary.getRow(1).values as unknown[]).slice(1);
  const values = (summary.getRow(2).values as unknown[]).slice(1);
  const sheetSummary = Object.fromEntries(headers.map((h, i) => [String(h), values[i]]));
  for (const key of [
    'Ad_Spend',
    'Actual_Impressions',
    'Total_Responses',
    'CPM_Actual',
    'Response_Rate',
    'Current_CPR',
  ]) {
    expect([key, sheetSummary[key]]).toEqual([key, now[key]]);
  }
  expect(book.worksheets.map((ws) => ws.name)).toEqual(
    expect.arrayContaining(['Impressions Summary', 'Responses By Region', 'Responses Over Time', 'Annotations']),
  );
  const overTime = (
    await call(t.url, 'POST', '/api/dashboard/responses_over_time', {
      token: admin.token,
      body: { client_id: customerId, startdate: isoDay(-7), enddate: isoDay(-1) },
    })
  ).body.table_data;
  expect(book.getWorksheet('Responses Over Time')!.rowCount - 1).toBe(overTime.length);

  // Another round, another scheduler (the lease lapsed): the period went already, nothing twice.
  await t.gateway.app.ds.query("UPDATE task_lease SET expires_at = '2000-01-01' WHERE name = 'reports'");
  expect(await reportRound(t.gateway.app, 'scheduler-two', 60_000, new Date(NOW.getTime() + 3_600_000))).toBe(true);
  await new Promise((r) => setTimeout(r, 300));
  expect(mailsTo(admin.email)).toHaveLength(1);
});

test('runs missed while nothing ran are caught up once, with the latest period', async () => {
  // Two weekly runs missed: the round 15 days later sends one report, of the latest week.
  const later = new Date(NOW.getTime() + 15 * DAY);
  expect(await runDueReports(t.gateway.app, later)).toBe(1);
  expect(await runDueReports(t.gateway.app, later)).toBe(0);
  const latest = mailsTo(admin.email).at(-1)!;
  const run = new Date(Date.parse(`${today}T00:00:00Z`) + 14 * DAY);
  const start = new Date(run.getTime() - 7 * DAY).toISOString().slice(0, 10);
  expect(latest.subject).toContain(`${start} to`);
  expect(mailsTo(admin.email)).toHaveLength(2);
});

test('"Send now" mails a preview to the caller only; the signed link unsubscribes', async () => {
  const res = await call(t.url, 'POST', `/api/reports/schedules/${scheduleId}/send-now`, { token: admin.token });
  expect(res.status).toBe(200);
  await mail.waitFor((x) => x.to.includes(admin.email) && x.subject.startsWith('[Preview]'));
  const m = mailsTo(admin.email)[0];
  const url = /List-Unsubscribe:\s*<([^>]+)>/.exec(m.raw)![1];
  const token = new URL(url).searchParams.get('token')!;
  expect((await call(t.url, 'POST', `/api/reports/unsubscribe?token=x${token}`)).status).toBe(400);
  // Opening the link (what a mail scanner does) only shows the confirmation page.
  const page = await fetch(`${t.url}/api/reports/unsubscribe?token=${token}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Unsubscribe from this report?');
  const before = await call(t.url, 'GET', `/api/reports/schedules/customer/${customerId}`, { token: admin.token });
  expect(before.body[0].recipient_ids).toContain(admin.actor.userId);
  const done = await call(t.url, 'POST', `/api/reports/unsubscribe?token=${token}`);
  expect(done.status).toBe(200);
  expect(done.body).toContain('You are unsubscribed');
  const list = await call(t.url, 'GET', `/api/reports/schedules/customer/${customerId}`, { token: admin.token });
  expect(list.body[0].recipient_ids).toEqual([]);
});

test("the recipient choices are the editor's own organisation's users and the customer's, never a third party's", async () => {
  const q = '{ mailRecipientOptions(customer_id: %ID%) { id name email } }'.replace('%ID%', String(customerId));
  const entities = async (ids: number[]) =>
    (
      (await t.gateway.app.ds.query('SELECT entity_type, entity_id FROM user WHERE id IN (?)', [ids])) as {
        entity_type: string;
        entity_id: number;
      }[]
    ).map((u) => `${u.entity_type}:${u.entity_id}`);
  const byAdmin = await gql(t.url, q, {}, admin.token);
  expect(byAdmin.errors).toBeUndefined();
  const mine = byAdmin.data.mailRecipientOptions as { id: number; email: string }[];
  expect(mine.length).toBeGreaterThan(0);
  expect(new Set(await entities(mine.map((u) => u.id)))).toEqual(new Set([`CUSTOMER:${customerId}`]));
  expect(mine.map((u) => u.email)).not.toContain(SUPER_ADMIN.email);
  // The super admin chooses among the system's users and the customer's.
  const bySystem = await gql(t.url, q, {}, await superAdminToken(t));
  const theirs = bySystem.data.mailRecipientOptions as { id: number; email: string }[];
  expect(theirs.map((u) => u.email)).toContain(SUPER_ADMIN.email);
  expect(new Set(await entities(theirs.map((u) => u.id)))).toEqual(new Set(['SYSTEM:0', `CUSTOMER:${customerId}`]));
  // Another customer's admin may not ask at all.
  const refused = await gql(t.url, q, {}, outsider.token);
  expect(refused.data?.mailRecipientOptions ?? null).toBeNull();
});

test('"Send now" with the mail server down answers a 503 that says so, on REST and GraphQL, not a 500', async () => {
  await mail.close();
  const res = await call(t.url, 'POST', `/api/reports/schedules/${scheduleId}/send-now`, { token: admin.token });
  expect([res.status, res.body.message]).toEqual([
    503,
    'The mail server is not answering: the report was not sent. Try again later.',
  ]);
  const g = await gql(t.url, `mutation { sendReportNow(id: ${scheduleId}) { message } }`, {}, admin.token);
  expect(g.errors?.[0].extensions?.code).toBe('UNAVAILABLE');
});
