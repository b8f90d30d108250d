import { makeUser } from '../support/actors';
import { insertApiKey } from '../support/api-keys';
import { call, gql } from '../support/http';
import { type OrgWorld, startOrgWorld } from '../support/org-world';

/**
 * A client's attribution windows on both transports (docs/design.md#attribution-settings): whoever sees the
 * client reads them; its admins (and the super admin) ask for new ones, validated by the shared rules; each ask
 * is a pending change that supersedes the one before it and stays in the audit trail.
 */
let t: OrgWorld['t'];
let admin: string;
let tokens: OrgWorld['tokens'];
let db: OrgWorld['db'];
let customerId: number;
let customerAdmin: { token: string; name: string };
let customerUser: string;

const path = () => `/api/customers/${customerId}/attribution-windows`;
const SETTINGS = `customer_id touch_window_hours same_day_window_hours may_edit
  pending { id touch_window_hours same_day_window_hours status days_done days_total requested_by_name }
  history { id from_touch_window_hours from_same_day_window_hours touch_window_hours same_day_window_hours status requested_by requested_by_name requested_at }`;
const READ = `query($id: Int!) { attributionSettings(customerId: $id) { ${SETTINGS} } }`;
const SET = `mutation($id: Int!, $w: Int!, $s: Int!) {
  setAttributionWindows(customerId: $id, touchWindowHours: $w, sameDayWindowHours: $s) { ${SETTINGS} } }`;
const put = (token: string, body: Record<string, unknown>) => call(t.url, 'PUT', path(), { token, body });
const changes = () =>
  db<{ status: string; touch_hours: number; same_day_hours: number; from_touch_hours: number }>(
    'SELECT status, touch_hours, same_day_hours, from_touch_hours FROM attribution_change WHERE customer_id = ? ORDER BY id',
    [customerId],
  );

beforeAll(async () => {
  ({ t, admin, tokens, db } = await startOrgWorld());
  // The broadcaster makes the client, so the broadcaster's people see it and nobody else's do.
  const made = await call(t.url, 'POST', '/api/customers', {
    token: tokens.broadcasterAdmin,
    body: { cust_name: 'Window Foods', country_code: 'NZ' },
  });
  expect(made.body).toMatchObject({ cust_name: 'Window Foods' });
  customerId = made.body.id;
  const a = await makeUser(t, { entityType: 'CUSTOMER', entityId: customerId, admin: true, name: 'Wendy Admin' });
  customerAdmin = { token: a.token, name: 'Wendy Admin' };
  customerUser = (await makeUser(t, { entityType: 'CUSTOMER', entityId: customerId, admin: false })).token;
});
afterAll(() => t.close());

describe('reading the windows', () => {
  test('a new client has 7 days / 24 hours in force, nothing pending, no history; same on both transports', async () => {
    const rest = await call(t.url, 'GET', path(), { token: customerUser });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({
      customer_id: customerId,
      touch_window_hours: 168,
      same_day_window_hours: 24,
      may_edit: false,
      pending: null,
      history: [],
    });
    const g = await gql(t.url, READ, { id: customerId }, customerAdmin.token);
    expect(g.errors).toBeUndefined();
    expect(g.data.attributionSettings).toMatchObject({ touch_window_hours: 168, same_day_window_hours: 24 });
    expect(g.data.attributionSettings.may_edit).toBe(true);
  });

  test('who may see the client reads them; another tenant gets 404 like the client itself', async () => {
    for (const token of [tokens.broadcasterUser, tokens.broadcasterAdmin, admin]) {
      expect((await call(t.url, 'GET', path(), { token })).status).toBe(200);
    }
    const other = await call(t.url, 'GET', path(), { token: tokens.soloBroadcasterAdmin });
    expect(other.status).toBe(404);
    const g = await gql(t.url, READ, { id: customerId }, tokens.soloBroadcasterAdmin);
    expect(g.errors?.[0].extensions?.status).toBe(404);
    expect((await call(t.url, 'GET', '/api/customers/999999/attribution-windows', { token: admin })).status).toBe(404);
    expect((await call(t.url, 'GET', '/api/customers/abc/attribution-windows', { token: admin })).status).toBe(400);
    expect((await call(t.url, 'GET', path())).status).toBe(401);
  });
});

describe('validation', () => {
  test.each([
    [
      { touch_window_hours: 0, same_day_window_hours: 1 },
      { touch_window_hours: 'Touch window must be between 1 and 720 hours (30 days)' },
    ],
    [
      { touch_window_hours: 721, same_day_window_hours: 24 },
      { touch_window_hours: 'Touch window must be between 1 and 720 hours (30 days)' },
    ],
    [
      { touch_window_hours: 36.5, same_day_window_hours: 24 },
      { touch_window_hours: 'Touch window must be a whole number of hours' },
    ],
    [
      { touch_window_hours: 'a week', same_day_window_hours: 24 },
      { touch_window_hours: 'Touch window must be a whole number of hours' },
    ],
    [{ same_day_window_hours: 24 }, { touch_window_hours: 'Touch window must be a whole number of hours' }],
    [
      { touch_window_hours: 168, same_day_window_hours: 0 },
      { same_day_window_hours: 'Same-day window must be at least 1 hour' },
    ],
    [
      { touch_window_hours: 168, same_day_window_hours: 1.5 },
      { same_day_window_hours: 'Same-day window must be a whole number of hours' },
    ],
    [
      { touch_window_hours: 12, same_day_window_hours: 24 },
      { same_day_window_hours: 'Same-day window cannot be longer than the touch window' },
    ],
  ])('%j answers 400 with %j and queues nothing', async (body, fields) => {
    const r = await put(customerAdmin.token, body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual(fields);
    expect(r.body.message).toBe(Object.values(fields)[0]);
    expect(await changes()).toEqual([]);
  });

  test('GraphQL answers the same field errors (S > W), and a non-integer is refused before the service', async () => {
    const g = await gql(t.url, SET, { id: customerId, w: 12, s: 24 }, customerAdmin.token);
    expect(g.errors?.[0].extensions?.fields).toEqual({
      same_day_window_hours: 'Same-day window cannot be longer than the touch window',
    });
    const frac = await call(t.url, 'POST', '/graphql', {
      token: customerAdmin.token,
      body: { query: SET, variables: { id: customerId, w: 36.5, s: 24 } },
    });
    expect(frac.status).toBeLessThan(500);
    expect(frac.body.errors?.[0].message).toMatch(/Int/);
    expect(await changes()).toEqual([]);
  });
});

describe('rights to change them', () => {
  test.each([
    ['a customer user', () => customerUser, 403],
    ['a broadcaster admin who manages the client', () => tokens.broadcasterAdmin, 403],
    ['a broadcaster user', () => tokens.broadcasterUser, 403],
    ['another tenant', () => tokens.soloBroadcasterAdmin, 404],
  ])('%s is refused (%d) on both transports and nothing is queued', async (_who, token, status) => {
    const r = await put(token(), { touch_window_hours: 336, same_day_window_hours: 24 });
    expect(r.status).toBe(status);
    const g = await gql(t.url, SET, { id: customerId, w: 336, s: 24 }, token());
    expect(g.errors?.[0].extensions?.status).toBe(status);
    expect(await changes()).toEqual([]);
  });

  test('a read-only API key of the client reads but may not change; a write key may not either', async () => {
    for (const scopes of [['read'], ['read', 'write']] as const) {
      const key = await insertApiKey(t, { entityType: 'CUSTOMER', entityId: customerId, scopes: [...scopes] });
      const headers = { 'x-api-key': key.secret };
      expect((await call(t.url, 'GET', path(), { headers })).status).toBe(200);
      const r = await call(t.url, 'PUT', path(), {
        headers,
        body: { touch_window_hours: 336, same_day_window_hours: 24 },
      });
      expect(r.status).toBe(403);
      const g = await call(t.url, 'POST', '/graphql', {
        headers,
        body: { query: SET, variables: { id: customerId, w: 336, s: 24 } },
      });
      expect(g.body.errors?.[0].extensions?.status).toBe(403);
    }
    expect(await changes()).toEqual([]);
  });
});

describe('asking for new windows', () => {
  test('asking for what is in force with nothing pending changes nothing', async () => {
    const r = await put(customerAdmin.token, { touch_window_hours: 168, same_day_window_hours: 24 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ touch_window_hours: 168, same_day_window_hours: 24, pending: null, history: [] });
    expect(await changes()).toEqual([]);
  });

  test('the client admin asks for 14 days: a pending change, the windows in force unchanged, the asker named', async () => {
    const r = await put(customerAdmin.token, { touch_window_hours: 336, same_day_window_hours: 24 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      touch_window_hours: 168,
      same_day_window_hours: 24,
      pending: {
        touch_window_hours: 336,
        same_day_window_hours: 24,
        status: 'pending',
        days_done: 0,
        days_total: 0,
        requested_by_name: customerAdmin.name,
      },
    });
    expect(r.body.history).toHaveLength(1);
    expect(r.body.history[0]).toMatchObject({
      from_touch_window_hours: 168,
      from_same_day_window_hours: 24,
      touch_window_hours: 336,
      status: 'pending',
    });
    expect(Date.now() - Date.parse(r.body.history[0].requested_at)).toBeLessThan(60_000);
    const [{ touch_window_hours: w }] = await db('SELECT touch_window_hours FROM customer WHERE id = ?', [customerId]);
    expect(Number(w)).toBe(168);
    // Saving twice (a double click) queues nothing more.
    expect((await put(customerAdmin.token, { touch_window_hours: 336, same_day_window_hours: 24 })).status).toBe(200);
    expect(await changes()).toHaveLength(1);
  });

  test('a later ask (GraphQL, the super admin) supersedes the pending one; so does one while it runs', async () => {
    const g = await gql(t.url, SET, { id: customerId, w: 48, s: 12 }, admin);
    expect(g.errors).toBeUndefined();
    expect(g.data.setAttributionWindows.pending).toMatchObject({ touch_window_hours: 48, same_day_window_hours: 12 });
    expect((await changes()).map((c) => c.status)).toEqual(['superseded', 'pending']);
    // The recompute picked it up and is half way; a new ask replaces it too.
    await db(
      "UPDATE attribution_change SET status = 'running', days_done = 5, days_total = 10 WHERE customer_id = ? AND status = 'pending'",
      [customerId],
    );
    const running = await call(t.url, 'GET', path(), { token: customerUser });
    expect(running.body.pending).toMatchObject({ status: 'running', days_done: 5, days_total: 10 });
    const r = await put(customerAdmin.token, { touch_window_hours: '720', same_day_window_hours: '48' });
    expect(r.status).toBe(200);
    expect(r.body.pending).toMatchObject({ touch_window_hours: 720, same_day_window_hours: 48, status: 'pending' });
    expect(await changes()).toEqual([
      { status: 'superseded', touch_hours: 336, same_day_hours: 24, from_touch_hours: 168 },
      { status: 'superseded', touch_hours: 48, same_day_hours: 12, from_touch_hours: 168 },
      { status: 'pending', touch_hours: 720, same_day_hours: 48, from_touch_hours: 168 },
    ]);
  });

  test('concurrent asks leave exactly one open change', async () => {
    const asks = [24, 48, 72, 96, 120].map((w) =>
      put(customerAdmin.token, { touch_window_hours: w, same_day_window_hours: 6 }),
    );
    expect((await Promise.all(asks)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const open = (await changes()).filter((c) => c.status === 'pending' || c.status === 'running');
    expect(open).toHaveLength(1);
  });

  test('once the recompute switches, the audit trail reads from -> to, and the dashboard follows', async () => {
    const before = (await changes()).length;
    const r = await put(customerAdmin.token, { touch_window_hours: 336, same_day_window_hours: 24 });
    const id = r.body.pending.id;
    // What the recompute does at its end, in one transaction (simulated here).
    await db('UPDATE customer SET touch_window_hours = 336, same_day_window_hours = 24 WHERE id = ?', [customerId]);
    await db(
      "UPDATE attribution_change SET status = 'done', days_done = 3, days_total = 3, finished_at = NOW(3) WHERE id = ?",
      [id],
    );
    const after = await call(t.url, 'GET', path(), { token: customerUser });
    expect(after.body).toMatchObject({ touch_window_hours: 336, same_day_window_hours: 24, pending: null });
    expect(after.body.history).toHaveLength(Math.min(10, before + 1));
    expect(after.body.history[0]).toMatchObject({ id, status: 'done', touch_window_hours: 336 });
    const dash = await call(t.url, 'GET', '/api/dashboard/customers', { token: customerUser });
    expect(dash.body.find((c: { id: number }) => c.id === customerId)).toMatchObject({
      touch_window_hours: 336,
      same_day_window_hours: 24,
    });
    const g = await gql(
      t.url,
      '{ dashboardCustomers { id touch_window_hours same_day_window_hours } }',
      {},
      customerUser,
    );
    expect(g.data.dashboardCustomers).toContainEqual({
      id: customerId,
      touch_window_hours: 336,
      same_day_window_hours: 24,
    });
    // Back to the defaults: asked from 14 days, now in force.
    const back = await put(customerAdmin.token, { touch_window_hours: 168, same_day_window_hours: 24 });
    expect(back.body.history[0]).toMatchObject({
      from_touch_window_hours: 336,
      touch_window_hours: 168,
      status: 'pending',
      requested_by_name: customerAdmin.name,
    });
  });

  test('the history lists the latest 10 changes, newest first', async () => {
    for (const w of [30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]) {
      expect((await put(admin, { touch_window_hours: w, same_day_window_hours: 1 })).status).toBe(200);
    }
    const r = await call(t.url, 'GET', path(), { token: customerUser });
    expect(r.body.history).toHaveLength(10);
    expect(r.body.history.map((h: { touch_window_hours: number }) => h.touch_window_hours)).toEqual([
      40, 39, 38, 37, 36, 35, 34, 33, 32, 31,
    ]);
    expect(r.body.history.slice(1).every((h: { status: string }) => h.status === 'superseded')).toBe(true);
  });
});
