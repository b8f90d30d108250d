import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, isoDay, type RecordsWorld } from '../support/records-fixtures';

/**
 * The Campaign management cards (spec 2) come from the server: counted from the same rows the lists
 * answer, equal on both transports, moving when a record is added, and refused for another tenant.
 */
let t: TestGateway;
let w: RecordsWorld;

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
});
afterAll(() => t.close());

const SUMMARY = `query ($customer_id: Int!) { recordSummary(customer_id: $customer_id) {
  customer_id
  campaigns { active upcoming total }
  bookings { active video image total average_cpm }
  creatives { total video image }
  site_tags { total active low_traffic not_detected }
} }`;

const rest = (token: string, customerId: number) =>
  call(t.url, 'GET', `/api/customers/${customerId}/record-summary`, { token });

type Row = { status?: string; booking_type?: number; creative_type?: number; cpm?: number };
const list = async (token: string, path: string): Promise<Row[]> =>
  (await call(t.url, 'GET', `/api/${path}/customer/${w.a.customerId}`, { token })).body;
const tally = (rows: Row[], test: (r: Row) => boolean) => rows.filter(test).length;

test('the cards count exactly what the four lists answer, on REST and GraphQL alike', async () => {
  const s = w.a.users.agency.user;
  // More records than the fixture's one of each, in every status the cards split by.
  const post = (path: string, body: Record<string, unknown>) =>
    call(t.url, 'POST', `/api/${path}/`, { token: s.token, body: { customer_id: w.a.customerId, ...body } });
  for (const [name, start, end] of [
    ['Later one', 4, 9],
    ['Later two', 10, 20],
    ['Past', -20, -10],
  ] as const)
    expect(
      (await post('campaigns', { campaign_name: name, start_date: isoDay(start), end_date: isoDay(end) })).status,
    ).toBe(200);
  const booking = { campaign_id: w.a.campaignId, channel_id: w.a.broadcasterChannelId, start_date: isoDay(-1) };
  expect(
    (
      await post('bookings', {
        ...booking,
        booking_name: 'Video spot',
        booking_type: 1,
        cpm: 20.5,
        end_date: isoDay(5),
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await post('bookings', {
        ...booking,
        booking_name: 'Image spot',
        booking_type: 2,
        cpm: 7.25,
        end_date: isoDay(-1),
      })
    ).status,
  ).toBe(200);
  expect(
    (await post('creatives', { description: 'Banner', creative_type: 2, creative_format: '300x250' })).status,
  ).toBe(200);
  expect((await post('sitetags', { tag_description: 'Shop', main_site_tag: false })).status).toBe(200);

  const [campaigns, bookings, creatives, siteTags] = await Promise.all(
    ['campaigns', 'bookings', 'creatives', 'sitetags'].map((p) => list(s.token, p)),
  );
  const cpms = bookings.map((b) => Number(b.cpm));
  const expected = {
    customer_id: w.a.customerId,
    campaigns: {
      active: tally(campaigns, (c) => c.status === 'Active'),
      upcoming: tally(campaigns, (c) => c.status === 'Upcoming'),
      total: campaigns.length,
    },
    bookings: {
      active: tally(bookings, (b) => b.status === 'Active'),
      video: tally(bookings, (b) => b.booking_type === 1),
      image: tally(bookings, (b) => b.booking_type === 2),
      total: bookings.length,
      average_cpm: Math.round((cpms.reduce((a, b) => a + b, 0) / cpms.length) * 100) / 100,
    },
    creatives: {
      total: creatives.length,
      video: tally(creatives, (c) => c.creative_type === 1),
      image: tally(creatives, (c) => c.creative_type === 2),
    },
    site_tags: {
      total: siteTags.length,
      active: tally(siteTags, (x) => x.status === 'Active'),
      low_traffic: tally(siteTags, (x) => x.status === 'Low traffic'),
      not_detected: tally(siteTags, (x) => x.status === 'Not detected'),
    },
  };
  // The split is not trivial: every card of the spec has something to count.
  expect(expected.campaigns).toEqual({ active: 1, upcoming: 2, total: 4 });
  expect(expected.bookings).toMatchObject({ video: 2, image: 1, total: 3 });
  expect(expected.creatives).toEqual({ total: 2, video: 1, image: 1 });
  expect(expected.site_tags.total).toBe(2);

  const r = await rest(s.token, w.a.customerId);
  expect(r.status).toBe(200);
  expect(r.body).toEqual(expected);
  const g = await gql(t.url, SUMMARY, { customer_id: w.a.customerId }, s.token);
  expect(g.errors).toBeUndefined();
  expect(g.data.recordSummary).toEqual(expected);
});

test('a customer without records shows zero cards and no average CPM', async () => {
  const [{ id }] = await t.gateway.app.ds.query('SELECT id FROM customer WHERE id = ?', [w.b.customerId]);
  await t.gateway.app.ds.query(
    'DELETE FROM booking_creative WHERE booking_id IN (SELECT id FROM booking WHERE customer_id = ?)',
    [id],
  );
  for (const table of ['impression_tag', 'booking', 'creative', 'campaign', 'site_tag'])
    await t.gateway.app.ds.query(`DELETE FROM ${table} WHERE customer_id = ?`, [id]);
  const r = await rest(w.b.users.customer.user.token, id);
  expect(r.body).toEqual({
    customer_id: id,
    campaigns: { active: 0, upcoming: 0, total: 0 },
    bookings: { active: 0, video: 0, image: 0, total: 0, average_cpm: null },
    creatives: { total: 0, video: 0, image: 0 },
    site_tags: { total: 0, active: 0, low_traffic: 0, not_detected: 0 },
  });
});

test("another tenant's customer answers 404 like an unknown one, on both transports; no token answers 401", async () => {
  const other = w.b.users.customer.admin.token;
  for (const id of [w.a.customerId, 999999]) {
    const r = await rest(other, id);
    expect({ status: r.status, message: r.body.message }).toEqual({ status: 404, message: expect.any(String) });
    const g = await gql(t.url, SUMMARY, { customer_id: id }, other);
    expect(g.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  }
  expect((await call(t.url, 'GET', `/api/customers/${w.a.customerId}/record-summary`)).status).toBe(401);
});
