import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { makeUser } from '../support/actors';

/** System administration (spec 2): broadcasters, adtechs, adtech groups, channels, removal by type. */
let t: TestGateway;
let admin: string;
let broadcasterAdmin: string;
let broadcasterId: number;
let customerUser: string;

const db = <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => t.gateway.app.ds.query(sql, params);

beforeAll(async () => {
  t = await startTestGateway();
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  broadcasterId = (
    await call(t.url, 'POST', '/api/broadcasters/', {
      token: admin,
      body: { broadcaster_name: 'Kiwi TV', country_code: 'NZ', country_list: ['AU', 'FJ'] },
    })
  ).body.id;
  broadcasterAdmin = (await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: true })).token;
  const [c]: any[] = await db(
    "INSERT INTO customer (cust_name, country_code, time_zone) VALUES ('Tui Brewing', 'NZ', 'Pacific/Auckland')",
  ).then((r: any) => [{ id: r.insertId }]);
  customerUser = (await makeUser(t, { entityType: 'CUSTOMER', entityId: c.id, admin: true })).token;
});
afterAll(() => t.close());

describe('broadcasters', () => {
  test('the super admin creates and updates; country_list always holds the primary first', async () => {
    const list = await call(t.url, 'GET', '/api/broadcasters/', { token: admin });
    expect(list.body).toEqual([
      { id: broadcasterId, broadcaster_name: 'Kiwi TV', country_code: 'NZ', country_list: ['NZ', 'AU', 'FJ'] },
    ]);
    const g = await gql(
      t.url,
      `mutation($id: Int!) { updateBroadcaster(id: $id, input: { broadcaster_name: "Kiwi TV Group", country_code: "AU", country_list: ["NZ"] }) { id broadcaster_name country_code country_list } }`,
      { id: broadcasterId },
      admin,
    );
    expect(g.data.updateBroadcaster).toEqual({
      id: broadcasterId,
      broadcaster_name: 'Kiwi TV Group',
      country_code: 'AU',
      country_list: ['AU', 'NZ'],
    });
    const rest = await call(t.url, 'GET', '/api/broadcasters/', { token: admin });
    const q = await gql(t.url, '{ broadcasters { id broadcaster_name country_code country_list } }', {}, admin);
    expect(q.data.broadcasters).toEqual(rest.body);
    const created = await gql(
      t.url,
      'mutation { createBroadcaster(input: { broadcaster_name: "Pacific One", country_code: "FJ" }) { country_list } }',
      {},
      admin,
    );
    expect(created.data.createBroadcaster.country_list).toEqual(['FJ']);
    // A broadcaster user sees only their own broadcaster; others none.
    expect(
      (await call(t.url, 'GET', '/api/broadcasters/', { token: broadcasterAdmin })).body.map((b: any) => b.id),
    ).toEqual([broadcasterId]);
    expect((await call(t.url, 'GET', '/api/broadcasters/', { token: customerUser })).body).toEqual([]);
  });

  test('validation: name and primary country required; unknown countries rejected', async () => {
    const r = await call(t.url, 'POST', '/api/broadcasters/', { token: admin, body: { broadcaster_name: ' ' } });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({
      broadcaster_name: 'Broadcaster name is required',
      country_code: 'Primary country is required',
    });
    const unknown = await call(t.url, 'PUT', `/api/broadcasters/${broadcasterId}`, {
      token: admin,
      body: { broadcaster_name: 'Kiwi TV', country_code: 'NZ', country_list: ['ZZ'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ country_list: 'Unknown country: ZZ' });
    const g = await gql(t.url, 'mutation { createBroadcaster(input: { broadcaster_name: "X" }) { id } }', {}, admin);
    expect(g.errors?.[0].extensions?.fields).toEqual({ country_code: 'Primary country is required' });
  });

  test('permission: even a broadcaster’s own admin may not write broadcasters', async () => {
    const put = await call(t.url, 'PUT', `/api/broadcasters/${broadcasterId}`, {
      token: broadcasterAdmin,
      body: { broadcaster_name: 'Mine Now', country_code: 'NZ' },
    });
    expect(put.status).toBe(403);
    const g = await gql(
      t.url,
      'mutation { createBroadcaster(input: { broadcaster_name: "Rogue", country_code: "NZ" }) { id } }',
      {},
      broadcasterAdmin,
    );
    expect(g.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await db("SELECT id FROM broadcaster WHERE broadcaster_name IN ('Mine Now', 'Rogue')")).toHaveLength(0);
  });
});

describe('adtechs and adtech groups', () => {
  let adtechs: number[] = [];

  test('adtechs carry their job number and charged CPM requirements', async () => {
    const a = await call(t.url, 'POST', '/api/adtechs/', {
      token: admin,
      body: { adtech_name: 'Ad Stack', country_code: 'NZ', requires_job_number: true },
    });
    expect(a.body).toMatchObject({
      adtech_name: 'Ad Stack',
      requires_job_number: true,
      requires_charged_cpm: false,
      country_list: ['NZ'],
    });
    const b = await gql(
      t.url,
      'mutation { createAdtech(input: { adtech_name: "Pixel Pro", country_code: "AU", country_list: ["NZ"], requires_charged_cpm: true }) { id adtech_name country_list requires_job_number requires_charged_cpm } }',
      {},
      admin,
    );
    expect(b.data.createAdtech).toMatchObject({
      country_list: ['AU', 'NZ'],
      requires_charged_cpm: true,
      requires_job_number: false,
    });
    adtechs = [a.body.id, b.data.createAdtech.id];
    const put = await call(t.url, 'PUT', `/api/adtechs/${a.body.id}`, {
      token: admin,
      body: { adtech_name: 'Ad Stack NZ', country_code: 'NZ', requires_job_number: false },
    });
    expect(put.body).toMatchObject({ adtech_name: 'Ad Stack NZ', requires_job_number: false });
    // Every signed-in user reads adtechs (the booking form's publishers), the same on both transports.
    const rest = await call(t.url, 'GET', '/api/adtechs/', { token: customerUser });
    const g = await gql(
      t.url,
      '{ adtechs { id adtech_name country_code country_list requires_job_number requires_charged_cpm } }',
      {},
      customerUser,
    );
    expect(g.data.adtechs).toEqual(rest.body);
    expect(rest.body).toHaveLength(2);
  });

  test('adtech validation and permission', async () => {
    const r = await call(t.url, 'POST', '/api/adtechs/', { token: admin, body: { country_code: 'NZ' } });
    expect(r.body.fields).toEqual({ adtech_name: 'AdTech name is required' });
    const g = await gql(
      t.url,
      `mutation($id: Int!) { updateAdtech(id: $id, input: { adtech_name: "Z", country_code: "" }) { id } }`,
      { id: adtechs[0] },
      admin,
    );
    expect(g.errors?.[0].extensions?.fields).toEqual({ country_code: 'Primary country is required' });
    const denied = await call(t.url, 'POST', '/api/adtechs/', {
      token: broadcasterAdmin,
      body: { adtech_name: 'Nope', country_code: 'NZ' },
    });
    expect(denied.status).toBe(403);
    const deniedG = await gql(
      t.url,
      `mutation($id: Int!) { updateAdtech(id: $id, input: { adtech_name: "Nope", country_code: "NZ" }) { id } }`,
      { id: adtechs[0] },
      customerUser,
    );
    expect(deniedG.errors?.[0].extensions?.status).toBe(403);
    const missing = await call(t.url, 'PUT', '/api/adtechs/999999', {
      token: admin,
      body: { adtech_name: 'Ghost', country_code: 'NZ' },
    });
    expect(missing.status).toBe(404);
  });

  test('groups list their adtech_count; updates replace the members', async () => {
    const g = await call(t.url, 'POST', '/api/adtechgroups/', {
      token: admin,
      body: { group_name: 'Programmatic', adtech_ids: adtechs },
    });
    expect(g.body).toEqual({
      id: expect.any(Number),
      group_name: 'Programmatic',
      adtech_count: 2,
      adtech_ids: [...adtechs].sort((a, b) => a - b),
    });
    const u = await gql(
      t.url,
      `mutation($id: Int!, $ids: [Int!]) { updateAdtechGroup(id: $id, input: { group_name: "Programmatic NZ", adtech_ids: $ids }) { id group_name adtech_count adtech_ids } }`,
      { id: g.body.id, ids: [adtechs[1]] },
      admin,
    );
    expect(u.data.updateAdtechGroup).toMatchObject({
      group_name: 'Programmatic NZ',
      adtech_count: 1,
      adtech_ids: [adtechs[1]],
    });
    await gql(t.url, 'mutation { createAdtechGroup(input: { group_name: "Empty" }) { id } }', {}, admin);
    const rest = await call(t.url, 'GET', '/api/adtechgroups/', { token: admin });
    const q = await gql(t.url, '{ adtechGroups { id group_name adtech_count adtech_ids } }', {}, admin);
    expect(q.data.adtechGroups).toEqual(rest.body);
    expect(rest.body.map((x: any) => [x.group_name, x.adtech_count])).toEqual([
      ['Empty', 0],
      ['Programmatic NZ', 1],
    ]);
    const put = await call(t.url, 'PUT', `/api/adtechgroups/${g.body.id}`, {
      token: admin,
      body: { group_name: 'Programmatic' },
    });
    expect(put.body.adtech_count).toBe(1);
  });

  test('group validation and permission', async () => {
    const r = await call(t.url, 'POST', '/api/adtechgroups/', { token: admin, body: { group_name: '' } });
    expect(r.body).toMatchObject({
      message: 'Group name is required',
      fields: { group_name: 'Group name is required' },
    });
    const unknown = await call(t.url, 'POST', '/api/adtechgroups/', {
      token: admin,
      body: { group_name: 'Ghosts', adtech_ids: [987654] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.adtech_ids).toBeDefined();
    const g = await gql(t.url, 'mutation { createAdtechGroup(input: { group_name: "  " }) { id } }', {}, admin);
    expect(g.errors?.[0].extensions?.fields).toEqual({ group_name: 'Group name is required' });
    expect((await call(t.url, 'GET', '/api/adtechgroups/', { token: broadcasterAdmin })).status).toBe(403);
    const deniedG = await gql(t.url, '{ adtechGroups { id } }', {}, customerUser);
    expect(deniedG.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(
      (await call(t.url, 'PUT', '/api/adtechgroups/1', { token: broadcasterAdmin, body: { group_name: 'Mine' } }))
        .status,
    ).toBe(403);
    const deniedCreate = await gql(
      t.url,
      'mutation { createAdtechGroup(input: { group_name: "Mine" }) { id } }',
      {},
      broadcasterAdmin,
    );
    expect(deniedCreate.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('channels', () => {
  test('channels name their owner; REST and GraphQL agree; broadcaster users see their own', async () => {
    const [adtech] = (await call(t.url, 'GET', '/api/adtechs/', { token: admin })).body;
    const c1 = await call(t.url, 'POST', '/api/channels/', {
      token: admin,
      body: { channel_name: 'Kiwi Now', owner_type: 'broadcaster', owner_id: broadcasterId },
    });
    expect(c1.body).toEqual({
      id: expect.any(Number),
      channel_name: 'Kiwi Now',
      owner_type: 'broadcaster',
      owner_id: broadcasterId,
      owner_name: 'Kiwi TV Group',
    });
    const c2 = await gql(
      t.url,
      `mutation($owner: Int!) { createChannel(input: { channel_name: "Stack Video", owner_type: "adtech", owner_id: $owner }) { id owner_name owner_type } }`,
      { owner: adtech.id },
      admin,
    );
    expect(c2.data.createChannel).toMatchObject({ owner_type: 'adtech', owner_name: adtech.adtech_name });
    const renamed = await call(t.url, 'PUT', `/api/channels/${c1.body.id}`, {
      token: admin,
      body: { channel_name: 'Kiwi On Demand', owner_type: 'broadcaster', owner_id: broadcasterId },
    });
    expect(renamed.body.channel_name).toBe('Kiwi On Demand');
    const rest = await call(t.url, 'GET', '/api/channels/', { token: admin });
    const q = await gql(t.url, '{ channels { id channel_name owner_type owner_id owner_name } }', {}, admin);
    expect(q.data.channels).toEqual(rest.body);
    expect(rest.body).toHaveLength(2);
    const own = await call(t.url, 'GET', '/api/channels/', { token: broadcasterAdmin });
    expect(own.body.map((c: any) => c.channel_name)).toEqual(['Kiwi On Demand']);
    const g = await gql(
      t.url,
      `mutation($id: Int!) { updateChannel(id: $id, input: { channel_name: "Renamed", owner_type: "broadcaster", owner_id: ${broadcasterId} }) { channel_name } }`,
      { id: c1.body.id },
      admin,
    );
    expect(g.data.updateChannel.channel_name).toBe('Renamed');
  });

  test('channel validation messages (spec 5) and an unknown owner', async () => {
    const r = await call(t.url, 'POST', '/api/channels/', { token: admin, body: {} });
    expect(r.body.fields).toEqual({
      channel_name: 'Channel name is required',
      owner_type: 'Owner type is required',
      owner_id: 'Owner is required',
    });
    const ghost = await call(t.url, 'POST', '/api/channels/', {
      token: admin,
      body: { channel_name: 'Ghost', owner_type: 'adtech', owner_id: 424242 },
    });
    expect(ghost.body.fields).toEqual({ owner_id: 'Owner is required' });
    const g = await gql(
      t.url,
      'mutation { updateChannel(id: 1, input: { channel_name: "" , owner_type: "broadcaster", owner_id: 1}) { id } }',
      {},
      admin,
    );
    expect(g.errors?.[0].extensions?.fields).toEqual({ channel_name: 'Channel name is required' });
  });

  test('channel permission: super admin only', async () => {
    const r = await call(t.url, 'POST', '/api/channels/', {
      token: broadcasterAdmin,
      body: { channel_name: 'Sneaky', owner_type: 'broadcaster', owner_id: broadcasterId },
    });
    expect(r.status).toBe(403);
    const g = await gql(
      t.url,
      `mutation { updateChannel(id: 1, input: { channel_name: "Sneaky", owner_type: "broadcaster", owner_id: ${broadcasterId} }) { id } }`,
      {},
      customerUser,
    );
    expect(g.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await db("SELECT id FROM channel WHERE channel_name = 'Sneaky'")).toHaveLength(0);
  });
});

describe('removal by type and id', () => {
  test('channels, adtechs and broadcasters: super admin only, blocked while in use', async () => {
    const channels = (await call(t.url, 'GET', '/api/channels/', { token: admin })).body;
    const stackVideo = channels.find((c: any) => c.owner_type === 'adtech');
    expect(
      (await call(t.url, 'DELETE', `/api/entities/channel/${stackVideo.id}`, { token: broadcasterAdmin })).status,
    ).toBe(403);
    const busy = await call(t.url, 'DELETE', `/api/entities/adtech/${stackVideo.owner_id}`, { token: admin });
    expect(busy.status).toBe(409);
    const r = await call(t.url, 'DELETE', `/api/entities/channel/${stackVideo.id}`, { token: admin });
    expect(r.body).toEqual({ message: 'Agency removed successfully' });
    const g = await gql(
      t.url,
      `mutation($id: Int!) { removeEntity(type: "adtech", id: $id) { message } }`,
      { id: stackVideo.owner_id },
      admin,
    );
    expect(g.data.removeEntity.message).toBe('Agency removed successfully');
    expect(
      await db('SELECT adtech_id FROM adtech_group_member WHERE adtech_id = ?', [stackVideo.owner_id]),
    ).toHaveLength(0);
    const own = await call(t.url, 'DELETE', `/api/entities/broadcaster/${broadcasterId}`, { token: broadcasterAdmin });
    expect(own.status).toBe(403);
  });

  test('an unknown type is a 400, an unknown id a 404, a user a user message', async () => {
    const bad = await call(t.url, 'DELETE', '/api/entities/planet/1', { token: admin });
    expect(bad.status).toBe(400);
    const g = await gql(t.url, 'mutation { removeEntity(type: "planet", id: 1) { message } }', {}, admin);
    expect(g.errors?.[0].extensions?.status).toBe(400);
    expect((await call(t.url, 'DELETE', '/api/entities/agency/999999', { token: admin })).status).toBe(404);
    const u = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false });
    const r = await call(t.url, 'DELETE', `/api/entities/user/${u.actor.userId}`, { token: broadcasterAdmin });
    expect(r.body).toEqual({ message: 'User removed successfully' });
  });
});
