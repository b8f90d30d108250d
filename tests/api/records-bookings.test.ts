import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, isoDay, type RecordsWorld, type Session } from '../support/records-fixtures';

/** Bookings on both transports: fields, validation, channels per role, publisher forcing, job numbers, editable. */
let t: TestGateway;
let w: RecordsWorld;

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
});
afterAll(() => t.close());

const BOOKING_FIELDS = [
  'id',
  'customer_id',
  'booking_name',
  'channel_id',
  'campaign_id',
  'booking_type',
  'cpm',
  'start_date',
  'end_date',
  'publisher_id',
  'job_number',
  'charged_cpm',
  // Optional plan the under_delivery alert checks (docs/api.md#planned-impressions).
  'planned_impressions',
  'editable',
  'channel_name',
  'campaign_name',
  'creative_ids',
  'status',
  // Super admin only (null for others), as on the GraphQL Booking type.
  'created_by_name',
].sort();

const form = (over: Record<string, unknown> = {}) => ({
  customer_id: w.a.customerId,
  booking_name: 'Evening news',
  channel_id: w.a.broadcasterChannelId,
  campaign_id: w.a.campaignId,
  booking_type: 1,
  cpm: 22.75,
  start_date: isoDay(3),
  end_date: isoDay(30),
  ...over,
});

const post = (s: Session, body: unknown) => call(t.url, 'POST', '/api/bookings/', { token: s.token, body });
const put = (s: Session, id: number, body: unknown) =>
  call(t.url, 'PUT', `/api/bookings/${id}`, { token: s.token, body });
const stored = async (id: number) =>
  (await t.gateway.app.ds.query('SELECT * FROM booking WHERE id = ?', [id]))[0] as Record<string, any> | undefined;

test('creating a booking answers every spec field, numbers as numbers, derived status and names', async () => {
  const r = await post(w.superAdmin, form({ created_by: 999, editable: false, status: 'Completed' }));
  expect(r.status).toBe(200);
  expect(Object.keys(r.body).sort()).toEqual(BOOKING_FIELDS);
  expect(r.body).toMatchObject({
    booking_name: 'Evening news',
    cpm: 22.75,
    booking_type: 1,
    channel_name: 'Alpha One',
    campaign_name: 'Alpha Spring',
    creative_ids: [],
    publisher_id: null,
    editable: true,
    status: 'Upcoming',
    start_date: isoDay(3),
  });
  // created_by comes from the token, never from the body.
  expect(Number((await stored(r.body.id))?.created_by)).toBe(w.superAdmin.userId);
});

test('booking validation answers 400 with a message per field (spec 5)', async () => {
  const r = await post(w.superAdmin, form({ booking_name: '  abc ', cpm: -1, channel_id: null, booking_type: 4 }));
  expect(r.status).toBe(400);
  expect(r.body.fields).toEqual({
    booking_name: 'Booking name must be more than 3 characters',
    cpm: 'CPM must be a number 0 or more',
    channel_id: 'Channel is required',
    booking_type: 'Booking type must be 1 (video), 2 (image) or 3 (audio)',
  });
  expect(r.body.message).toBe('Booking name must be more than 3 characters');
  const dates = await post(w.superAdmin, form({ start_date: isoDay(5), end_date: isoDay(4) }));
  expect(dates.body.fields).toEqual({ end_date: 'End date cannot be before start date' });
  const long = await post(w.superAdmin, form({ booking_name: 'x'.repeat(101), campaign_id: undefined }));
  expect(long.body.fields).toEqual({
    booking_name: 'Booking name must be at most 100 characters',
    campaign_id: 'Campaign is required',
  });
});

test('a campaign of another customer cannot carry the booking', async () => {
  const r = await post(w.superAdmin, form({ campaign_id: w.b.campaignId }));
  expect(r.status).toBe(400);
  expect(r.body.fields).toEqual({ campaign_id: 'Campaign not found' });
});

describe('booking channels per role (spec 6)', () => {
  test('a broadcaster sees and books only its own channels, always direct', async () => {
    const s = w.a.users.broadcaster.user;
    const options = await call(t.url, 'GET', `/api/bookings/options/customer/${w.a.customerId}`, { token: s.token });
    expect(options.body.channels.map((c: { id: number }) => c.id)).toEqual([w.a.broadcasterChannelId]);
    expect(options.body.publishers).toEqual([]);
    expect(options.body.requires_job_number).toBe(false);
    for (const channel_id of [w.b.broadcasterChannelId, w.a.adtechChannelId]) {
      const refused = await post(s, form({ channel_id }));
      expect(refused.body.fields).toEqual({ channel_id: 'This channel cannot be booked here' });
    }
    const ok = await post(s, form({ publisher_id: w.a.adtechId, job_number: 'J-1' }));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ publisher_id: null, job_number: null, editable: true });
  });

  test('an adtech sees its own and broadcaster channels; the publisher is forced to itself', async () => {
    const s = w.b.users.adtech.user;
    const options = await call(t.url, 'GET', `/api/bookings/options/customer/${w.b.customerId}`, { token: s.token });
    const ids = options.body.channels.map((c: { id: number }) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([w.b.adtechChannelId, w.a.broadcasterChannelId, w.b.broadcasterChannelId]),
    );
    expect(ids).not.toContain(w.a.adtechChannelId);
    expect(options.body.publishers).toEqual([{ id: w.b.adtechId, adtech_name: 'Bravo Ads' }]);
    const other = await post(
      s,
      form({ customer_id: w.b.customerId, campaign_id: w.b.campaignId, channel_id: w.a.adtechChannelId }),
    );
    expect(other.body.fields).toEqual({ channel_id: 'This channel cannot be booked here' });
    const ok = await post(
      s,
      form({
        customer_id: w.b.customerId,
        campaign_id: w.b.campaignId,
        channel_id: w.b.adtechChannelId,
        publisher_id: w.a.adtechId,
      }),
    );
    expect(ok.status).toBe(200);
    // Tenant b's adtech requires neither job number nor charged CPM.
    expect(ok.body).toMatchObject({ publisher_id: w.b.adtechId, job_number: null, charged_cpm: null });
  });

  test('an adtech that requires them must give a job number and a charged CPM of 0 or more', async () => {
    const s = w.a.users.adtech.admin;
    const options = await call(t.url, 'GET', `/api/bookings/options/customer/${w.a.customerId}`, { token: s.token });
    expect(options.body).toMatchObject({ requires_job_number: true, requires_charged_cpm: true });
    const missing = await post(s, form({ channel_id: w.a.adtechChannelId }));
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({
      job_number: 'Job number is required',
      charged_cpm: 'Charged CPM is required',
    });
    const negative = await post(s, form({ channel_id: w.a.adtechChannelId, job_number: 'J-7', charged_cpm: -2 }));
    expect(negative.body.fields).toEqual({ charged_cpm: 'Charged CPM must be a number 0 or more' });
    const ok = await post(s, form({ channel_id: w.a.adtechChannelId, job_number: ' J-7 ', charged_cpm: 18 }));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ job_number: 'J-7', charged_cpm: 18, publisher_id: w.a.adtechId, editable: true });
  });

  test('customer and agency users choose a publisher and channels follow; job numbers are not theirs', async () => {
    for (const s of [w.a.users.customer.user, w.a.users.agency.admin]) {
      const options = await call(t.url, 'GET', `/api/bookings/options/customer/${w.a.customerId}`, { token: s.token });
      expect(options.body.publishers.map((p: { id: number }) => p.id)).toEqual(
        expect.arrayContaining([w.a.adtechId, w.b.adtechId]),
      );
      const direct = await post(s, form({ job_number: 'J-9', charged_cpm: 3 }));
      expect(direct.status).toBe(200);
      expect(direct.body).toMatchObject({ publisher_id: null, job_number: null, charged_cpm: null });
      const viaAdtech = await post(s, form({ publisher_id: w.a.adtechId, channel_id: w.a.adtechChannelId }));
      expect(viaAdtech.body).toMatchObject({ publisher_id: w.a.adtechId, channel_name: 'Alpha Stream' });
      const mismatch = await post(s, form({ publisher_id: null, channel_id: w.a.adtechChannelId }));
      expect(mismatch.body.fields).toEqual({ channel_id: 'This channel cannot be booked here' });
      const wrongAdtech = await post(s, form({ publisher_id: w.b.adtechId, channel_id: w.a.adtechChannelId }));
      expect(wrongAdtech.body.fields).toEqual({ channel_id: 'This channel cannot be booked here' });
      const unknown = await post(s, form({ publisher_id: 99999, channel_id: w.a.adtechChannelId }));
      expect(unknown.body.fields).toEqual({ publisher_id: 'Publisher not found' });
    }
  });
});

describe('editable and updates', () => {
  test('editable follows creator entity, channel owner and customer; others get 403 No permission to edit', async () => {
    // The fixture booking was created by tenant a's customer admin on broadcaster a's channel.
    const editableFor = async (s: Session) => {
      const list = await call(t.url, 'GET', `/api/bookings/customer/${w.a.customerId}`, { token: s.token });
      return list.body.find((b: { id: number }) => b.id === w.a.bookingId).editable;
    };
    expect(await editableFor(w.a.users.customer.user)).toBe(true);
    expect(await editableFor(w.a.users.broadcaster.user)).toBe(true);
    expect(await editableFor(w.superAdmin)).toBe(true);
    expect(await editableFor(w.a.users.agency.admin)).toBe(false);
    expect(await editableFor(w.a.users.adtech.admin)).toBe(false);

    const before = await stored(w.a.bookingId);
    const refused = await put(w.a.users.agency.admin, w.a.bookingId, { booking_name: 'Agency rename', editable: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('No permission to edit');
    const gqlRefused = await gql(
      t.url,
      `mutation { updateBooking(id: ${w.a.bookingId}, input: { booking_name: "Agency rename" }) { id } }`,
      {},
      w.a.users.agency.admin.token,
    );
    expect(gqlRefused.errors?.[0]).toMatchObject({
      message: 'No permission to edit',
      extensions: { code: 'FORBIDDEN' },
    });
    const del = await call(t.url, 'DELETE', `/api/bookings/${w.a.bookingId}`, { token: w.a.users.adtech.user.token });
    expect(del.status).toBe(403);
    expect(await stored(w.a.bookingId)).toEqual(before);
  });

  test("a booking created by an agency user is editable by that agency's other users", async () => {
    const created = await post(w.a.users.agency.user, form({ booking_name: 'Agency booking' }));
    const other = await put(w.a.users.agency.admin, created.body.id, { cpm: 30 });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ cpm: 30, booking_name: 'Agency booking', editable: true });
    const bAgency = await put(w.b.users.agency.admin, created.body.id, { cpm: 31 });
    expect(bAgency.status).toBe(404);
  });

  test('a partial update keeps the other fields; customer_id and created_by cannot be reassigned', async () => {
    const created = await post(w.a.users.customer.admin, form({ booking_name: 'Morning show', booking_type: 2 }));
    const id = created.body.id;
    const moved = await put(w.a.users.customer.admin, id, { customer_id: w.b.customerId, cpm: 1 });
    expect(moved.status).toBe(400);
    expect(moved.body.fields).toEqual({ customer_id: 'A record cannot be moved to another customer' });
    const r = await put(w.a.users.customer.admin, id, { cpm: '9.5', created_by: w.b.users.customer.admin.userId });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      cpm: 9.5,
      booking_name: 'Morning show',
      booking_type: 2,
      customer_id: w.a.customerId,
    });
    const row = await stored(id);
    expect(Number(row?.created_by)).toBe(w.a.users.customer.admin.userId);
    expect(Number(row?.customer_id)).toBe(w.a.customerId);
    const invalid = await put(w.a.users.customer.admin, id, { end_date: '2000-01-01' });
    expect(invalid.body.fields).toEqual({ end_date: 'End date cannot be before start date' });
  });

  test('deleting a booking removes its impression tags; the list no longer has it', async () => {
    const created = await post(w.a.users.customer.admin, form({ booking_name: 'Short lived' }));
    const id = created.body.id;
    const tags = await call(t.url, 'POST', `/api/impressiontags/save_combinations/${id}`, {
      token: w.a.users.customer.admin.token,
      body: { creative_ids: [w.a.creativeId] },
    });
    expect(tags.body).toHaveLength(1);
    const r = await call(t.url, 'DELETE', `/api/bookings/${id}`, { token: w.a.users.customer.admin.token });
    expect(r.status).toBe(200);
    expect(await stored(id)).toBeUndefined();
    const left = await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM impression_tag WHERE booking_id = ?', [id]);
    expect(Number(left[0].n)).toBe(0);
    const again = await call(t.url, 'DELETE', `/api/bookings/${id}`, { token: w.a.users.customer.admin.token });
    expect(again.status).toBe(404);
  });
});

describe('GraphQL', () => {
  const FIELDS = `id customer_id booking_name channel_id campaign_id booking_type cpm start_date end_date publisher_id
    job_number charged_cpm planned_impressions editable channel_name campaign_name creative_ids status created_by_name`;

  test('createBooking, updateBooking and deleteBooking; validation carries extensions.fields', async () => {
    const s = w.a.users.customer.user;
    const input = form({ booking_name: 'Graph booking' });
    const created = await gql(
      t.url,
      `mutation($input: BookingInput!) { createBooking(input: $input) { ${FIELDS} } }`,
      { input },
      s.token,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createBooking).toMatchObject({ booking_name: 'Graph booking', cpm: 22.75, status: 'Upcoming' });
    expect(created.data.createBooking.created_by_name).toBeNull();
    const id = created.data.createBooking.id;
    const bad = await gql(
      t.url,
      'mutation($id: Int!) { updateBooking(id: $id, input: { booking_name: "ab", cpm: -3 }) { id } }',
      { id },
      s.token,
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION',
      status: 400,
      fields: { booking_name: 'Booking name must be more than 3 characters', cpm: 'CPM must be a number 0 or more' },
    });
    const updated = await gql(
      t.url,
      'mutation($id: Int!) { updateBooking(id: $id, input: { booking_name: "Graph booking 2" }) { booking_name } }',
      { id },
      s.token,
    );
    expect(updated.data.updateBooking.booking_name).toBe('Graph booking 2');
    const del = await gql(t.url, 'mutation($id: Int!) { deleteBooking(id: $id) }', { id }, s.token);
    expect(del.data.deleteBooking).toBe(true);
    expect(await stored(id)).toBeUndefined();
  });

  test('bookingOptions answers the same as /api', async () => {
    const s = w.a.users.adtech.user;
    const rest = await call(t.url, 'GET', `/api/bookings/options/customer/${w.a.customerId}`, { token: s.token });
    const g = await gql(
      t.url,
      `{ bookingOptions(customer_id: ${w.a.customerId}) { channels { id channel_name owner_type owner_id owner_name }
         publishers { id adtech_name } requires_job_number requires_charged_cpm } }`,
      {},
      s.token,
    );
    expect(g.data.bookingOptions).toEqual(rest.body);
  });

  test('the super admin sees who created a booking', async () => {
    const g = await gql(
      t.url,
      `{ bookings(customer_id: ${w.a.customerId}) { id created_by_name } }`,
      {},
      w.superAdmin.token,
    );
    expect(g.data.bookings.find((b: { id: number }) => b.id === w.a.bookingId).created_by_name).toBe('Alpha customer');
  });

  test('REST and GraphQL answer the same list for the same caller', async () => {
    for (const s of [w.a.users.agency.user, w.a.users.broadcaster.admin, w.superAdmin]) {
      const rest = await call(t.url, 'GET', `/api/bookings/customer/${w.a.customerId}`, { token: s.token });
      const g = await gql(t.url, `{ bookings(customer_id: ${w.a.customerId}) { ${FIELDS} } }`, {}, s.token);
      expect(rest.body.length).toBeGreaterThan(1);
      expect(g.data.bookings).toEqual(rest.body);
    }
  });
});
