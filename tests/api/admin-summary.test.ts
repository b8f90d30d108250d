import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, sessionsOf, type RecordsWorld } from '../support/records-fixtures';

/**
 * The Administrative tools cards (spec 2) come from the server: counted from the same rows the users,
 * agencies and clients lists answer each caller, equal on both transports; a part the caller may not
 * manage is null.
 */
let t: TestGateway;
let w: RecordsWorld;

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
  // Categories to rank: both tenants' clients in the same one.
  const [tax] = await t.gateway.app.ds.query('SELECT id FROM taxonomy ORDER BY id LIMIT 1');
  await t.gateway.app.ds.query('UPDATE customer SET taxonomy_id = ? WHERE id IN (?)', [
    tax.id,
    [w.a.customerId, w.b.customerId],
  ]);
});
afterAll(() => t.close());

const SUMMARY = `{ adminSummary {
  users { total admins standard }
  agencies { total }
  clients { total top_category top_share }
} }`;

type Row = { admin?: boolean; taxonomy_desc?: string | null };
const list = async (token: string, path: string): Promise<Row[] | null> => {
  const r = await call(t.url, 'GET', `/api/${path}`, { token });
  return r.status === 200 ? r.body : null;
};

/** What the cards must say, from the caller's own list answers. */
async function expected(token: string) {
  const [users, agencies, clients] = await Promise.all(['users', 'agencies', 'customers'].map((p) => list(token, p)));
  let clientCards = null;
  if (clients) {
    const counts = new Map<string, number>();
    for (const c of clients) if (c.taxonomy_desc) counts.set(c.taxonomy_desc, (counts.get(c.taxonomy_desc) ?? 0) + 1);
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    clientCards = {
      total: clients.length,
      top_category: top?.[0] ?? null,
      top_share: top ? Math.round((top[1] / clients.length) * 10000) / 10000 : null,
    };
  }
  const admins = users?.filter((u) => u.admin).length ?? 0;
  return {
    users: users && { total: users.length, admins, standard: users.length - admins },
    agencies: agencies && { total: agencies.length },
    clients: clientCards,
  };
}

test('every role sees the counts of exactly the lists it is given, on REST and GraphQL alike', async () => {
  const sessions = [['super admin', w.superAdmin] as const, ...sessionsOf(w.a)];
  let nonTrivial = 0;
  for (const [who, s] of sessions) {
    const want = await expected(s.token);
    const r = await call(t.url, 'GET', '/api/admin/summary', { token: s.token });
    expect({ who, status: r.status, body: r.body }).toEqual({ who, status: 200, body: want });
    const g = await gql(t.url, SUMMARY, {}, s.token);
    expect({ who, errors: g.errors, data: g.data?.adminSummary }).toEqual({ who, errors: undefined, data: want });
    if (want.users && want.users.total > 1 && want.clients?.top_category) nonTrivial++;
  }
  // The comparison means something: several callers have users and clients to count.
  expect(nonTrivial).toBeGreaterThan(1);
});

test('an ordinary user has no user cards; the super admin counts every user', async () => {
  const r = await call(t.url, 'GET', '/api/admin/summary', { token: w.a.users.customer.user.token });
  expect(r.body.users).toBeNull();
  const [{ n }] = await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM user');
  const all = await call(t.url, 'GET', '/api/admin/summary', { token: w.superAdmin.token });
  expect(all.body.users.total).toBe(Number(n));
  expect((await call(t.url, 'GET', '/api/admin/summary')).status).toBe(401);
});
