import { todayIn } from '../../gateway/src/shared/status';
import { evaluateAlerts } from '../../gateway/src/modules/alerts/evaluate';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, type RecordsWorld } from '../support/records-fixtures';
import { startSmtpSink, type SmtpSink } from '../support/smtp';

// The under_delivery and invalid_traffic_share rules (docs/operations.md#alerts) on real MariaDB: each fires on a
// constructed world, for its customer only, and resolves when the condition clears; bookings carry the plan.
let t: TestGateway;
let mail: SmtpSink;
let w: RecordsWorld;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const NOW = new Date();
const ZONE = 'Pacific/Auckland';
const TODAY = todayIn(ZONE, NOW);
const day = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const sql = (q: string, p: unknown[] = []) => t.gateway.app.ds.query(q, p);
const emailOf = async (userId: number) =>
  ((await sql('SELECT email FROM user WHERE id = ?', [userId])) as { email: string }[])[0].email;
const openAlerts = async (token: string, kind: string) =>
  (await call(t.url, 'GET', '/api/alerts', { token })).body.alerts.filter(
    (x: any) => x.kind === kind && x.resolved_at === null,
  );

let serial = 0;
/** `n` impressions of a tenant's booking at `ts` on local date `date`. */
async function impressions(tenant: RecordsWorld['a'], n: number, date: string, ts: Date) {
  const rows = Array.from({ length: n }, () => [
    `pace-${(serial += 1)}`,
    tenant.customerId,
    tenant.impressionTagId,
    tenant.bookingId,
    tenant.campaignId,
    tenant.creativeId,
    tenant.broadcasterChannelId,
    serial,
    ts,
    date,
  ]);
  await sql(
    `INSERT INTO impression_event (event_id, customer_id, impression_tag_id, booking_id, campaign_id, creative_id,
       channel_id, household_id, ts, local_date, weekday, daypart, region)
     VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1, 'AUK')").join(', ')}`,
    rows.flat(),
  );
}

/** `n` invalid impressions (bots) of a tenant's booking at `ts`. */
async function invalid(tenant: RecordsWorld['a'], n: number, ts: Date) {
  const rows = Array.from({ length: n }, () => [
    tenant.customerId,
    `ivt-${(serial += 1)}`,
    tenant.impressionTagId,
    tenant.bookingId,
    serial,
    ts,
    TODAY,
  ]);
  await sql(
    `INSERT INTO invalid_event (customer_id, event_id, kind, tag_id, booking_id, household_id, ts, local_date, reason)
     VALUES ${rows.map(() => "(?, ?, 'i', ?, ?, ?, ?, ?, 'bot')").join(', ')}`,
    rows.flat(),
  );
}

beforeAll(async () => {
  mail = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: mail.url, PUBLIC_URL: 'http://app.test' });
  w = await buildRecordsWorld(t);
  // Both bookings run 20 days, ten of them elapsed (today is the 11th).
  await sql('UPDATE booking SET start_date = ?, end_date = ?', [day(-10), day(9)]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

test('planned impressions: optional on a booking, a whole number above 0, through REST and GraphQL', async () => {
  const token = w.a.users.customer.admin.token;
  const put = (body: Record<string, unknown>) => call(t.url, 'PUT', `/api/bookings/${w.a.bookingId}`, { token, body });
  const list = await call(t.url, 'GET', `/api/bookings/customer/${w.a.customerId}`, { token });
  expect(list.body.find((b: any) => b.id === w.a.bookingId).planned_impressions).toBeNull();
  for (const bad of [0, -5, 1.5, 'many', 3_000_000_000]) {
    const r = await put({ planned_impressions: bad });
    expect([bad, r.status]).toEqual([bad, 400]);
    expect(r.body.fields.planned_impressions).toBe('Planned impressions must be a whole number above 0, or empty');
  }
  const ok = await put({ planned_impressions: 2000 });
  expect(ok.status).toBe(200);
  expect(ok.body.planned_impressions).toBe(2000);
  // Other fields sent without the plan keep it; null clears it.
  expect((await put({ cpm: 13 })).body.planned_impressions).toBe(2000);
  expect((await put({ planned_impressions: null })).body.planned_impressions).toBeNull();
  const g = await gql(
    t.url,
    `mutation { updateBooking(id: ${w.a.bookingId}, input: { planned_impressions: 2000 }) { planned_impressions } }`,
    {},
    token,
  );
  expect(g.errors).toBeUndefined();
  expect(g.data.updateBooking.planned_impressions).toBe(2000);
  const bad = await gql(
    t.url,
    `mutation { updateBooking(id: ${w.a.bookingId}, input: { planned_impressions: 0 }) { id } }`,
    {},
    token,
  );
  expect(bad.errors?.[0].extensions?.code).toBe('VALIDATION');
});

test('new rules are on by default for every customer: under_delivery 20 %, invalid_traffic_share 10 % over 1000', async () => {
  const rules = await call(t.url, 'GET', `/api/alerts/rules/customer/${w.b.customerId}`, {
    token: w.b.users.customer.admin.token,
  });
  expect(
    rules.body
      .filter((r: any) => ['under_delivery', 'invalid_traffic_share'].includes(r.kind))
      .map((r: any) => [r.kind, r.enabled, r.threshold, r.min_volume]),
  ).toEqual([
    ['under_delivery', true, 20, 0],
    ['invalid_traffic_share', true, 10, 1000],
  ]);
});

test('a booking behind its linear pace by more than the threshold fires, links to its dashboard, and resolves when it catches up', async () => {
  // Plan 2000 over 20 days: after 10 full days the pace is 1000; 500 delivered is 50 % behind.
  await impressions(w.a, 500, day(-9), new Date(Date.parse(`${day(-9)}T00:00:00Z`)));
  // b's booking has no plan: never under-delivering, whatever it delivered.
  await evaluateAlerts(t.gateway.app, NOW);
  const [alert] = await openAlerts(w.a.users.customer.user.token, 'under_delivery');
  expect(alert).toMatchObject({
    title: 'Booking "Alpha Prime" under-delivering by 50%',
    detail: '500 impressions in 10 of 20 days against a pace of 1,000 (2,000 planned).',
    link: `/dashboard?customer=${w.a.customerId}&booking=${w.a.bookingId}&from=${day(-10)}&to=${day(9)}`,
  });
  expect(await openAlerts(w.b.users.customer.admin.token, 'under_delivery')).toHaveLength(0);
  const aAdmin = await emailOf(w.a.users.customer.admin.userId);
  await mail.waitFor((m) => m.to.includes(aAdmin) && m.subject.includes('under-delivering by 50%'));
  const bAdmin = await emailOf(w.b.users.customer.admin.userId);
  expect(mail.to(bAdmin).some((m) => m.subject.includes('under-delivering'))).toBe(false);

  // 400 more: 900 against 1000 is 10 % behind, inside the 20 % threshold: the episode resolves.
  await impressions(w.a, 400, day(-8), new Date(Date.parse(`${day(-8)}T00:00:00Z`)));
  await evaluateAlerts(t.gateway.app, new Date(NOW.getTime() + 60_000));
  expect(await openAlerts(w.a.users.customer.user.token, 'under_delivery')).toHaveLength(0);
});

test('invalid traffic above the share threshold with enough volume fires; below the minimum volume nothing does; it resolves when the share falls', async () => {
  const recent = new Date(NOW.getTime() - HOUR);
  // b: 150 invalid of 1050 impressions in the last 24 h (14.3 %).
  await impressions(w.b, 900, TODAY, recent);
  await invalid(w.b, 150, recent);
  // a: 100 invalid of a few hundred: a high share, but below the 1000 minimum volume.
  await invalid(w.a, 100, recent);
  // Invalid traffic older than 24 hours is not counted.
  await invalid(w.b, 500, new Date(NOW.getTime() - 30 * HOUR));
  await evaluateAlerts(t.gateway.app, NOW);
  const [alert] = await openAlerts(w.b.users.customer.admin.token, 'invalid_traffic_share');
  expect(alert.title).toBe('Invalid traffic 14.3% of impressions in the last 24 hours');
  expect(alert.detail).toContain('150 of 1,050 impressions were invalid');
  expect(await openAlerts(w.a.users.customer.admin.token, 'invalid_traffic_share')).toHaveLength(0);
  const bAdmin = await emailOf(w.b.users.customer.admin.userId);
  await mail.waitFor((m) => m.to.includes(bAdmin) && m.subject.includes('Invalid traffic 14.3%'));

  // 1000 more valid impressions: 150 of 2050 (7.3 %), under the threshold: resolved.
  await impressions(w.b, 1000, TODAY, recent);
  await evaluateAlerts(t.gateway.app, new Date(NOW.getTime() + 60_000));
  expect(await openAlerts(w.b.users.customer.admin.token, 'invalid_traffic_share')).toHaveLength(0);
});
