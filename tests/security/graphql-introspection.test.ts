import { getIntrospectionQuery } from 'graphql';
import { makeUser } from '../support/actors';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/**
 * GraphQL in production (item 4): introspection off unless configured on, and then only for a
 * signed-in super admin; the depth and cost limits count introspection fields like any other.
 */
const SCHEMA_READ = '{ __schema { queryType { name } } }';
const TYPE_READ = '{ __type(name: "Me") { name fields { name } } }';

const ask = (t: TestGateway, query: string, token?: string) =>
  call(t.url, 'POST', '/graphql', { token, body: { query } });
const superAdminToken = async (t: TestGateway) =>
  (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.access_token as string;
const broadcasterAdminToken = async (t: TestGateway) => {
  const b: { insertId: number } = await t.gateway.app.ds.query(
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('Schema TV', 'NZ')",
  );
  return (await makeUser(t, { entityType: 'BROADCASTER', entityId: b.insertId, admin: true })).token;
};

describe('depth and cost count introspection fields', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway();
  });
  afterAll(() => t.close());

  test("graphql-js's full introspection query (depth 21) is refused by the depth limit", async () => {
    const r = await ask(t, getIntrospectionQuery());
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(JSON.stringify(r.body.errors)).toMatch(/depth limit of 12 exceeded, found 21/);
  });

  test('a deep __type chain is refused too', async () => {
    const ofType = (n: number): string => (n === 0 ? 'name' : `name ofType { ${ofType(n - 1)} }`);
    const r = await ask(t, `{ __type(name: "Me") { fields { type { ${ofType(15)} } } } }`);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.errors)).toMatch(/depth limit/);
  });

  test('a shallow schema read still works outside production', async () => {
    const r = await ask(t, SCHEMA_READ);
    expect(r.status).toBe(200);
    expect(r.body.data.__schema.queryType.name).toBe('Query');
  });
});

describe('production, introspection not configured', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  });
  afterAll(() => t.close());

  test('nobody reads the schema, not even the super admin; __typename still answers', async () => {
    const tokens = [undefined, await broadcasterAdminToken(t), await superAdminToken(t)];
    for (const token of tokens) {
      for (const q of [SCHEMA_READ, TYPE_READ]) {
        const r = await ask(t, q, token);
        expect(r.status).toBe(403);
        expect(r.body.errors[0].extensions.code).toBe('FORBIDDEN');
        expect(r.body.data ?? null).toBeNull();
      }
    }
    const r = await ask(t, '{ __typename }');
    expect(r.status).toBe(200);
    expect(r.body.data.__typename).toBe('Query');
  });

  test('introspection hidden inside a fragment is found too', async () => {
    const r = await ask(t, 'query { ...F } fragment F on Query { __schema { types { name } } }');
    expect(r.status).toBe(403);
  });
});

describe('production with GRAPHQL_INTROSPECTION=1', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway({ NODE_ENV: 'production', LOG_LEVEL: 'silent', GRAPHQL_INTROSPECTION: '1' });
  });
  afterAll(() => t.close());

  test('only a signed-in super admin reads the schema', async () => {
    expect((await ask(t, SCHEMA_READ)).status).toBe(403);
    expect((await ask(t, SCHEMA_READ, await broadcasterAdminToken(t))).status).toBe(403);
    const admin = await ask(t, SCHEMA_READ, await superAdminToken(t));
    expect(admin.status).toBe(200);
    expect(admin.body.data.__schema.queryType.name).toBe('Query');
  });
});

test('GRAPHQL_INTROSPECTION=0 switches it off outside production too', async () => {
  const t = await startTestGateway({ GRAPHQL_INTROSPECTION: '0' });
  try {
    expect((await ask(t, SCHEMA_READ)).status).toBe(403);
  } finally {
    await t.close();
  }
});
