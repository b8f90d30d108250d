import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { insertApiKey } from '../support/api-keys';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, isoDay, type RecordsWorld } from '../support/records-fixtures';

/**
 * API keys: created by an organisation's admin, the secret shown once and stored as a hash,
 * used as `Authorization: Bearer ifk_...` or `X-Api-Key` on REST and GraphQL with the organisation's
 * visibility and the key's scopes; revoked, expired, rotated-away (after the grace), malformed and wrong-prefix keys
 * refused at once; usage counted; the rate limit answers 429 with Retry-After; the secret is never
 * logged nor listed.
 */
let t: TestGateway;
let w: RecordsWorld;
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
  // Every log line the gateway writes from here on, at the most talkative level.
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t.gateway.app.log = pino({ level: 'trace' }, sink);
}, 120_000);
afterAll(() => t.close());

const admin = () => w.a.users.customer.admin.token;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function create(body: Record<string, unknown>, token = admin()) {
  const r = await call(t.url, 'POST', '/api/api-keys', { token, body });
  expect(r.status).toBe(200);
  return r.body as { key: { id: number; prefix: string; scopes: string[]; status: string }; secret: string };
}

const withKey = (secret: string, method: string, path: string, body?: unknown) =>
  call(t.url, method, path, { token: secret, body });

describe('creating a key', () => {
  test('an organisation admin gets the secret once; only its hash is stored; lists never show it', async () => {
    const { key, secret } = await create({ name: 'Partner reporting', scopes: ['read'] });
    expect(secret).toMatch(/^ifk_[A-Za-z0-9_-]{40}$/);
    expect(key).toMatchObject({
      name: 'Partner reporting',
      scopes: ['read'],
      status: 'Active',
      prefix: secret.slice(0, 12),
      entity_type: 1,
      entity_id: w.a.customerId,
      created_by: expect.any(String),
    });
    const [row] = await t.gateway.app.ds.query('SELECT * FROM api_key WHERE id = ?', [key.id]);
    expect(row.secret_hash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));

    const rest = await call(t.url, 'GET', '/api/api-keys', { token: admin() });
    const graph = await gql(t.url, '{ apiKeys { id prefix name } }', {}, admin());
    for (const answer of [JSON.stringify(rest.body), JSON.stringify(graph)]) {
      expect(answer).toContain(key.prefix);
      expect(answer).not.toContain(secret.slice(12));
      expect(answer).not.toContain(sha256(secret));
    }
  });

  test('two keys never share a secret and each carries at least 128 random bits', async () => {
    const secrets = await Promise.all([1, 2, 3].map(() => create({ name: 'Bits', scopes: ['read'] })));
    const bodies = secrets.map((s) => s.secret.slice(4));
    expect(new Set(bodies).size).toBe(3);
    // 40 base64url characters = 240 bits; the 32 past the shown prefix alone are 192.
    expect(bodies.every((b) => Buffer.from(b, 'base64url').length === 30)).toBe(true);
  });

  test('bad input answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ scopes: ['read'] }, 'name'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['admin'] }, 'scopes'],
      [{ name: 'x', scopes: ['read'], expires_at: '2001-01-01' }, 'expires_at'],
      [{ name: 'x', scopes: ['read'], expires_at: 'soon' }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const r = await call(t.url, 'POST', '/api/api-keys', { token: admin(), body });
      expect({ status: r.status, field: Object.keys(r.body.fields ?? {}) }).toEqual({ status: 400, field: [field] });
    }
  });

  test('users who are not admins cannot manage keys; an admin sees only its organisation’s keys', async () => {
    expect((await call(t.url, 'GET', '/api/api-keys', { token: w.a.users.customer.user.token })).status).toBe(403);
    const { key } = await create({ name: 'Tenant A only', scopes: ['read'] });
    const other = await call(t.url, 'GET', '/api/api-keys', { token: w.b.users.customer.admin.token });
    expect(other.body.map((k: { id: number }) => k.id)).not.toContain(key.id);
    const revoke = await call(t.url, 'DELETE', `/api/api-keys/${key.id}`, { token: w.b.users.customer.admin.token });
    expect(revoke.status).toBe(404);
  });

  test('an organisation admin’s entity fields are ignored; the super admin creates for any organisation', async () => {
    const own = await create({ name: 'Mine', scopes: ['read'], entity_type: 1, entity_id: w.b.customerId });
    expect(own.key).toMatchObject({ entity_type: 1, entity_id: w.a.customerId });
    const forB = await create(
      { name: 'For B', scopes: ['read'], entity_type: 3, entity_id: w.b.broadcasterId },
      w.superAdmin.token,
    );
    expect(forB.key).toMatchObject({ entity_type: 3, entity_id: w.b.broadcasterId });
    const listed = await call(t.url, 'GET', '/api/api-keys', { token: w.b.users.broadcaster.admin.token });
    expect(listed.body.map((k: { id: number }) => k.id)).toContain(forB.key.id);
  });
});

describe('calling with a key', () => {
  test('a partner with a read key pulls its customers’ dashboard numbers over REST and GraphQL', async () => {
    const { secret } = await create({ name: 'Dashboard', scopes: ['read'] });
    const customers = await withKey(secret, 'GET', '/api/dashboard/customers');
    expect(customers.status).toBe(200);
    expect(customers.body.map((c: { id?: number; customer_id?: number }) => c.id ?? c.customer_id)).toEqual([
      w.a.customerId,
    ]);
    const filter = { client_id: w.a.customerId, startdate: isoDay(-7), enddate: isoDay(0) };
    const summary = await withKey(secret, 'POST', '/api/dashboard/impression_summary', filter);
    const byAdmin = await call(t.url, 'POST', '/api/dashboard/impression_summary', { token: admin(), body: filter });
    expect({ status: summary.status, body: summary.body }).toEqual({ status: 200, body: byAdmin.body });
    // Another tenant's customer answers as if it did not exist.
    const foreign = await withKey(secret, 'POST', '/api/dashboard/impression_summary', {
      ...filter,
      client_id: w.b.customerId,
    });
    expect(foreign.status).toBe(404);

    const q = await gql(t.url, 'query($c: Int!) { campaigns(customer_id: $c) { id } }', { c: w.a.customerId }, secret);
    expect(q.errors).toBeUndefined();
    expect(q.data.campaigns.map((c: { id: number }) => c.id)).toContain(w.a.campaignId);
  });

  test('X-Api-Key works like the bearer form; both credentials at once are refused', async () => {
    const { secret } = await create({ name: 'Header', scopes: ['read'] });
    const r = await call(t.url, 'GET', `/api/campaigns/customer/${w.a.customerId}`, {
      headers: { 'x-api-key': secret },
    });
    expect(r.status).toBe(200);
    const both = await call(t.url, 'GET', `/api/campaigns/customer/${w.a.customerId}`, {
      token: admin(),
      headers: { 'x-api-key': secret },
    });
    expect(both.status).toBe(401);
  });

  test('scopes: a read key cannot write, a write key can; no key manages keys, users or organisations', async () => {
    const read = (await create({ name: 'R', scopes: ['read'] })).secret;
    const write = (await create({ name: 'W', scopes: ['write'] })).secret;
    const body = { customer_id: w.a.customerId, campaign_name: 'By key', start_date: isoDay(0), end_date: isoDay(3) };
    const refused = await withKey(read, 'POST', '/api/campaigns', body);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: 'This API key lacks the "write" scope.',
    });
    expect((await withKey(write, 'POST', '/api/campaigns', body)).status).toBe(200);
    expect((await withKey(write, 'GET', `/api/campaigns/customer/${w.a.customerId}`)).status).toBe(403);

    const mutation = 'mutation($i: CampaignInput!) { createCampaign(input: $i) { id } }';
    const g = await gql(t.url, mutation, { i: body }, read);
    expect(g.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect((await gql(t.url, mutation, { i: body }, write)).data.createCampaign.id).toEqual(expect.any(Number));

    const all = (await create({ name: 'All', scopes: ['read', 'write', 'ingest'] })).secret;
    for (const [method, path, payload] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys', { name: 'Child', scopes: ['read'] }],
      ['GET', '/api/users'],
      ['POST', '/api/users', { name: 'Sneaky', email: 'sneaky@test.infinitum' }],
      ['PUT', `/api/customers/${w.a.customerId}`, { cust_name: 'Renamed' }],
      ['GET', '/api/me'],
    ] as const) {
      expect([method, path, (await withKey(all, method, path, payload)).status]).toEqual([method, path, 403]);
    }
    for (const doc of [
      '{ apiKeys { id } }',
      '{ users { id } }',
      '{ me { email } }',
      'mutation { revokeApiKey(id: 1) { id } }',
    ]) {
      const a = await gql(t.url, doc, {}, all);
      expect([doc, a.errors?.[0]?.extensions?.code, a.data ?? null]).toEqual([doc, 'FORBIDDEN', null]);
    }
    // A denied field cannot hide behind a fragment or an allowed sibling.
    // (A valid document: the check reads the operation GraphQL resolved, after validation.)
    const sneaky = await gql(
      t.url,
      'query { countries { country_code } ...F } fragment F on Query { ... on Query { users { id } } }',
      {},
      all,
    );
    expect({ code: sneaky.errors?.[0]?.extensions?.code, data: sneaky.data ?? null }).toEqual({
      code: 'FORBIDDEN',
      data: null,
    });
    // Of several operations, the one named runs and is the one checked.
    const named = await call(t.url, 'POST', '/graphql', {
      token: all,
      body: { query: 'query A { countries { country_code } } query B { users { id } }', operationName: 'B' },
    });
    expect(named.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

test('even a system key (super admin visibility) reads no admin tool: system information, monitoring, cards', async () => {
  const { secret } = await insertApiKey(t, { entityType: 'SYSTEM', entityId: 0, scopes: ['read'] });
  // It does read what the super admin's lists give.
  expect((await withKey(secret, 'GET', '/api/countries')).status).toBe(200);
  for (const path of [
    '/api/active-users',
    '/api/admin/daily-activity',
    '/api/admin/system/configuration',
    '/api/admin/summary',
  ]) {
    expect([path, (await withKey(secret, 'GET', path)).status]).toEqual([path, 403]);
  }
  for (const doc of [
    '{ activeUsers { total } }',
    '{ dailyActivity { total_impressions } }',
    '{ redisHealth { status } }',
    '{ adminSummary { agencies { total } } }',
  ]) {
    const g = await gql(t.url, doc, {}, secret);
    expect([doc, g.errors?.[0]?.extensions?.code]).toEqual([doc, 'FORBIDDEN']);
  }
});

describe('refused keys', () => {
  const path = () => `/api/campaigns/customer/${w.a.customerId}`;

  test('a revoked key fails at once, on REST and GraphQL', async () => {
    const { key, secret } = await create({ name: 'To revoke', scopes: ['read'] });
    expect((await withKey(secret, 'GET', path())).status).toBe(200);
    const revoked = await call(t.url, 'DELETE', `/api/api-keys/${key.id}`, { token: admin() });
    expect(revoked.body).toMatchObject({ id: key.id, status: 'Revoked', revoked_at: expect.any(String) });
    expect((await withKey(secret, 'GET', path())).status).toBe(401);
    const g = await gql(t.url, '{ countries { code } }', {}, secret);
    expect(g.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  test('an expired key fails', async () => {
    const { id, secret } = await insertApiKey(t, {
      entityType: 'CUSTOMER',
      entityId: w.a.customerId,
      scopes: ['read'],
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await withKey(secret, 'GET', path())).status).toBe(200);
    await t.gateway.app.ds.query('UPDATE api_key SET expires_at = UTC_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE id = ?', [
      id,
    ]);
    const r = await withKey(secret, 'GET', path());
    expect({ status: r.status, message: r.body.message }).toEqual({
      status: 401,
      message: 'Invalid, revoked or expired API key.',
    });
    const listed = await call(t.url, 'GET', '/api/api-keys', { token: admin() });
    expect(listed.body.find((k: { id: number }) => k.id === id).status).toBe('Expired');
  });

  test('rotation: both secrets work through the grace period, usage is kept, the list says until when', async () => {
    const { key, secret } = await create({ name: 'Rotating', scopes: ['read'] });
    await withKey(secret, 'GET', path());
    const before = Date.now();
    const rotated = await call(t.url, 'POST', `/api/api-keys/${key.id}/rotate`, { token: admin() });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.key).toMatchObject({ id: key.id, name: 'Rotating', usage_total: 1 });
    // The default grace is 24 hours: the partner has a day to roll the new secret out.
    const until = Date.parse(rotated.body.key.old_secret_valid_until);
    expect(until - before).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(until - before).toBeLessThan(24 * 3600_000 + 60_000);
    expect((await withKey(secret, 'GET', path())).status).toBe(200);
    expect((await withKey(rotated.body.secret, 'GET', path())).status).toBe(200);
    const graph = await gql(t.url, '{ apiKeys { id old_secret_valid_until } }', {}, admin());
    const listed = graph.data.apiKeys.find((k: { id: number }) => k.id === key.id);
    expect(listed.old_secret_valid_until).toBe(rotated.body.key.old_secret_valid_until);

    // When the grace ends, the old secret is refused and the list stops mentioning it.
    await t.gateway.app.ds.query(
      'UPDATE api_key SET previous_until = UTC_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE id = ?',
      [key.id],
    );
    expect((await withKey(secret, 'GET', path())).status).toBe(401);
    expect((await withKey(rotated.body.secret, 'GET', path())).status).toBe(200);
    const after = await call(t.url, 'GET', '/api/api-keys', { token: admin() });
    expect(after.body.find((k: { id: number }) => k.id === key.id).old_secret_valid_until).toBeNull();
  });

  test('a second rotation ends the first secret at once; revoking ends every secret at once', async () => {
    const { key, secret: first } = await create({ name: 'Twice rotated', scopes: ['read'] });
    const second = (await call(t.url, 'POST', `/api/api-keys/${key.id}/rotate`, { token: admin() })).body.secret;
    const third = (await call(t.url, 'POST', `/api/api-keys/${key.id}/rotate`, { token: admin() })).body.secret;
    expect((await withKey(first, 'GET', path())).status).toBe(401);
    expect((await withKey(second, 'GET', path())).status).toBe(200);
    expect((await withKey(third, 'GET', path())).status).toBe(200);
    expect((await call(t.url, 'DELETE', `/api/api-keys/${key.id}`, { token: admin() })).status).toBe(200);
    for (const s of [first, second, third]) expect((await withKey(s, 'GET', path())).status).toBe(401);
    const listed = await call(t.url, 'GET', '/api/api-keys', { token: admin() });
    expect(listed.body.find((k: { id: number }) => k.id === key.id).old_secret_valid_until).toBeNull();
  });

  test('with API_KEY_ROTATION_GRACE_HOURS=0 the old secret stops at once', async () => {
    const config = t.gateway.app.config as { API_KEY_ROTATION_GRACE_HOURS: number };
    const saved = config.API_KEY_ROTATION_GRACE_HOURS;
    config.API_KEY_ROTATION_GRACE_HOURS = 0;
    try {
      const { key, secret } = await create({ name: 'No grace', scopes: ['read'] });
      const rotated = await call(t.url, 'POST', `/api/api-keys/${key.id}/rotate`, { token: admin() });
      expect(rotated.body.key.old_secret_valid_until).toBeNull();
      expect((await withKey(secret, 'GET', path())).status).toBe(401);
      expect((await withKey(rotated.body.secret, 'GET', path())).status).toBe(200);
    } finally {
      config.API_KEY_ROTATION_GRACE_HOURS = saved;
    }
  });

  test('malformed, wrong-prefix and unknown keys are refused with 401', async () => {
    const { secret } = await create({ name: 'Genuine', scopes: ['read'] });
    const forged = [
      'ifk_short',
      `${secret}x`,
      `sk_${secret.slice(4)}`,
      `ifx_${secret.slice(4)}`,
      `${secret.slice(0, 20)}${'A'.repeat(24)}`,
      `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`,
      '',
    ];
    for (const bad of forged) {
      const viaHeader = await call(t.url, 'GET', path(), { headers: { 'x-api-key': bad } });
      const viaBearer = await call(t.url, 'GET', path(), { headers: { authorization: `Bearer ${bad}` } });
      expect([bad, viaHeader.status, viaBearer.status]).toEqual([bad, 401, 401]);
    }
  });

  test('a key dies with its organisation', async () => {
    const orgId = Number(
      (await t.gateway.app.ds.query("INSERT INTO agency (agency_name, country_code) VALUES ('Gone', 'NZ')")).insertId,
    );
    const { secret } = await insertApiKey(t, { entityType: 'AGENCY', entityId: orgId, scopes: ['read'] });
    expect((await withKey(secret, 'GET', '/api/countries')).status).toBe(200);
    await t.gateway.app.ds.query('DELETE FROM agency WHERE id = ?', [orgId]);
    expect((await withKey(secret, 'GET', '/api/countries')).status).toBe(401);
  });
});

test('usage is counted per key and shown with the last use', async () => {
  const { key, secret } = await create({ name: 'Counted', scopes: ['read'] });
  for (let i = 0; i < 3; i++) await withKey(secret, 'GET', '/api/countries');
  await gql(t.url, '{ countries { code } }', {}, secret);
  await new Promise((r) => setTimeout(r, 200)); // counting never delays the call it counts
  const listed = await call(t.url, 'GET', '/api/api-keys', { token: admin() });
  expect(listed.body.find((k: { id: number }) => k.id === key.id)).toMatchObject({
    usage_total: 4,
    usage_today: 4,
    last_used_at: expect.any(String),
  });
});

test('no secret ever reaches the logs', async () => {
  const secrets = await Promise.all([1, 2].map(() => create({ name: 'Log', scopes: ['read'] })));
  // Calls that fail in every way a log line could be written for: refused, unknown route, malformed body.
  for (const { secret } of secrets) {
    await withKey(secret, 'POST', '/api/campaigns', { nope: true });
    await call(t.url, 'POST', '/api/campaigns', { headers: { 'x-api-key': secret }, rawBody: '{"a":' });
    await withKey(secret, 'GET', '/api/no-such-thing');
    await gql(t.url, '{ nope }', {}, secret);
  }
  const all = logLines.join('\n');
  for (const { secret } of secrets) expect(all).not.toContain(secret.slice(4));
});

describe('rate limit', () => {
  let limited: TestGateway;
  beforeAll(async () => {
    limited = await startTestGateway({ API_KEY_RATE_PER_MINUTE: '3' });
  }, 60_000);
  afterAll(() => limited.close());

  test('the call past the per-minute limit answers 429 with Retry-After, on REST and GraphQL', async () => {
    const { secret } = await insertApiKey(limited, { entityType: 'SYSTEM', entityId: 0, scopes: ['read'] });
    const other = await insertApiKey(limited, { entityType: 'SYSTEM', entityId: 0, scopes: ['read'] });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(limited.url, 'GET', '/api/countries', { token: secret })).status);
    const over = await call(limited.url, 'GET', '/api/countries', { token: secret });
    expect({ statuses, over: over.status, retryAfter: Number(over.headers.get('retry-after')) }).toEqual({
      statuses: [200, 200, 200],
      over: 429,
      retryAfter: expect.any(Number),
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const g = await call(limited.url, 'POST', '/graphql', { token: secret, body: { query: '{ countries { code } }' } });
    expect({
      status: g.status,
      code: g.body.errors?.[0]?.extensions?.code,
      retry: !!g.headers.get('retry-after'),
    }).toEqual({ status: 429, code: 'TOO_MANY_REQUESTS', retry: true });
    // Per key: another key of the same organisation is not held back.
    expect((await call(limited.url, 'GET', '/api/countries', { token: other.secret })).status).toBe(200);
  });
});

describe('the scope of every operation is documented', () => {
  test('OpenAPI lists the apiKey scheme and each operation’s scope', async () => {
    const doc = (await call(t.url, 'GET', '/api/openapi.json')).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    const scope = (method: string, path: string) => doc.paths[path][method]['x-api-key-scope'];
    expect({
      list: scope('get', '/api/campaigns/customer/{customerId}'),
      dashboard: scope('post', '/api/dashboard/impression_summary'),
      create: scope('post', '/api/campaigns'),
      ingest: scope('post', '/api/ingest/events'),
      users: scope('post', '/api/users'),
      keys: scope('get', '/api/api-keys'),
      organisation: scope('put', '/api/customers/{id}'),
    }).toEqual({
      list: 'read',
      dashboard: 'read',
      create: 'write',
      ingest: 'ingest',
      users: 'none',
      keys: 'none',
      organisation: 'none',
    });
    expect(doc.paths['/api/campaigns']['post'].security).toEqual([{ bearer: [] }, { apiKey: ['write'] }]);
  });

  test('an ingest-only key reads and writes nothing', async () => {
    const { secret } = await create({ name: 'Back-fill', scopes: ['ingest'] });
    expect((await withKey(secret, 'GET', '/api/countries')).body.message).toBe('This API key lacks the "read" scope.');
    const write = await withKey(secret, 'POST', '/api/campaigns', { customer_id: w.a.customerId });
    expect(write.body.message).toBe('This API key lacks the "write" scope.');
  });
});
