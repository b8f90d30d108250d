import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/**
 * Brute force that holds under concurrency (item 2). Each test speaks from its own address
 * (the gateway trusts the loopback proxy, so X-Forwarded-For names the client), so the budgets of one
 * test do not spill into another.
 */
let t: TestGateway;
let broadcasterId: number;
const PASSWORD = 'Burst-password-7';
const IP_CAP = 25;

beforeAll(async () => {
  t = await startTestGateway({ TRUSTED_PROXIES: 'loopback', LOGIN_FAILURES_PER_IP: String(IP_CAP) });
  const b: { insertId: number } = await t.gateway.app.ds.query(
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('Burst Broadcaster', 'NZ')",
  );
  broadcasterId = b.insertId;
});
afterAll(() => t.close());

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (ip: string, email: string, password: string) =>
  call(t.url, 'POST', '/api/login', { body: { email, password }, headers: from(ip) });
const user = () =>
  makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false, password: PASSWORD });

test('100 parallel wrong passwords: exactly 10 are checked (401), the rest refused unchecked (429)', async () => {
  const u = await user();
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) => login('198.51.100.1', u.email, `Wrong-guess-${i}`)),
  );
  const statuses = answers.map((a) => a.status);
  // A 401 is a password that was verified; before the fix about half the burst was verified.
  expect(statuses.filter((s) => s === 401)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(90);
  // The right password is refused too now, without being checked.
  const right = await login('198.51.100.1', u.email, PASSWORD);
  expect(right.status).toBe(429);
  expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  // From another address the owner still gets in.
  expect((await login('198.51.100.2', u.email, PASSWORD)).status).toBe(200);
});

test('password spraying: one address trying many emails is stopped after the per-address cap', async () => {
  const users = await Promise.all(Array.from({ length: 3 }, () => user()));
  const statuses: number[] = [];
  for (let i = 0; i < IP_CAP + 5; i++) {
    statuses.push((await login('198.51.100.3', `sprayed-${i}@nowhere.example`, 'Summer2026!')).status);
  }
  expect(statuses.slice(0, IP_CAP).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(IP_CAP).every((s) => s === 429)).toBe(true);
  // Even a right password of a real user is not checked from that address now.
  expect((await login('198.51.100.3', users[0].email, PASSWORD)).status).toBe(429);
  expect((await login('198.51.100.4', users[0].email, PASSWORD)).status).toBe(200);
});

test('successful sign-ins do not use up the address budget', async () => {
  const u = await user();
  for (let i = 0; i < IP_CAP + 5; i++) expect((await login('198.51.100.5', u.email, PASSWORD)).status).toBe(200);
});

test('GraphQL aliases count one attempt each: never more than 10 passwords checked however they are packed', async () => {
  const u = await user();
  const fields = Array.from(
    { length: 30 },
    (_, i) => `a${i}: login(email: "${u.email}", password: "Alias-guess-${i}") { email }`,
  ).join('\n');
  const codes: string[] = [];
  for (let round = 0; round < 12; round++) {
    const r = await call(t.url, 'POST', '/graphql', {
      body: { query: `mutation { ${fields} }` },
      headers: from('198.51.100.6'),
    });
    codes.push(...(r.body.errors as { extensions: { code: string } }[]).map((e) => e.extensions.code));
  }
  expect(codes.filter((c) => c === 'UNAUTHENTICATED')).toHaveLength(10);
  expect(codes).toContain('TOO_MANY_REQUESTS');
  expect((await login('198.51.100.6', u.email, PASSWORD)).status).toBe(429);
});

test('password reset: one address asking for many emails is stopped; the per-email answer stays the same', async () => {
  const ip = '198.51.100.7';
  const statuses = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      call(t.url, 'POST', '/api/password-reset', {
        body: { email: `someone-${i}@nowhere.example` },
        headers: from(ip),
      }).then((r) => r.status),
    ),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(t.config.RESET_REQUESTS_PER_IP);
  expect(statuses.filter((s) => s === 429)).toHaveLength(40 - t.config.RESET_REQUESTS_PER_IP);
  // Another address is not affected.
  const other = await call(t.url, 'POST', '/api/password-reset', {
    body: { email: 'someone-0@nowhere.example' },
    headers: from('198.51.100.8'),
  });
  expect(other.status).toBe(200);
});
