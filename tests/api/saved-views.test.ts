import { insertApiKey } from '../support/api-keys';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, type RecordsWorld } from '../support/records-fixtures';

/**
 * Saved views (docs/api.md#saved-views): a user names the dashboard selection the address holds, lists,
 * renames and deletes their own on REST and GraphQL alike; another user's view is not found (404), never
 * shown nor changed; bad input is a 400 naming the field; an API key has no views (403).
 */
let t: TestGateway;
let w: RecordsWorld;

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
}, 120_000);
afterAll(() => t.close());

const me = () => w.a.users.customer.user.token;
const colleague = () => w.a.users.customer.admin.token;
const stranger = () => w.b.users.agency.user.token;

const FIELDS = 'id name query created_at updated_at';
const LIST = `{ savedViews { ${FIELDS} } }`;
const CREATE = `mutation ($input: SavedViewInput!) { createSavedView(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: Int!, $input: SavedViewInput!) { updateSavedView(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($id: Int!) { deleteSavedView(id: $id) { ${FIELDS} } }`;

const statusOf = (r: { errors?: { extensions?: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions?.status;

describe('on REST', () => {
  test('names a selection, lists it, renames it, saves a new selection under it and deletes it', async () => {
    const query = `client=${w.a.customerId}&start=2026-11-01&end=2026-11-28&campaign=${w.a.campaignId}`;
    const created = await call(t.url, 'POST', '/api/saved-views', {
      token: me(),
      body: { name: '  Kea November  ', query: `?${query}` },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Kea November', query });
    const id = created.body.id as number;

    const list = await call(t.url, 'GET', '/api/saved-views', { token: me() });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);

    const renamed = await call(t.url, 'PUT', `/api/saved-views/${id}`, {
      token: me(),
      body: { name: 'Kea, all of Nov' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: 'Kea, all of Nov', query });

    const moved = await call(t.url, 'PUT', `/api/saved-views/${id}`, {
      token: me(),
      body: { query: `client=${w.a.customerId}&view=performance` },
    });
    expect(moved.body).toMatchObject({
      id,
      name: 'Kea, all of Nov',
      query: `client=${w.a.customerId}&view=performance`,
    });

    const gone = await call(t.url, 'DELETE', `/api/saved-views/${id}`, { token: me() });
    expect(gone.status).toBe(200);
    expect(gone.body.id).toBe(id);
    expect((await call(t.url, 'GET', '/api/saved-views', { token: me() })).body).toEqual([]);
    expect((await call(t.url, 'DELETE', `/api/saved-views/${id}`, { token: me() })).status).toBe(404);
  });

  test("another user's view id answers 404 to read, rename and delete, and is left as it was", async () => {
    const mine = await call(t.url, 'POST', '/api/saved-views', {
      token: me(),
      body: { name: 'Private', query: `client=${w.a.customerId}` },
    });
    const id = mine.body.id as number;
    for (const token of [colleague(), stranger()]) {
      expect((await call(t.url, 'GET', '/api/saved-views', { token })).body).toEqual([]);
      const rename = await call(t.url, 'PUT', `/api/saved-views/${id}`, { token, body: { name: 'Taken over' } });
      expect(rename.status).toBe(404);
      expect(rename.body.message).toBe('Saved view not found.');
      expect((await call(t.url, 'DELETE', `/api/saved-views/${id}`, { token })).status).toBe(404);
    }
    expect((await call(t.url, 'GET', '/api/saved-views', { token: me() })).body).toEqual([mine.body]);
    // A colleague may use the same name for a view of their own.
    const theirs = await call(t.url, 'POST', '/api/saved-views', { token: colleague(), body: { name: 'Private' } });
    expect(theirs.status).toBe(201);
    await call(t.url, 'DELETE', `/api/saved-views/${id}`, { token: me() });
    await call(t.url, 'DELETE', `/api/saved-views/${theirs.body.id}`, { token: colleague() });
  });

  test('refuses bad input with a 400 naming the field, a second view of the same name with a 409', async () => {
    const bad = [
      [{ query: 'client=1' }, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
      [{ name: { a: 1 } }, 'name', 'name must be text.'],
      [{ name: 'ok', query: 42 }, 'query', expect.stringContaining('Query must be')],
      [{ name: 'ok', query: `a=${'x'.repeat(2001)}` }, 'query', expect.stringContaining('Query must be')],
      [{ name: 'ok', query: 'a=1\nb=2' }, 'query', expect.stringContaining('Query must be')],
    ] as const;
    for (const [body, field, message] of bad) {
      const r = await call(t.url, 'POST', '/api/saved-views', { token: me(), body });
      expect(r.status).toBe(400);
      expect(r.body.fields?.[field] ?? r.body.message).toEqual(message);
    }
    const first = await call(t.url, 'POST', '/api/saved-views', { token: me(), body: { name: 'Twice' } });
    expect(first.status).toBe(201);
    const second = await call(t.url, 'POST', '/api/saved-views', { token: me(), body: { name: 'Twice' } });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You already have a view with this name');
    const other = await call(t.url, 'POST', '/api/saved-views', { token: me(), body: { name: 'Other' } });
    const clash = await call(t.url, 'PUT', `/api/saved-views/${other.body.id}`, {
      token: me(),
      body: { name: 'Twice' },
    });
    expect(clash.status).toBe(409);
    expect((await call(t.url, 'PUT', '/api/saved-views/abc', { token: me(), body: {} })).status).toBe(400);
    for (const v of [first, other]) await call(t.url, 'DELETE', `/api/saved-views/${v.body.id}`, { token: me() });
  });

  test('answers 401 without a token and 403 to an API key', async () => {
    expect((await call(t.url, 'GET', '/api/saved-views')).status).toBe(401);
    const key = await insertApiKey(t, { entityType: 'CUSTOMER', entityId: w.a.customerId, scopes: ['read', 'write'] });
    const r = await call(t.url, 'GET', '/api/saved-views', { token: key.secret });
    expect(r.status).toBe(403);
  });
});

describe('on GraphQL', () => {
  test('the same views and answers as REST, and another user gets NOT_FOUND for its id', async () => {
    const created = await gql(
      t.url,
      CREATE,
      { input: { name: 'Via GraphQL', query: `client=${w.a.customerId}` } },
      me(),
    );
    expect(created.errors).toBeUndefined();
    const view = created.data.createSavedView;
    expect(view).toMatchObject({ name: 'Via GraphQL', query: `client=${w.a.customerId}` });

    const list = await gql(t.url, LIST, {}, me());
    expect(list.data.savedViews).toEqual([view]);
    expect((await call(t.url, 'GET', '/api/saved-views', { token: me() })).body).toEqual([view]);

    for (const token of [colleague(), stranger()]) {
      expect((await gql(t.url, LIST, {}, token)).data.savedViews).toEqual([]);
      const rename = await gql(t.url, UPDATE, { id: view.id, input: { name: 'Taken over' } }, token);
      expect(statusOf(rename)).toBe(404);
      expect(rename.errors?.[0].message).toBe('Saved view not found.');
      expect(statusOf(await gql(t.url, DELETE, { id: view.id }, token))).toBe(404);
    }

    const renamed = await gql(t.url, UPDATE, { id: view.id, input: { name: 'Renamed' } }, me());
    expect(renamed.data.updateSavedView).toMatchObject({ id: view.id, name: 'Renamed', query: view.query });
    const bad = await gql(t.url, CREATE, { input: { name: '' } }, me());
    expect(statusOf(bad)).toBe(400);
    expect(bad.errors?.[0].message).toBe('Name is required');
    expect((await gql(t.url, DELETE, { id: view.id }, me())).data.deleteSavedView.id).toBe(view.id);
    expect((await gql(t.url, LIST, {}, me())).data.savedViews).toEqual([]);
    expect(statusOf(await gql(t.url, LIST))).toBe(401);
  });
});
