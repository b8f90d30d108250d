import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, isoDay, type RecordsWorld } from '../support/records-fixtures';

/** Campaigns, creatives and site tags on both transports: success, validation, refusal, derived fields. */
let t: TestGateway;
let w: RecordsWorld;

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
});
afterAll(() => t.close());

const row = async (table: 'campaign' | 'creative' | 'site_tag', id: number) =>
  (await t.gateway.app.ds.query(`SELECT * FROM ${table} WHERE id = ?`, [id]))[0] as Record<string, any> | undefined;

describe('campaigns', () => {
  test('create, list, update and delete over /api, with status derived from the dates', async () => {
    const s = w.a.users.agency.user;
    const mk = (name: string, start: number, end: number) =>
      call(t.url, 'POST', '/api/campaigns/', {
        token: s.token,
        body: { customer_id: w.a.customerId, campaign_name: name, start_date: isoDay(start), end_date: isoDay(end) },
      });
    const upcoming = await mk('Summer sale', 5, 20);
    expect(upcoming.status).toBe(200);
    expect(upcoming.body).toEqual({
      id: expect.any(Number),
      customer_id: w.a.customerId,
      campaign_name: 'Summer sale',
      start_date: isoDay(5),
      end_date: isoDay(20),
      status: 'Upcoming',
    });
    expect((await mk('Winter sale', -30, -5)).body.status).toBe('Completed');
    expect(Number((await row('campaign', upcoming.body.id))?.created_by)).toBe(s.userId);

    const list = await call(t.url, 'GET', `/api/campaigns/customer/${w.a.customerId}`, { token: s.token });
    expect(list.body.map((c: { campaign_name: string }) => c.campaign_name)).toEqual(
      expect.arrayContaining(['Summer sale', 'Winter sale', 'Alpha Spring']),
    );
    expect(list.body.find((c: { id: number }) => c.id === w.a.campaignId).status).toBe('Active');

    const updated = await call(t.url, 'PUT', `/api/campaigns/${upcoming.body.id}`, {
      token: s.token,
      body: { campaign_name: '  Summer sale 2  ', start_date: isoDay(-2) },
    });
    expect(updated.body).toMatchObject({ campaign_name: 'Summer sale 2', status: 'Active', end_date: isoDay(20) });

    const del = await call(t.url, 'DELETE', `/api/campaigns/${upcoming.body.id}`, { token: s.token });
    expect(del.body).toEqual({ id: upcoming.body.id, message: 'Campaign deleted.' });
    expect(await row('campaign', upcoming.body.id)).toBeUndefined();
  });

  test('campaign validation: name more than 3 characters, at most 100, end not before start', async () => {
    const s = w.a.users.customer.user;
    const r = await call(t.url, 'POST', '/api/campaigns/', {
      token: s.token,
      body: { customer_id: w.a.customerId, campaign_name: ' abc ', start_date: '2026-02-30', end_date: '' },
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({
      campaign_name: 'Campaign name must be more than 3 characters',
      start_date: 'Start date must be a date (yyyy-MM-dd)',
      end_date: 'End date is required',
    });
    const order = await call(t.url, 'PUT', `/api/campaigns/${w.a.campaignId}`, {
      token: s.token,
      body: { end_date: isoDay(-20) },
    });
    expect(order.status).toBe(400);
    expect(order.body).toMatchObject({
      message: 'End date cannot be before start date',
      fields: { end_date: 'End date cannot be before start date' },
    });
    const missingCustomer = await call(t.url, 'POST', '/api/campaigns/', {
      token: s.token,
      body: { campaign_name: 'No customer', start_date: isoDay(0), end_date: isoDay(1) },
    });
    expect(missingCustomer.body.fields).toEqual({ customer_id: 'Customer is required' });
  });

  test('a campaign with bookings is not deleted (409); customer_id cannot be moved', async () => {
    const s = w.a.users.customer.admin;
    const del = await call(t.url, 'DELETE', `/api/campaigns/${w.a.campaignId}`, { token: s.token });
    expect(del.status).toBe(409);
    expect(await row('campaign', w.a.campaignId)).toBeDefined();
    const moved = await call(t.url, 'PUT', `/api/campaigns/${w.a.campaignId}`, {
      token: s.token,
      body: { customer_id: w.b.customerId },
    });
    expect(moved.status).toBe(400);
    expect(Number((await row('campaign', w.a.campaignId))?.customer_id)).toBe(w.a.customerId);
  });

  test('GraphQL: createCampaign, updateCampaign, deleteCampaign and the same list as /api', async () => {
    const s = w.a.users.broadcaster.user;
    const created = await gql(
      t.url,
      'mutation($input: CampaignInput!) { createCampaign(input: $input) { id campaign_name status } }',
      {
        input: {
          customer_id: w.a.customerId,
          campaign_name: 'Graph campaign',
          start_date: isoDay(-1),
          end_date: isoDay(1),
        },
      },
      s.token,
    );
    expect(created.data.createCampaign).toMatchObject({ campaign_name: 'Graph campaign', status: 'Active' });
    const id = created.data.createCampaign.id;
    const bad = await gql(
      t.url,
      'mutation($id: Int!) { updateCampaign(id: $id, input: { campaign_name: "  " }) { id } }',
      { id },
      s.token,
    );
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({
      campaign_name: 'Campaign name must be more than 3 characters',
    });
    const renamed = await gql(
      t.url,
      'mutation($id: Int!) { updateCampaign(id: $id, input: { campaign_name: "Graph campaign 2" }) { campaign_name } }',
      { id },
      s.token,
    );
    expect(renamed.data.updateCampaign.campaign_name).toBe('Graph campaign 2');
    const rest = await call(t.url, 'GET', `/api/campaigns/customer/${w.a.customerId}`, { token: s.token });
    const g = await gql(
      t.url,
      `{ campaigns(customer_id: ${w.a.customerId}) { id customer_id campaign_name start_date end_date status } }`,
      {},
      s.token,
    );
    expect(g.data.campaigns).toEqual(rest.body);
    expect((await gql(t.url, `mutation { deleteCampaign(id: ${id}) }`, {}, s.token)).data.deleteCampaign).toBe(true);
    const refused = await gql(t.url, `mutation { deleteCampaign(id: ${w.a.campaignId}) }`, {}, s.token);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', status: 409 });
  });
});

describe('creatives', () => {
  test('create, list, update and delete over /api with the type label', async () => {
    const s = w.a.users.adtech.user;
    const created = await call(t.url, 'POST', '/api/creatives/', {
      token: s.token,
      body: {
        customer_id: w.a.customerId,
        description: 'Banner',
        creative_type: 2,
        creative_format: '300x250',
        url: 'https://cdn.example/b.png',
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      customer_id: w.a.customerId,
      description: 'Banner',
      creative_type: 2,
      creative_format: '300x250',
      creative_type_label: 'Image',
      url: 'https://cdn.example/b.png',
    });
    const audio = await call(t.url, 'PUT', `/api/creatives/${created.body.id}`, {
      token: s.token,
      body: { creative_type: 3, creative_format: '15s' },
    });
    expect(audio.body).toMatchObject({ creative_type_label: 'Audio', description: 'Banner', creative_format: '15s' });
    const list = await call(t.url, 'GET', `/api/creatives/customer/${w.a.customerId}`, { token: s.token });
    expect(list.body.map((c: { id: number }) => c.id)).toEqual(
      expect.arrayContaining([created.body.id, w.a.creativeId]),
    );
    const del = await call(t.url, 'DELETE', `/api/creatives/${created.body.id}`, { token: s.token });
    expect(del.status).toBe(200);
    expect(await row('creative', created.body.id)).toBeUndefined();
  });

  test('creative validation: description and format required, limits 200 and 50, type 1 to 3', async () => {
    const s = w.a.users.customer.user;
    const r = await call(t.url, 'POST', '/api/creatives/', {
      token: s.token,
      body: { customer_id: w.a.customerId, description: '   ', creative_format: 'x'.repeat(51), creative_type: 7 },
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({
      description: 'Description is required',
      creative_format: 'Format must be at most 50 characters',
      creative_type: 'Creative type must be 1 (video), 2 (image) or 3 (audio)',
    });
    const long = await call(t.url, 'PUT', `/api/creatives/${w.a.creativeId}`, {
      token: s.token,
      body: { description: 'd'.repeat(201) },
    });
    expect(long.body.fields).toEqual({ description: 'Description must be at most 200 characters' });
  });

  test('a creative with impression tags is not deleted (409)', async () => {
    const r = await call(t.url, 'DELETE', `/api/creatives/${w.a.creativeId}`, {
      token: w.a.users.customer.admin.token,
    });
    expect(r.status).toBe(409);
    expect(await row('creative', w.a.creativeId)).toBeDefined();
  });

  test('GraphQL: createCreative, updateCreative, deleteCreative and the same list as /api', async () => {
    const s = w.a.users.customer.admin;
    const created = await gql(
      t.url,
      'mutation($input: CreativeInput!) { createCreative(input: $input) { id creative_type_label } }',
      { input: { customer_id: w.a.customerId, description: 'Radio spot', creative_type: 3, creative_format: '30s' } },
      s.token,
    );
    expect(created.data.createCreative.creative_type_label).toBe('Audio');
    const id = created.data.createCreative.id;
    const bad = await gql(
      t.url,
      'mutation($id: Int!) { updateCreative(id: $id, input: { creative_format: "" }) { id } }',
      { id },
      s.token,
    );
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({ creative_format: 'Format is required' });
    const ok = await gql(
      t.url,
      'mutation($id: Int!) { updateCreative(id: $id, input: { description: "Radio spot 2" }) { description } }',
      { id },
      s.token,
    );
    expect(ok.data.updateCreative.description).toBe('Radio spot 2');
    const rest = await call(t.url, 'GET', `/api/creatives/customer/${w.a.customerId}`, { token: s.token });
    const g = await gql(
      t.url,
      `{ creatives(customer_id: ${w.a.customerId}) { id customer_id description creative_type creative_format creative_type_label url } }`,
      {},
      s.token,
    );
    expect(g.data.creatives).toEqual(rest.body);
    expect((await gql(t.url, `mutation { deleteCreative(id: ${id}) }`, {}, s.token)).data.deleteCreative).toBe(true);
  });
});

describe('site tags', () => {
  const snippet = (key: string) => `<script async src="${t.config.PUBLIC_URL}/t/s.js" data-tag="${key}"></script>`;

  test('a new site tag gets a random key, the exact snippet and Not detected', async () => {
    const s = w.a.users.customer.user;
    const r = await call(t.url, 'POST', '/api/sitetags/', {
      token: s.token,
      body: { customer_id: w.a.customerId, tag_description: ' Checkout ', tag_key: 'chosen-key', ping_count: 99 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.any(Number),
      customer_id: w.a.customerId,
      tag_description: 'Checkout',
      tag_key: expect.stringMatching(/^[A-Za-z0-9_-]{20,32}$/),
      tag: snippet(r.body.tag_key),
      main_site_tag: false,
      ping_count: 0,
      ping_date: null,
      status: 'Not detected',
    });
    expect(r.body.tag_key).not.toBe('chosen-key');
    const second = await call(t.url, 'POST', '/api/sitetags/', {
      token: s.token,
      body: { customer_id: w.a.customerId, tag_description: 'Cart' },
    });
    expect(second.body.tag_key).not.toBe(r.body.tag_key);
  });

  test('status follows pings: above 50 Active, 1 to 50 Low traffic, none Not detected', async () => {
    const s = w.a.users.customer.user;
    const status = async () =>
      (await call(t.url, 'GET', `/api/sitetags/customer/${w.a.customerId}`, { token: s.token })).body.find(
        (x: { id: number }) => x.id === w.a.siteTagId,
      );
    const ds = t.gateway.app.ds;
    await ds.query('UPDATE site_tag SET ping_count = 51, ping_date = NOW(3) WHERE id = ?', [w.a.siteTagId]);
    expect(await status()).toMatchObject({ status: 'Active', ping_count: 51, ping_date: expect.stringMatching(/Z$/) });
    await ds.query('UPDATE site_tag SET ping_count = 50 WHERE id = ?', [w.a.siteTagId]);
    expect((await status()).status).toBe('Low traffic');
    await ds.query('UPDATE site_tag SET ping_count = 0, ping_date = NULL WHERE id = ?', [w.a.siteTagId]);
    expect((await status()).status).toBe('Not detected');
  });

  test('one main site tag per customer; the description must not be blank', async () => {
    const s = w.a.users.broadcaster.admin;
    const created = await call(t.url, 'POST', '/api/sitetags/', {
      token: s.token,
      body: { customer_id: w.a.customerId, tag_description: 'Landing', main_site_tag: true },
    });
    expect(created.body.main_site_tag).toBe(true);
    expect(Number((await row('site_tag', w.a.siteTagId))?.main_site_tag)).toBe(0);
    const blank = await call(t.url, 'PUT', `/api/sitetags/${created.body.id}`, {
      token: s.token,
      body: { tag_description: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ tag_description: 'Tag description is required' });
    const key = created.body.tag_key;
    const renamed = await call(t.url, 'PUT', `/api/sitetags/${created.body.id}`, {
      token: s.token,
      body: { tag_description: 'Landing page', tag_key: 'nope' },
    });
    expect(renamed.body).toMatchObject({ tag_description: 'Landing page', tag_key: key, main_site_tag: true });
    const del = await call(t.url, 'DELETE', `/api/sitetags/${created.body.id}`, { token: s.token });
    expect(del.status).toBe(200);
    expect(await row('site_tag', created.body.id)).toBeUndefined();
  });

  test('GraphQL: createSiteTag, updateSiteTag, deleteSiteTag and the same list as /api', async () => {
    const s = w.a.users.agency.admin;
    const created = await gql(
      t.url,
      'mutation($input: SiteTagInput!) { createSiteTag(input: $input) { id tag tag_key status } }',
      { input: { customer_id: w.a.customerId, tag_description: 'Graph tag' } },
      s.token,
    );
    expect(created.data.createSiteTag.tag).toBe(snippet(created.data.createSiteTag.tag_key));
    const id = created.data.createSiteTag.id;
    const bad = await gql(
      t.url,
      'mutation($id: Int!) { updateSiteTag(id: $id, input: { tag_description: "" }) { id } }',
      { id },
      s.token,
    );
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({ tag_description: 'Tag description is required' });
    const ok = await gql(
      t.url,
      'mutation($id: Int!) { updateSiteTag(id: $id, input: { main_site_tag: true }) { main_site_tag } }',
      { id },
      s.token,
    );
    expect(ok.data.updateSiteTag.main_site_tag).toBe(true);
    const rest = await call(t.url, 'GET', `/api/sitetags/customer/${w.a.customerId}`, { token: s.token });
    const g = await gql(
      t.url,
      `{ siteTags(customer_id: ${w.a.customerId}) { id customer_id tag_description tag_key tag main_site_tag ping_count ping_date status } }`,
      {},
      s.token,
    );
    expect(g.data.siteTags).toEqual(rest.body);
    expect((await gql(t.url, `mutation { deleteSiteTag(id: ${id}) }`, {}, s.token)).data.deleteSiteTag).toBe(true);
  });
});

test('every record path is in the OpenAPI document', async () => {
  const doc = await call(t.url, 'GET', '/api/openapi.json');
  const paths = doc.body.paths as Record<string, Record<string, unknown>>;
  const expected: [string, string][] = [
    ['/api/campaigns/customer/{customerId}', 'get'],
    ['/api/campaigns', 'post'],
    ['/api/campaigns/{id}', 'put'],
    ['/api/campaigns/{id}', 'delete'],
    ['/api/bookings/customer/{customerId}', 'get'],
    ['/api/bookings/options/customer/{customerId}', 'get'],
    ['/api/bookings', 'post'],
    ['/api/bookings/{id}', 'put'],
    ['/api/bookings/{id}', 'delete'],
    ['/api/creatives/customer/{customerId}', 'get'],
    ['/api/creatives', 'post'],
    ['/api/creatives/{id}', 'put'],
    ['/api/creatives/{id}', 'delete'],
    ['/api/impressiontags/customer/{customerId}', 'get'],
    ['/api/impressiontags/save_combinations/{bookingId}', 'post'],
    ['/api/impressiontags/{id}', 'delete'],
    ['/api/sitetags/customer/{customerId}', 'get'],
    ['/api/sitetags', 'post'],
    ['/api/sitetags/{id}', 'put'],
    ['/api/sitetags/{id}', 'delete'],
  ];
  for (const [path, method] of expected)
    expect([path, method, Boolean(paths[path]?.[method])]).toEqual([path, method, true]);
});
