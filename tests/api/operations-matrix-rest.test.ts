import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, type Reply } from '../support/http';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { buildMatrixWorld, type MatrixWorld } from '../support/matrix-fixtures';
import { BAD_IDS, BAD_VALUES, HTML_IMG, randomValues, SQL_DROP, SQL_OR } from '../support/matrix-fuzz';
import { REST_CASES, REST_EXCLUDED, type RestAsk } from './matrix-rest.cases';

/**
 * Every documented /api operation of the entity API, from GET /api/openapi.json: no token -> 401,
 * malformed input -> 4xx with a JSON message (never 500), an unknown id -> 404, a success for an
 * allowed actor and a refusal for a disallowed one. A new operation without a row fails here.
 */
let t: TestGateway;
let w: MatrixWorld;
let documented: string[];
let mail: SmtpSink;

beforeAll(async () => {
  // "Send now" mails its preview before it answers.
  mail = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: mail.url });
  w = await buildMatrixWorld(t);
  const doc = (await call(t.url, 'GET', '/api/openapi.json')).body;
  documented = Object.entries<Record<string, unknown>>(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    .filter((op) => !REST_EXCLUDED.some((re) => re.test(op)))
    .sort();
}, 120_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

const KEYS = Object.keys(REST_CASES).sort();

function send(op: string, ask: RestAsk, anonymous = false): Promise<Reply> {
  const token = anonymous ? undefined : ask.token;
  const [method, template] = op.split(' ');
  let path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(ask.params?.[name])));
  if (ask.query) path += `?${new URLSearchParams(ask.query).toString()}`;
  return call(t.url, method, path, {
    token,
    body: method === 'GET' || method === 'DELETE' ? undefined : (ask.body ?? {}),
  });
}

/** The same ask with a record id swapped, in the path or the query (annotations name their customer there). */
function withId(ask: RestAsk, name: string, id: number): RestAsk {
  return ask.query && name in ask.query
    ? { ...ask, query: { ...ask.query, [name]: String(id) } }
    : { ...ask, params: { ...ask.params, [name]: id } };
}

/**
 * A refusal of bad input: a 4xx with a JSON message; never a 5xx. A page for people answers an HTML page, or the
 * JSON refusal of a body the body parser could not read, before the page is reached.
 */
const htmlRefusalProblem = (what: string, r: Reply): string | null =>
  r.status < 400 || r.status >= 500 || !(r.headers.get('content-type')?.startsWith('text/html') || r.body?.message)
    ? `${what}: ${r.status} ${r.headers.get('content-type')}`
    : null;
const jsonRefusalProblem = (what: string, r: Reply): string | null =>
  r.status >= 500 || typeof r.body !== 'object' || r.body === null
    ? `${what}: ${r.status} ${JSON.stringify(r.body)?.slice(0, 160)}`
    : r.status >= 400 && (typeof r.body.message !== 'string' || !r.body.message)
      ? `${what}: ${r.status} without a message`
      : null;

test('the table covers exactly the documented entity API operations', () => {
  expect(documented.length).toBeGreaterThan(50);
  expect({
    withoutRow: documented.filter((op) => !KEYS.includes(op)),
    notDocumented: KEYS.filter((k) => !documented.includes(k)),
  }).toEqual({
    withoutRow: [],
    notDocumented: [],
  });
});

describe.each(KEYS)('%s', (op) => {
  const c = REST_CASES[op];
  const refusalProblem = c.page ? htmlRefusalProblem : jsonRefusalProblem;

  test('succeeds for an allowed actor', async () => {
    const ask = await c.ok(w);
    const r = await send(op, ask);
    expect({ status: r.status, json: typeof r.body }).toEqual({
      status: ask.status ?? 200,
      json: c.page ? 'string' : 'object',
    });
    if (c.page) expect(r.headers.get('content-type')).toMatch(/^text\/html/);
  });

  test(c.public ? 'is public (no 401 without a token)' : 'answers 401 without a token', async () => {
    const r = await send(op, await c.ok(w), true);
    if (c.public) expect(r.status).not.toBe(401);
    else expect({ status: r.status, message: typeof r.body?.message }).toEqual({ status: 401, message: 'string' });
  });

  test('refuses a disallowed actor', async () => {
    if (typeof c.denied === 'string') {
      // Documented reason (public call, or every signed-in user may call it): nothing to refuse.
      expect(c.denied.length).toBeGreaterThan(5);
      return;
    }
    const ask = await c.denied(w);
    const r = await send(op, ask);
    expect({ status: r.status, message: typeof r.body?.message }).toEqual({ status: ask.status, message: 'string' });
    if (ask.status === 404) {
      // Another tenant's record answers exactly like an id that does not exist (spec 8).
      const twin = c.unknownId
        ? withId(ask, c.unknownId, 999_999)
        : { ...ask, body: { ...ask.body, customer_id: 999_999 } };
      const unknown = await send(op, twin);
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: r.status, body: r.body });
    }
  });

  test('malformed input answers 4xx with a message, never 500', async () => {
    const base = await (c.fuzzBase ?? c.ok)(w);
    const problems: string[] = [];
    for (const name of Object.keys(base.params ?? {})) {
      if (name === 'type') continue;
      for (const bad of BAD_IDS) {
        const r = await send(op, { ...base, params: { ...base.params, [name]: bad } });
        if (r.status < 400 || r.status >= 500 || !(c.page || r.body?.message))
          problems.push(`${name}=${bad}: ${r.status}`);
      }
    }
    for (const name of Object.keys(base.query ?? {})) {
      for (const bad of ['', 'maybe', SQL_OR, 'x'.repeat(5000)]) {
        const p = refusalProblem(
          `?${name}=${bad.slice(0, 20)}`,
          await send(op, { ...base, query: { ...base.query, [name]: bad } }),
        );
        if (p) problems.push(p);
      }
    }
    const [method] = op.split(' ');
    if (method === 'POST' || method === 'PUT') {
      // Other actors reach other branches of a service (a booking's publisher, an adtech's job number).
      for (const [who, form] of [
        ['', base] as const,
        ...((await c.alsoFuzz?.(w)) ?? []).map((f) => ['as another actor: ', f] as const),
      ]) {
        const fields = Object.keys(form.body ?? {});
        let seed = fields.length + op.length;
        for (const field of fields) {
          for (const bad of [...BAD_VALUES, ...randomValues(seed++)]) {
            const p = refusalProblem(
              `${who}${field}=${JSON.stringify(bad)?.slice(0, 40)}`,
              await send(op, { ...form, body: { ...form.body, [field]: bad } }),
            );
            if (p) problems.push(p);
          }
        }
      }
      // Missing required fields, and bodies that are not objects at all.
      const empty = await send(op, { ...base, body: {} });
      // PUT keeps what is not sent; a create without its required fields is refused.
      if (method === 'POST' && !c.emptyBodyOk && (empty.status < 400 || empty.status >= 500))
        problems.push(`{}: ${empty.status}`);
      for (const raw of ['[1,2]', 'null', '"text"', '42', '{"a":', 'not json']) {
        const [, template] = op.split(' ');
        const path = template.replace(/\{(\w+)\}/g, (_, n: string) => String(base.params?.[n]));
        const r = await call(t.url, method, path, { token: base.token, rawBody: raw });
        const p = refusalProblem(`raw ${raw}`, r);
        if (p) problems.push(p);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  if (c.unknownId) {
    test(`an unknown ${c.unknownId} answers 404 with a message`, async () => {
      const base = await c.ok(w);
      const r = await send(op, withId(base, c.unknownId!, 999_999));
      expect({ status: r.status, message: r.body?.message }).toEqual({
        status: 404,
        message: expect.stringMatching(/ not found\.$/),
      });
    });
  }
});

describe('hostile text is stored inert and read back exactly', () => {
  const hostile = [SQL_OR, SQL_DROP, HTML_IMG];
  test.each(hostile)('%s', async (text) => {
    const name = `${text} ${Math.random().toString(36).slice(2, 6)}`;
    const agency = await call(t.url, 'POST', '/api/agencies', {
      token: w.a.users.customer.admin.token,
      body: { agency_name: name },
    });
    expect(agency.status).toBe(200);
    const read = await call(t.url, 'GET', `/api/agencies/${agency.body.id}`, { token: w.a.users.customer.admin.token });
    expect(read.body.agency_name).toBe(name);

    const campaign = await call(t.url, 'POST', '/api/campaigns/', {
      token: w.a.users.customer.user.token,
      body: { customer_id: w.a.customerId, campaign_name: name, start_date: '2026-01-01', end_date: '2026-01-31' },
    });
    expect(campaign.status).toBe(200);
    const list = await call(t.url, 'GET', `/api/campaigns/customer/${w.a.customerId}`, {
      token: w.a.users.customer.user.token,
    });
    expect(list.body.map((c: { campaign_name: string }) => c.campaign_name)).toContain(name);

    const site = await call(t.url, 'POST', '/api/sitetags/', {
      token: w.a.users.customer.user.token,
      body: { customer_id: w.a.customerId, tag_description: name },
    });
    expect(site.status).toBe(200);
    expect(site.body.tag_description).toBe(name);
    // The user table survived the DROP attempt.
    expect((await call(t.url, 'GET', '/api/me', { token: w.a.users.customer.user.token })).status).toBe(200);
  });
});
