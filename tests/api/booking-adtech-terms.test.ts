import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, isoDay, type RecordsWorld, type Session } from '../support/records-fixtures';

/**
 * Job number and charged CPM are the publishing adtech's terms (spec 6: adtech inputs). Its own users
 * and the super admin read them; the client, its agency, the broadcaster and other adtechs get null on
 * both transports, so the adtech's margin over the CPM is not exposed.
 */
let t: TestGateway;
let w: RecordsWorld;
let bookingId: number;
beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
  const r = await call(t.url, 'POST', '/api/bookings/', {
    token: w.a.users.adtech.user.token,
    body: {
      customer_id: w.a.customerId,
      campaign_id: w.a.campaignId,
      channel_id: w.a.adtechChannelId,
      booking_name: 'Adtech terms',
      cpm: 10,
      job_number: 'JOB-42',
      charged_cpm: 14.5,
      start_date: isoDay(0),
      end_date: isoDay(5),
    },
  });
  expect(r.status).toBe(200);
  bookingId = r.body.id;
});
afterAll(() => t.close());

async function termsSeenBy(s: Session) {
  const rest = await call(t.url, 'GET', `/api/bookings/customer/${w.a.customerId}`, { token: s.token });
  const row = rest.body.find((b: { id: number }) => b.id === bookingId);
  const g = await gql(
    t.url,
    'query($c: Int!) { bookings(customer_id: $c) { id job_number charged_cpm } }',
    { c: w.a.customerId },
    s.token,
  );
  const node = g.data.bookings.find((b: { id: number }) => b.id === bookingId);
  expect(node).toEqual({ id: bookingId, job_number: row.job_number, charged_cpm: row.charged_cpm });
  return { job_number: row.job_number, charged_cpm: row.charged_cpm };
}

test('the publishing adtech and the super admin read them', async () => {
  for (const s of [w.a.users.adtech.user, w.a.users.adtech.admin, w.superAdmin]) {
    expect(await termsSeenBy(s)).toEqual({ job_number: 'JOB-42', charged_cpm: 14.5 });
  }
});

test('the client, its agency and the broadcaster get null', async () => {
  for (const s of [
    w.a.users.customer.admin,
    w.a.users.customer.user,
    w.a.users.agency.admin,
    w.a.users.broadcaster.admin,
  ]) {
    expect(await termsSeenBy(s)).toEqual({ job_number: null, charged_cpm: null });
  }
});

test('a client editing the booking keeps the adtech’s terms it cannot see', async () => {
  const r = await call(t.url, 'PUT', `/api/bookings/${bookingId}`, {
    token: w.a.users.customer.admin.token,
    body: { booking_name: 'Adtech terms renamed', job_number: 'HIJACK', charged_cpm: 0 },
  });
  expect(r.status).toBe(200);
  expect(await termsSeenBy(w.a.users.adtech.user)).toEqual({ job_number: 'JOB-42', charged_cpm: 14.5 });
});
