import { ensureClientBuilt } from '../support/browser';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/** Security headers (item 3) on the API, the client and the auth answers. */
let t: TestGateway;
beforeAll(async () => {
  // '/' must be the built client's index.html, whatever ran before this file.
  ensureClientBuilt();
  t = await startTestGateway();
}, 300_000);
afterAll(() => t.close());

const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

test('every answer carries the CSP and the anti-framing, nosniff and referrer headers', async () => {
  for (const path of ['/api/openapi.json', '/api/me', '/graphql', '/']) {
    const r = await call(t.url, 'GET', path);
    const csp = directives(r.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'https://*.basemaps.cartocdn.com']));
    // No way for an injected script to run: neither inline nor eval is allowed for scripts.
    expect(csp['script-src'].join(' ')).not.toMatch(/unsafe/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('x-powered-by')).toBeNull();
    // Served over plain http here: no HSTS (it would lock a plain-http deployment out).
    expect(r.headers.get('strict-transport-security')).toBeNull();
  }
});

test('every auth answer, success or failure, is never stored', async () => {
  const answers = [
    await call(t.url, 'POST', '/api/login', { body: { email: 'nobody@nowhere.example', password: 'Wrong-one-1' } }),
    await call(t.url, 'POST', '/api/login', { body: { email: 'admin@test.infinitum', password: 'Admin-password-1' } }),
    await call(t.url, 'POST', '/api/refresh-token', { body: { token: 'x'.repeat(43) } }),
    await call(t.url, 'POST', '/api/password-reset', { body: { email: 'nobody@nowhere.example' } }),
    await call(t.url, 'POST', '/api/logout', { body: {} }),
    await call(t.url, 'GET', '/api/me'),
    await call(t.url, 'POST', '/graphql', { body: { query: '{ __typename }' } }),
  ];
  for (const r of answers) expect(r.headers.get('cache-control')).toContain('no-store');
});

test('the collector stays embeddable by other sites', async () => {
  const r = await fetch(`${t.url}/t/s.js`);
  expect(r.headers.get('content-security-policy')).toBeNull();
  expect(r.headers.get('cross-origin-resource-policy')).toBeNull();
});

test('HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
  const https = await startTestGateway({ PUBLIC_URL: 'https://infinitum.example' });
  try {
    const r = await call(https.url, 'GET', '/api/openapi.json');
    expect(r.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(directives(r.headers.get('content-security-policy'))).toHaveProperty('upgrade-insecure-requests');
  } finally {
    await https.close();
  }
});
