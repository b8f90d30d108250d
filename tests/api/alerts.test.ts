import { todayIn } from '../../gateway/src/shared/status';
import { createMailer } from '../../gateway/src/shared/mailer';
import { evaluateAlerts } from '../../gateway/src/modules/alerts/evaluate';
import { alertRound } from '../../gateway/src/modules/alerts/alert.task';
import { takeLease } from '../../gateway/src/shared/lease';
import { SUPER_ADMIN, startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, type RecordsWorld } from '../support/records-fixtures';
import { startSmtpSink, type SmtpSink } from '../support/smtp';

// Alert rules on real MariaDB: each rule fires on a constructed world at a given time, mails its recipients
// once per episode, resolves when the condition clears; nothing crosses tenants (docs/operations.md#alerts).
let t: TestGateway;
let mail: SmtpSink;
let w: RecordsWorld;
const HOUR = 3_600_000;
const NOW = new Date();
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

const sql = (q: string, p: unknown[] = []) => t.gateway.app.ds.query(q, p);
const emailOf = async (userId: number) =>
  ((await sql('SELECT email FROM user WHERE id = ?', [userId])) as { email: string }[])[0].email;
const inbox = (token: string) => call(t.url, 'GET', '/api/alerts', { token });

beforeAll(async () => {
  mail = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: mail.url, PUBLIC_URL: 'http://app.test' });
  w = await buildRecordsWorld(t);
  // Tags created ten hours ago; no hit, no impression since: both tenants' tags are silent past 6 hours.
  await sql('UPDATE site_tag SET created_at = ?', [at(-10)]);
  await sql('UPDATE impression_tag SET created_at = ?', [at(-10)]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

test('new customers get the default rules, switched on, mailed to their admins; only those who see the customer read or edit them', async () => {
  const a = w.a.users.customer.admin;
  const rules = await call(t.url, 'GET', `/api/alerts/rules/customer/${w.a.customerId}`, { token: a.token });
  expect(rules.status).toBe(200);
  expect(rules.body.map((r: any) => [r.kind, r.enabled, r.threshold])).toEqual([
    ['site_tag_silent', true, 6],
    ['impression_tag_silent', true, 6],
    ['visits_collapsed', true, 50],
    ['under_delivery', true, 20],
    ['invalid_traffic_share', true, 10],
  ]);
  expect(rules.body[0].recipient_ids).toEqual([a.userId]);

  // Another tenant's users get the 404 of an unknown customer or rule, for reading and for editing.
  const b = w.b.users.customer.admin;
  expect((await call(t.url, 'GET', `/api/alerts/rules/customer/${w.a.customerId}`, { token: b.token })).status).toBe(
    404,
  );
  const put = await call(t.url, 'PUT', `/api/alerts/rules/${rules.body[0].id}`, {
    token: b.token,
    body: { enabled: false },
  });
  expect(put.status).toBe(404);
  const g = await gql(
    t.url,
    'mutation { updateAlertRule(id: ' + rules.body[0].id + ', input: { enabled: false }) { id } }',
    {},
    b.token,
  );
  expect(g.errors?.[0].extensions?.code).toBe('NOT_FOUND');

  // A recipient who may not see the customer is refused (400 naming the field); bad thresholds too.
  const foreign = await call(t.url, 'PUT', `/api/alerts/rules/${rules.body[0].id}`, {
    token: a.token,
    body: { recipient_ids: [a.userId, b.userId] },
  });
  expect(foreign.status).toBe(400);
  expect(foreign.body.fields.recipient_ids).toBeDefined();
  const bad = await call(t.url, 'PUT', `/api/alerts/rules/${rules.body[0].id}`, {
    token: a.token,
    body: { threshold: 0 },
  });
  expect(bad.status).toBe(400);
  expect(bad.body.fields.threshold).toBeDefined();

  // The agency related to tenant a may edit a's campaigns, so it may edit a's rules and be a recipient.
  const agency = w.a.users.agency.user;
  const ok = await call(t.url, 'PUT', `/api/alerts/rules/${rules.body[0].id}`, {
    token: agency.token,
    body: { recipient_ids: [a.userId, agency.userId] },
  });
  expect(ok.status).toBe(200);
  expect(ok.body.recipient_ids).toEqual([a.userId, agency.userId].sort((x, y) => x - y));

  // The customer's admin cannot add the agency's other users or the system's administrators by guessing their ids
  // (they are not among its choices), but keeps the agency user the agency chose when it edits the rule.
  const [superAdmin]: { id: number }[] = await sql("SELECT id FROM user WHERE entity_type = 'SYSTEM' LIMIT 1");
  for (const guessed of [w.a.users.agency.admin.userId, Number(superAdmin.id)]) {
    const added = await call(t.url, 'PUT', `/api/alerts/rules/${rules.body[0].id}`, {
      token: a.token,
      body: { recipient_ids: [a.userId, agency.userId, guessed] },
    });
    expect({ guessed, status: added.status, field: Boolean(added.body.fields?.recipient_ids) }).toEqual({
      guessed,
      status: 400,
      field: true,
    });
  }
  const kept = await call(t.url, 'PUT', `/api/alerts/rules/${rules.body[0].id}`, {
    token: a.token,
    body: { recipient_ids: [agency.userId, a.userId], enabled: true },
  });
  expect([kept.status, kept.body.recipient_ids]).toEqual([200, [a.userId, agency.userId].sort((x, y) => x - y)]);
});

test('a silent site tag opens one episode per tenant, mails each recipient once, shows in the bell and resolves on the next hit', async () => {
  const r = await evaluateAlerts(t.gateway.app, NOW);
  expect(r.opened).toBeGreaterThanOrEqual(4); // site and impression tag of both tenants
  const aAdmin = await emailOf(w.a.users.customer.admin.userId);
  const agency = await emailOf(w.a.users.agency.user.userId);
  const bAdmin = await emailOf(w.b.users.customer.admin.userId);
  const siteMail = await mail.waitFor((m) => m.to.includes(aAdmin) && m.subject.includes('Site tag'));
  expect(siteMail.subject).toBe('Infinitum alert for Alpha Customer: Site tag "Alpha Home" silent for 6 hours');
  expect(siteMail.text).toContain(`http://app.test/dashboard?customer=${w.a.customerId}&site=${w.a.siteTagId}`);
  expect(siteMail.raw).toMatch(/List-Unsubscribe:\s*<http:\/\/app\.test\/api\/alerts\/unsubscribe\?token=/);
  expect(siteMail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  await mail.waitFor((m) => m.to.includes(agency) && m.subject.includes('Site tag "Alpha Home"'));
  await mail.waitFor((m) => m.to.includes(bAdmin) && m.subject.includes('Site tag "Bravo Home"'));
  // Nobody is mailed about the other tenant.
  expect(mail.to(bAdmin).some((m) => m.subject.includes('Alpha'))).toBe(false);
  expect(mail.to(aAdmin).some((m) => m.subject.includes('Bravo'))).toBe(false);

  // The bell of a's customer user: a's alerts only, unread, linking to the view of the problem.
  const bell = await inbox(w.a.users.customer.user.token);
  expect(bell.status).toBe(200);
  expect(bell.body.alerts.every((x: any) => x.customer_id === w.a.customerId)).toBe(true);
  const site = bell.body.alerts.find((x: any) => x.kind === 'site_tag_silent');
  expect(site).toMatchObject({
    link: `/dashboard?customer=${w.a.customerId}&site=${w.a.siteTagId}`,
    read: false,
    resolved_at: null,
  });
  const imp = bell.body.alerts.find((x: any) => x.kind === 'impression_tag_silent');
  expect(imp.link).toBe(`/dashboard?customer=${w.a.customerId}&booking=${w.a.bookingId}`);
  expect(bell.body.unread).toBe(bell.body.alerts.length);

  // Evaluating again while the tag stays silent: no second episode, no second mail.
  const again = await evaluateAlerts(t.gateway.app, at(1));
  expect(again.opened).toBe(0);
  expect(mail.to(aAdmin).filter((m) => m.subject.includes('Site tag'))).toHaveLength(1);

  // A hit arrives: the episode resolves by itself.
  await sql(
    "INSERT INTO site_hit (event_id, customer_id, site_tag_id, household_id, ts, region) VALUES ('h1', ?, ?, 1, ?, 'AUK')",
    [w.a.customerId, w.a.siteTagId, at(1.5)],
  );
  await evaluateAlerts(t.gateway.app, at(2));
  const after = await inbox(w.a.users.customer.user.token);
  expect(after.body.alerts.find((x: any) => x.id === site.id).resolved_at).toBe(at(2).toISOString());

  // Silent again 8 hours later, but within the 24-hour quiet period: nothing new; after it, a new episode.
  expect((await evaluateAlerts(t.gateway.app, at(9))).opened).toBe(0);
  await evaluateAlerts(t.gateway.app, at(27));
  await mail.waitFor((m) => m.to.includes(aAdmin) && m.subject.includes('Site tag') && m !== siteMail);
  expect(mail.to(aAdmin).filter((m) => m.subject.includes('Site tag'))).toHaveLength(2);

  // Mark read: the count falls for that user only.
  const unreadBefore = (await inbox(w.a.users.customer.user.token)).body.unread;
  const read = await call(t.url, 'POST', '/api/alerts/read', {
    token: w.a.users.customer.user.token,
    body: { ids: [site.id] },
  });
  expect(read.status).toBe(200);
  expect(read.body.unread).toBe(unreadBefore - 1);
  expect((await inbox(w.a.users.customer.admin.token)).body.alerts.find((x: any) => x.id === site.id).read).toBe(false);
  // Another tenant cannot mark (or see) a's alerts.
  await call(t.url, 'POST', '/api/alerts/read', { token: w.b.users.customer.user.token, body: { ids: [imp.id] } });
  expect((await sql('SELECT COUNT(*) AS n FROM alert_read WHERE episode_id = ?', [imp.id]))[0].n).toBe(0);
  expect(
    (await call(t.url, 'POST', '/api/alerts/read', { token: w.a.users.customer.user.token, body: { ids: 'x' } }))
      .status,
  ).toBe(400);
});

test('an impression tag silent while its booking is live fires and resolves on an impression', async () => {
  const open = async () =>
    (await inbox(w.b.users.customer.admin.token)).body.alerts.filter(
      (x: any) => x.kind === 'impression_tag_silent' && x.resolved_at === null,
    );
  expect(await open()).toHaveLength(1);
  const day = todayIn('Pacific/Auckland', at(27));
  await sql(
    `INSERT INTO impression_event (event_id, customer_id, impression_tag_id, booking_id, campaign_id, creative_id, channel_id,
       household_id, ts, local_date, weekday, daypart, region) VALUES ('i1', ?, ?, ?, ?, ?, ?, 7, ?, ?, 1, 1, 'AUK')`,
    [
      w.b.customerId,
      w.b.impressionTagId,
      w.b.bookingId,
      w.b.campaignId,
      w.b.creativeId,
      w.b.broadcasterChannelId,
      at(27),
      day,
    ],
  );
  await evaluateAlerts(t.gateway.app, at(28));
  expect(await open()).toHaveLength(0);
  // Switching the rule off resolves what it had open and opens nothing.
  const rules = await call(t.url, 'GET', `/api/alerts/rules/customer/${w.a.customerId}`, {
    token: w.a.users.customer.admin.token,
  });
  const rule = rules.body.find((r: any) => r.kind === 'impression_tag_silent');
  await call(t.url, 'PUT', `/api/alerts/rules/${rule.id}`, {
    token: w.a.users.customer.admin.token,
    body: { enabled: false },
  });
  await evaluateAlerts(t.gateway.app, at(29));
  const aOpen = (await inbox(w.a.users.customer.admin.token)).body.alerts.filter(
    (x: any) => x.kind === 'impression_tag_silent' && x.resolved_at === null,
  );
  expect(aOpen).toHaveLength(0);
});

test('visits below the four-week same-weekday baseline fire above the minimum volume and resolve when a day recovers', async () => {
  const now = at(30);
  const yesterday = new Date(Date.parse(`${todayIn('Pacific/Auckland', now)}T00:00:00Z`) - 86_400_000);
  const day = (n: number) => new Date(yesterday.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const visits = async (customerId: number, date: string, n: number) => {
    if (n === 0) return;
    const rows = Array.from({ length: n }, (_, i) => [
      customerId,
      i + 1,
      `${date} 10:00:00`,
      `${date} 10:05:00`,
      date,
      'AUK',
      1,
    ]);
    await sql(
      `INSERT INTO visit (customer_id, household_id, start_ts, end_ts, local_date, region, hits) VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      rows.flat(),
    );
  };
  for (const n of [-7, -14, -21, -28]) {
    await visits(w.a.customerId, day(n), 60); // baseline 60 a day: above the minimum of 50
    await visits(w.b.customerId, day(n), 5); // baseline 5: below it, nobody is paged
  }
  await visits(w.a.customerId, day(0), 10); // 83% down
  await evaluateAlerts(t.gateway.app, now);
  const open = async (token: string) =>
    (await inbox(token)).body.alerts.filter((x: any) => x.kind === 'visits_collapsed' && x.resolved_at === null);
  const [alert] = await open(w.a.users.customer.admin.token);
  expect(alert.title).toBe(`Visits down 83% on ${day(0)}`);
  expect(alert.detail).toBe(`10 visits on ${day(0)} against 60 on the same weekday of the four weeks before.`);
  expect(await open(w.b.users.customer.admin.token)).toHaveLength(0);
  const aAdmin = await emailOf(w.a.users.customer.admin.userId);
  await mail.waitFor((m) => m.to.includes(aAdmin) && m.subject.includes('Visits down 83%'));

  // The next day (a new "yesterday", same weekday baseline of day -6 etc. is empty: below the minimum) clears it.
  await evaluateAlerts(t.gateway.app, new Date(now.getTime() + 24 * HOUR));
  expect(await open(w.a.users.customer.admin.token)).toHaveLength(0);
});

test('two evaluators at once: one holds the lease, one round runs, one mail goes; a lapsed lease moves', async () => {
  // A fresh silent episode to mail: re-enable and re-silence a's impression tag well after the quiet period.
  const rules = await call(t.url, 'GET', `/api/alerts/rules/customer/${w.a.customerId}`, {
    token: w.a.users.customer.admin.token,
  });
  const rule = rules.body.find((r: any) => r.kind === 'impression_tag_silent');
  await call(t.url, 'PUT', `/api/alerts/rules/${rule.id}`, {
    token: w.a.users.customer.admin.token,
    body: { enabled: true },
  });
  const aAdmin = await emailOf(w.a.users.customer.admin.userId);
  const before = mail.to(aAdmin).filter((m) => m.subject.includes('Impression tag')).length;

  const [one, two] = await Promise.all([
    alertRound(t.gateway.app, 'gateway-one', 60_000, at(60)),
    alertRound(t.gateway.app, 'gateway-two', 60_000, at(60)),
  ]);
  expect([one, two].filter(Boolean)).toHaveLength(1);
  await mail
    .waitFor((m) => m.to.includes(aAdmin) && m.subject.includes('Impression tag'), 10_000)
    .catch(() => undefined);
  await new Promise((r) => setTimeout(r, 300));
  expect(mail.to(aAdmin).filter((m) => m.subject.includes('Impression tag'))).toHaveLength(before + 1);
  const runs = await sql('SELECT owner, result FROM alert_run');
  expect(runs).toHaveLength(1);
  expect(runs[0].result).toBe('ok');

  // The holder keeps it; the other takes it only once it lapses.
  const holder = one ? 'gateway-one' : 'gateway-two';
  const other = one ? 'gateway-two' : 'gateway-one';
  expect(await takeLease(t.gateway.app.ds, 'alerts', other, 60_000)).toBe(false);
  expect(await takeLease(t.gateway.app.ds, 'alerts', holder, 1)).toBe(true);
  await new Promise((r) => setTimeout(r, 20));
  expect(await takeLease(t.gateway.app.ds, 'alerts', other, 60_000)).toBe(true);
});

test("unsubscribe: opening the link only asks; POST (the button or RFC 8058 one-click) stops that recipient's mails; a forged link is refused", async () => {
  const aAdmin = await emailOf(w.a.users.customer.admin.userId);
  const m = mail.to(aAdmin).find((x) => x.subject.includes('Site tag'))!;
  const url = /List-Unsubscribe:\s*<([^>]+)>/.exec(m.raw)![1];
  const token = new URL(url).searchParams.get('token')!;
  const forged = await call(t.url, 'POST', `/api/alerts/unsubscribe?token=${token.slice(0, -2)}xx`);
  expect(forged.status).toBe(400);
  expect(forged.body).toContain('This unsubscribe link is not valid');
  const recipientsOfSiteRule = async () =>
    (
      await call(t.url, 'GET', `/api/alerts/rules/customer/${w.a.customerId}`, {
        token: w.a.users.customer.admin.token,
      })
    ).body.find((r: any) => r.kind === 'site_tag_silent').recipient_ids;

  // A mail scanner prefetching the link (GET, twice) unsubscribes nobody: it sees a page with a button that POSTs.
  for (let i = 0; i < 2; i += 1) {
    const page = await fetch(`${t.url}/api/alerts/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Unsubscribe from this alert?');
    expect(html).toMatch(/<form method="post" action="\?token=[^"]+">/);
    expect(html).not.toContain('<script');
  }
  expect(await recipientsOfSiteRule()).toContain(w.a.users.customer.admin.userId);
  const res = await fetch(`${t.url}/api/alerts/unsubscribe?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('You are unsubscribed');
  expect(await recipientsOfSiteRule()).not.toContain(w.a.users.customer.admin.userId);
});

test('a send that fails (SMTP down, or a process gone mid-send) is retried on the next round, once', async () => {
  const app = t.gateway.app;
  const working = app.mailer;
  const bAdmin = await emailOf(w.b.users.customer.admin.userId);
  const before = mail.to(bAdmin).length;
  // SMTP unreachable while b's site tag episode opens (a port nothing listens on).
  app.mailer = createMailer('smtp://127.0.0.1:9', 'Infinitum <no-reply@infinitum.local>');
  await sql(
    "UPDATE alert_episode SET open_key = NULL, resolved_at = ? WHERE customer_id = ? AND kind = 'site_tag_silent'",
    [at(40), w.b.customerId],
  );
  const failed = await evaluateAlerts(app, at(100));
  expect(failed.opened).toBeGreaterThanOrEqual(1);
  const [episode] = await sql(
    "SELECT id FROM alert_episode WHERE customer_id = ? AND kind = 'site_tag_silent' AND open_key IS NOT NULL",
    [w.b.customerId],
  );
  const [row] = await sql('SELECT sent_at, result FROM alert_send WHERE episode_id = ?', [episode.id]);
  expect(row.sent_at).toBeNull();
  expect(row.result).toMatch(/^error: /);
  // SMTP back: the next round sends it, and the one after sends nothing more.
  app.mailer = working;
  expect((await evaluateAlerts(app, at(101))).mailed).toBeGreaterThanOrEqual(1);
  expect((await evaluateAlerts(app, at(102))).mailed).toBe(0);
  await mail.waitFor(
    (m) => m.to.includes(bAdmin) && m.subject.includes('Site tag "Bravo Home"') && mail.to(bAdmin).indexOf(m) >= before,
  );
  expect(
    mail
      .to(bAdmin)
      .slice(before)
      .filter((m) => m.subject.includes('Site tag')),
  ).toHaveLength(1);
  const [sent] = await sql('SELECT sent_at, result FROM alert_send WHERE episode_id = ?', [episode.id]);
  expect(sent.result).toBe('sent');
});

test('Monitoring: the super admin sees the latest evaluations and mails (when, what, to whom, result); nobody else does', async () => {
  const superToken = (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.access_token;
  const q = `{ alertActivity { runs { id owner started_at opened resolved mailed result }
    sends { kind customer_id customer_name what email sent_at result } } }`;
  const g = await gql(t.url, q, {}, superToken);
  expect(g.errors).toBeUndefined();
  const { runs, sends } = g.data.alertActivity;
  const recorded = await sql('SELECT id, owner, opened, mailed, result FROM alert_run ORDER BY started_at DESC');
  expect(runs.map((r: any) => [r.id, r.owner, r.opened, r.mailed, r.result])).toEqual(
    recorded.map((r: any) => [Number(r.id), r.owner, Number(r.opened), Number(r.mailed), r.result]),
  );
  // Each mail the catcher received for a's admin shows as sent, with its title, address and time.
  const aAdmin = await emailOf(w.a.users.customer.admin.userId);
  const toA = sends.filter((s: any) => s.email === aAdmin && s.result === 'sent');
  expect(toA.length).toBeGreaterThan(0);
  for (const s of toA) {
    expect(s.kind).toBe('alert');
    expect(s.customer_name).toBe('Alpha Customer');
    expect(mail.to(aAdmin).some((m) => m.subject.endsWith(s.what))).toBe(true);
    expect(Number.isNaN(Date.parse(s.sent_at))).toBe(false);
  }
  // The failed-then-retried send of b shows its final result.
  expect(sends.every((s: any) => typeof s.result === 'string' && s.result.length > 0)).toBe(true);
  const denied = await gql(t.url, q, {}, w.a.users.customer.admin.token);
  expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
});
