import { startTestGateway, type TestGateway } from '../support/gateway';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { call } from '../support/http';
import {
  buildMatrixWorld,
  documentOf,
  type MatrixWorld,
  type SchemaField,
  schemaFields,
} from '../support/matrix-fixtures';
import { BAD_VALUES, HTML_IMG, randomValues, SQL_DROP, SQL_OR } from '../support/matrix-fuzz';
import { GRAPHQL_CASES, type GqlAsk, graphqlExcluded } from './matrix-graphql.cases';

/**
 * Every Query and Mutation field of the entity API, from the running schema: no token -> UNAUTHENTICATED,
 * malformed arguments -> an error with a message and never INTERNAL_SERVER_ERROR or HTTP 5xx, an
 * unknown id -> NOT_FOUND, a success for an allowed actor and a refusal for a disallowed one.
 */
let t: TestGateway;
let w: MatrixWorld;
let fields: SchemaField[];
// A mail catcher: sendReportNow mails its preview.
let mail: SmtpSink;

beforeAll(async () => {
  mail = await startSmtpSink();
  t = await startTestGateway({ SMTP_URL: mail.url });
  w = await buildMatrixWorld(t);
  fields = (await schemaFields(t.url)).filter((f) => !graphqlExcluded(f));
}, 120_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

const NAMES = Object.keys(GRAPHQL_CASES).sort();
const field = (name: string) => fields.find((f) => f.name === name)!;

interface Answer {
  status: number;
  data: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, any> }[];
}

async function run(name: string, ask: GqlAsk, anonymous = false): Promise<Answer> {
  const r = await call(t.url, 'POST', '/graphql', {
    token: anonymous ? undefined : ask.token,
    body: { query: documentOf(field(name)), variables: ask.vars },
  });
  return { status: r.status, data: r.body?.data ?? null, errors: r.body?.errors };
}

/** Bad input must be an error with a message, never a crash (HTTP 5xx or INTERNAL_SERVER_ERROR). */
function crash(what: string, a: Answer): string | null {
  if (a.status >= 500) return `${what}: HTTP ${a.status}`;
  const internal = a.errors?.find((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR' || !e.message);
  return internal ? `${what}: ${JSON.stringify(internal).slice(0, 200)}` : null;
}

test('the table covers exactly the entity API fields of the schema', () => {
  const names = fields.map((f) => f.name).sort();
  expect(names.length).toBeGreaterThan(50);
  expect({
    withoutRow: names.filter((n) => !NAMES.includes(n)),
    notInSchema: NAMES.filter((n) => !names.includes(n)),
  }).toEqual({
    withoutRow: [],
    notInSchema: [],
  });
});

describe.each(NAMES)('%s', (name) => {
  const c = GRAPHQL_CASES[name];

  test('succeeds for an allowed actor', async () => {
    const a = await run(name, await c.ok(w));
    expect({ errors: a.errors, answered: a.data?.[name] != null }).toEqual({ errors: undefined, answered: true });
  });

  test(
    c.public ? 'is public (no UNAUTHENTICATED without a token)' : 'answers UNAUTHENTICATED without a token',
    async () => {
      const a = await run(name, await c.ok(w), true);
      const codes = (a.errors ?? []).map((e) => e.extensions?.code);
      if (c.public) expect(codes).not.toContain('UNAUTHENTICATED');
      else expect({ codes, data: a.data?.[name] ?? null }).toEqual({ codes: ['UNAUTHENTICATED'], data: null });
    },
  );

  test('refuses a disallowed actor', async () => {
    if (typeof c.denied === 'string') {
      expect(c.denied.length).toBeGreaterThan(5);
      return;
    }
    const ask = await c.denied(w);
    const a = await run(name, ask);
    expect({
      status: a.errors?.[0]?.extensions?.status,
      message: typeof a.errors?.[0]?.message,
      data: a.data?.[name] ?? null,
    }).toEqual({
      status: ask.status,
      message: 'string',
      data: null,
    });
    if (ask.status === 404) {
      // Another tenant's record answers exactly like an id that does not exist (spec 8).
      const input = ask.vars.input as Record<string, unknown> | undefined;
      const twin = c.unknownId
        ? { ...ask.vars, [c.unknownId]: 999_999 }
        : { ...ask.vars, input: { ...input, customer_id: 999_999 } };
      const unknown = await run(name, { ...ask, vars: twin });
      expect(unknown.errors?.map((e) => ({ message: e.message, extensions: e.extensions }))).toEqual(
        a.errors?.map((e) => ({ message: e.message, extensions: e.extensions })),
      );
    }
  });

  test('malformed arguments answer an error with a message, never a crash', async () => {
    const base = await (c.fuzzBase ?? c.ok)(w);
    const problems: string[] = [];
    let seed = name.length;
    for (const arg of field(name).args) {
      const value = base.vars[arg.name];
      const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
      const targets: [string, (bad: unknown) => Record<string, unknown>][] = isObject
        ? Object.keys(value as object).map((k) => [
            `${arg.name}.${k}`,
            (bad) => ({ ...base.vars, [arg.name]: { ...(value as object), [k]: bad } }),
          ])
        : [[arg.name, (bad) => ({ ...base.vars, [arg.name]: bad })]];
      if (isObject) targets.push([arg.name, (bad) => ({ ...base.vars, [arg.name]: bad })]);
      for (const [where, vars] of targets) {
        for (const bad of [...BAD_VALUES, ...randomValues(seed++, 3)]) {
          const p = crash(
            `${where}=${JSON.stringify(bad)?.slice(0, 40)}`,
            await run(name, { ...base, vars: vars(bad) }),
          );
          if (p) problems.push(p);
        }
      }
      if (arg.required) {
        const { [arg.name]: _, ...rest } = base.vars;
        const a = await run(name, { ...base, vars: rest });
        if (!a.errors?.length) problems.push(`without ${arg.name}: no error`);
        const p = crash(`without ${arg.name}`, a);
        if (p) problems.push(p);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  if (c.unknownId) {
    test(`an unknown ${c.unknownId} answers NOT_FOUND`, async () => {
      const base = await c.ok(w);
      const a = await run(name, { ...base, vars: { ...base.vars, [c.unknownId!]: 999_999 } });
      expect({ code: a.errors?.[0]?.extensions?.code, message: a.errors?.[0]?.message }).toEqual({
        code: 'NOT_FOUND',
        message: expect.stringMatching(/ not found\.$/),
      });
    });
  }
});

describe('malformed GraphQL requests answer 400 with a message, never 500', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: countries { country_code }`).join(' ');
  const cases: [string, { body?: unknown; rawBody?: string }][] = [
    ['a syntax error', { body: { query: '{ customer(id: ) { id } }' } }],
    ['a document over the token limit', { body: { query: `{ ${many(400)} }` } }],
    ['too many aliases', { body: { query: `{ ${many(40)} }` } }],
    ['an unknown field', { body: { query: '{ nope }' } }],
    ['an id beyond 32 bits', { body: { query: '{ customer(id: 99999999999) { id } }' } }],
    ['a query that is not a string', { body: { query: 42 } }],
    ['variables that are not an object', { body: { query: '{ countries { country_code } }', variables: '{}' } }],
    ['a batch', { body: [{ query: '{ countries { country_code } }' }] }],
    ['no query', { body: {} }],
    ['broken JSON', { rawBody: '{"query": ' }],
  ];
  test.each(cases)('%s', async (_, request) => {
    const r = await call(t.url, 'POST', '/graphql', { ...request, token: w.a.users.customer.user.token });
    const message = r.body?.errors?.[0]?.message ?? r.body?.message;
    expect({ status: r.status, message: typeof message }).toEqual({ status: 400, message: 'string' });
  });
});

describe('hostile text is stored inert and read back exactly over GraphQL', () => {
  test.each([SQL_OR, SQL_DROP, HTML_IMG])('%s', async (text) => {
    const token = w.a.users.customer.admin.token;
    const name = `${text} ${Math.random().toString(36).slice(2, 6)}`;
    const created = await call(t.url, 'POST', '/graphql', {
      token,
      body: {
        query: 'mutation($n: String!) { createAgency(input: { agency_name: $n }) { id agency_name } }',
        variables: { n: name },
      },
    });
    expect(created.body.data.createAgency.agency_name).toBe(name);
    const read = await call(t.url, 'POST', '/graphql', {
      token,
      body: {
        query: 'query($id: Int!) { agency(id: $id) { agency_name } }',
        variables: { id: created.body.data.createAgency.id },
      },
    });
    expect(read.body.data.agency.agency_name).toBe(name);
    const creative = await call(t.url, 'POST', '/graphql', {
      token,
      body: {
        query: 'mutation($i: CreativeInput!) { createCreative(input: $i) { description url } }',
        variables: {
          i: {
            customer_id: w.a.customerId,
            description: name,
            creative_format: '30s',
            url: `https://cdn.example/?q=${encodeURIComponent(text)}`,
          },
        },
      },
    });
    expect(creative.body.data.createCreative).toEqual({
      description: name,
      url: `https://cdn.example/?q=${encodeURIComponent(text)}`,
    });
  });
});

test.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', HTML_IMG, ' JAVASCRIPT:alert(1)'])(
  'a creative url %s is refused with a field message',
  async (url) => {
    const r = await call(t.url, 'POST', '/api/creatives/', {
      token: w.a.users.customer.user.token,
      body: { customer_id: w.a.customerId, description: 'Link test', creative_format: '30s', url },
    });
    expect({ status: r.status, fields: r.body.fields }).toEqual({
      status: 400,
      fields: { url: 'Please enter a valid URL (http:// or https://)' },
    });
  },
);
