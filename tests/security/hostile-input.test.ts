import { TOO_DEEP } from '../../gateway/src/rest/json-guard';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/** Oversized and deeply nested bodies, unconvertible objects and malformed pixels (item 9). */
let t: TestGateway;
let token: string;
beforeAll(async () => {
  t = await startTestGateway();
  token = (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.access_token;
});
afterAll(() => t.close());

const nested = (depth: number) => `{"agency_name":${'['.repeat(depth)}${']'.repeat(depth)}}`;

test('a body over BODY_LIMIT is a 413 on both transports', async () => {
  const big = JSON.stringify({ agency_name: 'x'.repeat(1_100_000) });
  expect((await call(t.url, 'POST', '/api/agencies/', { token, rawBody: big })).status).toBe(413);
  const gql = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(1_100_000) } });
  expect((await call(t.url, 'POST', '/graphql', { token, rawBody: gql })).status).toBe(413);
});

test('a body nested deeper than 32 levels is a 400 before it is parsed, on both transports', async () => {
  for (const depth of [33, 100_000]) {
    const rest = await call(t.url, 'POST', '/api/agencies/', { token, rawBody: nested(depth) });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(TOO_DEEP);
    const variables = `{"query":"mutation ($i: AgencyInput!) { createAgency(input: $i) { agency_id } }","variables":{"i":${nested(depth)}}}`;
    const graph = await call(t.url, 'POST', '/graphql', { token, rawBody: variables });
    expect(graph.status).toBe(400);
    expect(graph.body.message).toBe(TOO_DEEP);
  }
  // Brackets inside strings are text, not nesting.
  const inText = await call(t.url, 'POST', '/api/agencies/', {
    token,
    body: { agency_name: `Brackets ${'['.repeat(100)}`, domain: 'brackets.example.com' },
  });
  expect(inText.status).toBe(200);
  // A shallow nested body passes the guard and gets the field's own message.
  const shallow = await call(t.url, 'POST', '/api/agencies/', { token, rawBody: nested(5) });
  expect(shallow.status).toBe(400);
  expect(shallow.body.fields).toHaveProperty('agency_name');
});

test('objects that cannot be turned into text are a 400 naming the field, never a 500', async () => {
  for (const value of [{ toString: 'x' }, { toString: 1, valueOf: 1 }, { __proto__: null }]) {
    const login = await call(t.url, 'POST', '/api/login', { body: { email: value, password: value } });
    expect(login.status).toBe(400);
    const agency = await call(t.url, 'POST', '/api/agencies/', {
      token,
      body: { agency_name: value, domain: 'objects.example.com' },
    });
    expect(agency.status).toBe(400);
    expect(agency.body.fields).toHaveProperty('agency_name');
  }
});

test('malformed pixels always answer the 43-byte GIF and never break the gateway', async () => {
  const paths = [
    '/t/i/',
    '/t/i/%',
    '/t/i/%E0%A4%A',
    '/t/i/' + 'k'.repeat(5000),
    '/t/i/abc?hh=%ZZ&r=../../etc',
    '/t/v/abc?u=' + 'u'.repeat(8000),
    "/t/i/1' OR '1'='1",
    '/t/v/%00%00?ref=%00',
    '/t/i/abc?hh=' + encodeURIComponent('{"$gt":""}'),
  ];
  for (const path of paths) {
    const r = await fetch(t.url + path);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/gif');
    expect((await r.arrayBuffer()).byteLength).toBe(43);
  }
  expect((await call(t.url, 'GET', '/readyz')).status).toBe(200);
});
