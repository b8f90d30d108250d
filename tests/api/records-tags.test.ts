import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, insert, type RecordsWorld, type Session } from '../support/records-fixtures';

/** Impression tags: save_combinations makes a booking's tags exactly the chosen creatives (spec 7). */
let t: TestGateway;
let w: RecordsWorld;
let creatives: number[];

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
  creatives = [];
  for (const name of ['Teaser 15', 'Cutdown 6', 'Long 60']) {
    creatives.push(
      await insert(
        t,
        "INSERT INTO creative (customer_id, description, creative_type, creative_format) VALUES (?, ?, 1, '15s')",
        [w.a.customerId, name],
      ),
    );
  }
});
afterAll(() => t.close());

const save = (s: Session, bookingId: number, body: unknown) =>
  call(t.url, 'POST', `/api/impressiontags/save_combinations/${bookingId}`, { token: s.token, body });

const links = async (bookingId: number) =>
  (
    (await t.gateway.app.ds.query(
      'SELECT creative_id FROM booking_creative WHERE booking_id = ? ORDER BY creative_id',
      [bookingId],
    )) as { creative_id: number }[]
  ).map((r) => Number(r.creative_id));

test('saving combinations creates missing tags, keeps existing keys, removes unchosen ones', async () => {
  const s = w.a.users.customer.user;
  const [c1, c2, c3] = creatives;
  const first = await save(s, w.a.bookingId, { creative_ids: [c1, c2, w.a.creativeId] });
  expect(first.status).toBe(200);
  expect(first.body.map((x: { creative_id: number }) => x.creative_id).sort()).toEqual([w.a.creativeId, c1, c2].sort());
  const original = first.body.find((x: { id: number }) => x.id === w.a.impressionTagId);
  expect(original).toBeDefined(); // the fixture's tag survived with its id and key
  const keyOf = (rows: { creative_id: number; tag_key: string }[], id: number) =>
    rows.find((x) => x.creative_id === id)?.tag_key;
  const c2Key = keyOf(first.body, c2);

  const second = await save(s, w.a.bookingId, { creative_ids: [c2, c3] });
  expect(second.body.map((x: { creative_id: number }) => x.creative_id)).toEqual([c2, c3]);
  expect(keyOf(second.body, c2)).toBe(c2Key);
  expect(keyOf(second.body, c3)).toMatch(/^[A-Za-z0-9_-]{20,32}$/);
  expect(keyOf(second.body, c3)).not.toBe(c2Key);
  expect(await links(w.a.bookingId)).toEqual([c2, c3]);

  const booking = await call(t.url, 'GET', `/api/bookings/customer/${w.a.customerId}`, { token: s.token });
  expect(booking.body.find((b: { id: number }) => b.id === w.a.bookingId).creative_ids).toEqual([c2, c3]);
});

test('each tag carries its names and the exact VAST impression URL', async () => {
  const s = w.a.users.customer.user;
  const list = await call(t.url, 'GET', `/api/impressiontags/customer/${w.a.customerId}`, { token: s.token });
  expect(list.status).toBe(200);
  const tag = list.body.find((x: { creative_id: number }) => x.creative_id === creatives[1]);
  expect(tag).toEqual({
    id: expect.any(Number),
    customer_id: w.a.customerId,
    booking_id: w.a.bookingId,
    creative_id: creatives[1],
    tag_key: expect.any(String),
    tag: `${t.config.PUBLIC_URL}/t/i/${tag.tag_key}?cb=[CACHEBUSTING]`,
    control_tag: `${t.config.PUBLIC_URL}/t/i/${tag.tag_key}?ctl=1&cb=[CACHEBUSTING]`,
    campaign_name: 'Alpha Spring',
    booking_name: 'Alpha Prime',
    creative_name: 'Cutdown 6',
    channel_name: 'Alpha One',
    booking_type: 1,
  });
});

test('save_combinations validation: a list of ids, creatives of the same customer, the booking’s campaign', async () => {
  const s = w.a.users.customer.user;
  const before = await links(w.a.bookingId);
  const notList = await save(s, w.a.bookingId, { creative_ids: 'all' });
  expect(notList.status).toBe(400);
  expect(notList.body.fields).toEqual({ creative_ids: 'Creatives must be a list of creative ids' });
  const foreign = await save(s, w.a.bookingId, { creative_ids: [w.b.creativeId] });
  expect(foreign.status).toBe(400);
  expect(foreign.body.fields).toEqual({ creative_ids: 'Creative not found' });
  const campaign = await save(s, w.a.bookingId, { creative_ids: [], campaign_id: w.b.campaignId });
  expect(campaign.body.fields).toEqual({ campaign_id: 'The booking is not in this campaign' });
  expect(await links(w.a.bookingId)).toEqual(before);
});

test('only users who may edit the booking may change its tags (403 otherwise)', async () => {
  const before = await links(w.a.bookingId);
  const r = await save(w.a.users.agency.user, w.a.bookingId, { creative_ids: [] });
  expect(r.status).toBe(403);
  expect(r.body.message).toBe('No permission to edit');
  const g = await gql(
    t.url,
    `mutation { saveImpressionTags(booking_id: ${w.a.bookingId}, creative_ids: []) { id } }`,
    {},
    w.a.users.adtech.user.token,
  );
  expect(g.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  expect(await links(w.a.bookingId)).toEqual(before);
});

test('GraphQL: saveImpressionTags, the same list as /api, deleteImpressionTag', async () => {
  const s = w.a.users.broadcaster.user; // the booking runs on its channel, so it may edit it
  const saved = await gql(
    t.url,
    'mutation($b: Int!, $c: [Int!]!) { saveImpressionTags(booking_id: $b, creative_ids: $c) { id creative_id creative_name } }',
    { b: w.a.bookingId, c: [creatives[0], creatives[2]] },
    s.token,
  );
  expect(saved.errors).toBeUndefined();
  expect(saved.data.saveImpressionTags.map((x: { creative_name: string }) => x.creative_name)).toEqual([
    'Teaser 15',
    'Long 60',
  ]);
  const bad = await gql(
    t.url,
    'mutation($b: Int!) { saveImpressionTags(booking_id: $b, creative_ids: [0]) { id } }',
    { b: w.a.bookingId },
    s.token,
  );
  expect(bad.errors?.[0]?.extensions?.fields).toEqual({ creative_ids: 'Creatives must be a list of creative ids' });

  const rest = await call(t.url, 'GET', `/api/impressiontags/customer/${w.a.customerId}`, { token: s.token });
  const g = await gql(
    t.url,
    `{ impressionTags(customer_id: ${w.a.customerId}) { id customer_id booking_id creative_id tag_key tag control_tag campaign_name
       booking_name creative_name channel_name booking_type } }`,
    {},
    s.token,
  );
  expect(g.data.impressionTags).toEqual(rest.body);

  const id = saved.data.saveImpressionTags[0].id;
  const del = await gql(t.url, `mutation { deleteImpressionTag(id: ${id}) }`, {}, s.token);
  expect(del.data.deleteImpressionTag).toBe(true);
  expect(await links(w.a.bookingId)).toEqual([creatives[2]]);
});

test('DELETE /api/impressiontags/:id removes one tag and its creative link; refused without edit rights', async () => {
  const s = w.a.users.customer.admin;
  const saved = await save(s, w.a.bookingId, { creative_ids: [creatives[0], creatives[1]] });
  const [first] = saved.body;
  const refused = await call(t.url, 'DELETE', `/api/impressiontags/${first.id}`, {
    token: w.a.users.agency.admin.token,
  });
  expect(refused.status).toBe(403);
  const r = await call(t.url, 'DELETE', `/api/impressiontags/${first.id}`, { token: s.token });
  expect(r.body).toEqual({ id: first.id, message: 'Impression tag deleted.' });
  expect(await links(w.a.bookingId)).toEqual([saved.body[1].creative_id]);
  const bad = await call(t.url, 'DELETE', '/api/impressiontags/abc', { token: s.token });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toEqual({ id: 'id must be a positive integer.' });
});

test('concurrent saves of the same booking never duplicate a combination', async () => {
  const s = w.a.users.customer.admin;
  const replies = await Promise.all(
    Array.from({ length: 6 }, (_, i) => save(s, w.a.bookingId, { creative_ids: i % 2 ? creatives : [creatives[0]] })),
  );
  expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  const rows: { creative_id: number; n: number }[] = await t.gateway.app.ds.query(
    'SELECT creative_id, COUNT(*) AS n FROM impression_tag WHERE booking_id = ? GROUP BY creative_id',
    [w.a.bookingId],
  );
  expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
  expect(rows.map((r) => Number(r.creative_id)).sort()).toEqual(await links(w.a.bookingId));
});
