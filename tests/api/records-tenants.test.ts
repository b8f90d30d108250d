import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, type RecordsWorld, sessionsOf, type Tenant } from '../support/records-fixtures';

/**
 * Tenant isolation (spec 6): every entity type and role of tenant A tries to read, update and delete
 * tenant B's campaigns, bookings, creatives, impression tags and site tags by id, on both transports.
 * Each attempt answers exactly like an unknown id, and nothing of tenant B changes.
 */
let t: TestGateway;
let w: RecordsWorld;

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
});
afterAll(() => t.close());

async function snapshot(customerId: number) {
  const ds = t.gateway.app.ds;
  const q = (sql: string) => ds.query(sql, [customerId]);
  return {
    campaigns: await q('SELECT * FROM campaign WHERE customer_id = ? ORDER BY id'),
    bookings: await q('SELECT * FROM booking WHERE customer_id = ? ORDER BY id'),
    creatives: await q('SELECT * FROM creative WHERE customer_id = ? ORDER BY id'),
    impressionTags: await q('SELECT * FROM impression_tag WHERE customer_id = ? ORDER BY id'),
    siteTags: await q('SELECT * FROM site_tag WHERE customer_id = ? ORDER BY id'),
    links: await q(
      'SELECT bc.* FROM booking_creative bc JOIN booking b ON b.id = bc.booking_id WHERE b.customer_id = ? ORDER BY 1, 2',
    ),
  };
}

/** REST attempts on tenant `v`'s records; each answers [status, body]. */
function restAttempts(v: Tenant): [string, string, string, unknown?][] {
  const c = v.customerId;
  return [
    ['GET', `/api/campaigns/customer/${c}`, 'Customer'],
    ['GET', `/api/bookings/customer/${c}`, 'Customer'],
    ['GET', `/api/bookings/options/customer/${c}`, 'Customer'],
    ['GET', `/api/creatives/customer/${c}`, 'Customer'],
    ['GET', `/api/impressiontags/customer/${c}`, 'Customer'],
    ['GET', `/api/sitetags/customer/${c}`, 'Customer'],
    ['PUT', `/api/campaigns/${v.campaignId}`, 'Campaign', { campaign_name: 'Hijacked campaign' }],
    ['PUT', `/api/bookings/${v.bookingId}`, 'Booking', { booking_name: 'Hijacked booking' }],
    ['PUT', `/api/creatives/${v.creativeId}`, 'Creative', { description: 'Hijacked' }],
    ['PUT', `/api/sitetags/${v.siteTagId}`, 'Site tag', { tag_description: 'Hijacked' }],
    ['POST', `/api/impressiontags/save_combinations/${v.bookingId}`, 'Booking', { creative_ids: [] }],
    ['DELETE', `/api/impressiontags/${v.impressionTagId}`, 'Impression tag'],
    ['DELETE', `/api/bookings/${v.bookingId}`, 'Booking'],
    ['DELETE', `/api/creatives/${v.creativeId}`, 'Creative'],
    ['DELETE', `/api/campaigns/${v.campaignId}`, 'Campaign'],
    ['DELETE', `/api/sitetags/${v.siteTagId}`, 'Site tag'],
    [
      'POST',
      '/api/campaigns/',
      'Customer',
      { customer_id: c, campaign_name: 'Planted', start_date: '2026-01-01', end_date: '2026-01-02' },
    ],
    ['POST', '/api/creatives/', 'Customer', { customer_id: c, description: 'Planted', creative_format: '30s' }],
    ['POST', '/api/sitetags/', 'Customer', { customer_id: c, tag_description: 'Planted' }],
    [
      'POST',
      '/api/bookings/',
      'Customer',
      {
        customer_id: c,
        booking_name: 'Planted',
        channel_id: v.broadcasterChannelId,
        campaign_id: v.campaignId,
        cpm: 1,
        start_date: '2026-01-01',
        end_date: '2026-01-02',
      },
    ],
  ];
}

function gqlAttempts(v: Tenant): [string, string][] {
  const c = v.customerId;
  return [
    [`{ campaigns(customer_id: ${c}) { id } }`, 'Customer'],
    [`{ bookings(customer_id: ${c}) { id campaign_name } }`, 'Customer'],
    [`{ bookingOptions(customer_id: ${c}) { requires_job_number } }`, 'Customer'],
    [`{ creatives(customer_id: ${c}) { id } }`, 'Customer'],
    [`{ impressionTags(customer_id: ${c}) { id tag } }`, 'Customer'],
    [`{ siteTags(customer_id: ${c}) { id tag } }`, 'Customer'],
    [
      `mutation { updateCampaign(id: ${v.campaignId}, input: { campaign_name: "Hijacked campaign" }) { id } }`,
      'Campaign',
    ],
    [`mutation { updateBooking(id: ${v.bookingId}, input: { booking_name: "Hijacked booking" }) { id } }`, 'Booking'],
    [`mutation { updateCreative(id: ${v.creativeId}, input: { description: "Hijacked" }) { id } }`, 'Creative'],
    [`mutation { updateSiteTag(id: ${v.siteTagId}, input: { tag_description: "Hijacked" }) { id } }`, 'Site tag'],
    [`mutation { saveImpressionTags(booking_id: ${v.bookingId}, creative_ids: []) { id } }`, 'Booking'],
    [`mutation { deleteImpressionTag(id: ${v.impressionTagId}) }`, 'Impression tag'],
    [`mutation { deleteBooking(id: ${v.bookingId}) }`, 'Booking'],
    [`mutation { deleteCreative(id: ${v.creativeId}) }`, 'Creative'],
    [`mutation { deleteCampaign(id: ${v.campaignId}) }`, 'Campaign'],
    [`mutation { deleteSiteTag(id: ${v.siteTagId}) }`, 'Site tag'],
    [
      `mutation { createCampaign(input: { customer_id: ${c}, campaign_name: "Planted", start_date: "2026-01-01", end_date: "2026-01-02" }) { id } }`,
      'Customer',
    ],
    [
      `mutation { createBooking(input: { customer_id: ${c}, booking_name: "Planted", channel_id: ${v.broadcasterChannelId}, campaign_id: ${v.campaignId}, cpm: 1, start_date: "2026-01-01", end_date: "2026-01-02" }) { id } }`,
      'Customer',
    ],
    [
      `mutation { createCreative(input: { customer_id: ${c}, description: "Planted", creative_format: "30s" }) { id } }`,
      'Customer',
    ],
    [`mutation { createSiteTag(input: { customer_id: ${c}, tag_description: "Planted" }) { id } }`, 'Customer'],
  ];
}

test('every role of tenant A sees its own records (the attempts below can succeed for the right tenant)', async () => {
  for (const [role, s] of sessionsOf(w.a)) {
    const r = await call(t.url, 'GET', `/api/bookings/customer/${w.a.customerId}`, { token: s.token });
    expect([role, r.status]).toEqual([role, 200]);
    expect(r.body.map((b: { id: number }) => b.id)).toContain(w.a.bookingId);
  }
});

test("another tenant's records answer 404 on /api for every role, like an unknown id, and nothing changes", async () => {
  const before = await snapshot(w.b.customerId);
  for (const [role, s] of sessionsOf(w.a)) {
    for (const [method, path, what, body] of restAttempts(w.b)) {
      const r = await call(t.url, method, path, { token: s.token, body });
      expect([role, method, path, r.status, r.body.message]).toEqual([role, method, path, 404, `${what} not found.`]);
    }
  }
  expect(await snapshot(w.b.customerId)).toEqual(before);
});

test('an unknown id answers exactly the same as a hidden one', async () => {
  const s = w.a.users.agency.admin;
  const pairs: [string, string, string][] = [
    ['PUT', `/api/bookings/${w.b.bookingId}`, '/api/bookings/987654'],
    ['DELETE', `/api/campaigns/${w.b.campaignId}`, '/api/campaigns/987654'],
    ['DELETE', `/api/sitetags/${w.b.siteTagId}`, '/api/sitetags/987654'],
    ['GET', `/api/creatives/customer/${w.b.customerId}`, '/api/creatives/customer/987654'],
  ];
  for (const [method, hiddenPath, unknownPath] of pairs) {
    const body = method === 'GET' ? undefined : {};
    const hidden = await call(t.url, method, hiddenPath, { token: s.token, body });
    const unknown = await call(t.url, method, unknownPath, { token: s.token, body });
    expect(hidden.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(hidden.body);
  }
});

test("another tenant's records answer NOT_FOUND over GraphQL for every role, and nothing changes", async () => {
  const before = await snapshot(w.b.customerId);
  for (const [role, s] of sessionsOf(w.a)) {
    for (const [query, what] of gqlAttempts(w.b)) {
      const r = await gql(t.url, query, {}, s.token);
      expect([role, query, r.errors?.[0]?.message, r.errors?.[0]?.extensions?.status]).toEqual([
        role,
        query,
        `${what} not found.`,
        404,
      ]);
    }
  }
  expect(await snapshot(w.b.customerId)).toEqual(before);
});

test("tenant B's users are just as shut out of tenant A", async () => {
  const before = await snapshot(w.a.customerId);
  for (const [role, s] of sessionsOf(w.b)) {
    for (const [method, path, what, body] of restAttempts(w.a).filter(([m]) => m !== 'GET')) {
      const r = await call(t.url, method, path, { token: s.token, body });
      expect([role, method, path, r.status, r.body.message]).toEqual([role, method, path, 404, `${what} not found.`]);
    }
  }
  expect(await snapshot(w.a.customerId)).toEqual(before);
});

test('without a token every record call is a 401', async () => {
  for (const [method, path, , body] of restAttempts(w.a)) {
    const r = await call(t.url, method, path, { body });
    expect([method, path, r.status]).toEqual([method, path, 401]);
  }
  const r = await gql(t.url, `{ campaigns(customer_id: ${w.a.customerId}) { id } }`);
  expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

test("a record's customer cannot be changed to another tenant on either transport, and nothing changes", async () => {
  const before = await snapshot(w.a.customerId);
  const s = w.a.users.customer.admin;
  const moved = { customer_id: w.b.customerId };
  for (const path of [
    `/api/campaigns/${w.a.campaignId}`,
    `/api/bookings/${w.a.bookingId}`,
    `/api/creatives/${w.a.creativeId}`,
    `/api/sitetags/${w.a.siteTagId}`,
  ]) {
    const r = await call(t.url, 'PUT', path, { token: s.token, body: moved });
    expect([path, r.status, r.body.fields]).toEqual([
      path,
      400,
      { customer_id: 'A record cannot be moved to another customer' },
    ]);
  }
  for (const m of ['updateCampaign', 'updateBooking', 'updateCreative', 'updateSiteTag'] as const) {
    const id = {
      updateCampaign: w.a.campaignId,
      updateBooking: w.a.bookingId,
      updateCreative: w.a.creativeId,
      updateSiteTag: w.a.siteTagId,
    }[m];
    const r = await gql(
      t.url,
      `mutation { ${m}(id: ${id}, input: { customer_id: ${w.b.customerId} }) { id } }`,
      {},
      s.token,
    );
    expect([m, r.errors?.[0]?.extensions?.code]).toEqual([m, 'VALIDATION']);
  }
  expect(await snapshot(w.a.customerId)).toEqual(before);
  expect((await snapshot(w.b.customerId)).campaigns).toHaveLength(1);
});

test('a malformed id in any record path is a 400 naming it, never a 500', async () => {
  const s = w.a.users.customer.admin;
  for (const [method, path, , body] of restAttempts(w.a)) {
    const bad = path.replace(/\/\d+$/, '/12abc');
    if (bad === path) continue;
    const r = await call(t.url, method, bad, { token: s.token, body });
    expect([method, bad, r.status, typeof r.body.fields]).toEqual([method, bad, 400, 'object']);
  }
});
