import { createHash } from 'node:crypto';
import { graphqlNeed, restNeed } from '../../gateway/src/modules/api-keys/api-key.scope';
import type { EntityType } from '@infinitum/rules';
import { type GqlAsk, GRAPHQL_CASES, graphqlExcluded } from '../api/matrix-graphql.cases';
import { REST_CASES, type RestAsk } from '../api/matrix-rest.cases';
import { insertApiKey } from '../support/api-keys';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, type Reply } from '../support/http';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import {
  buildMatrixWorld,
  documentOf,
  type MatrixWorld,
  type SchemaField,
  schemaFields,
} from '../support/matrix-fixtures';
import { KINDS, type Kind } from '../support/records-fixtures';

/**
 * API keys against every operation of the operations matrix (REST and GraphQL). A key acts as an admin of
 * its organisation within its scopes, so for each operation its answer is compared with that admin's:
 * - the operation's scope held (read for GET and queries, write for the rest): the same status, and for a
 *   read the same body, as the organisation's admin gets for the same call (never more, never less);
 * - the scope not held, or an operation no key may call (users, keys, organisations, account): 403;
 * - the matrix's refusal of another tenant (or another role), sent with a key of that admin's organisation
 *   holding every scope: the same 403/404 the admin gets.
 * GraphQL runs each operation three ways: a plain `query` body; a persisted-query hash registered by an
 * anonymous caller first (never runs: persisted queries are off, whatever the key holds); and GET (queries
 * as over POST; a mutation is never run by a GET).
 */
let t: TestGateway;
let w: MatrixWorld;
let fields: SchemaField[];

const OWNERS: Kind[] = ['customer', 'broadcaster'];
const ENTITY: Record<Kind, EntityType> = {
  customer: 'CUSTOMER',
  agency: 'AGENCY',
  broadcaster: 'BROADCASTER',
  adtech: 'ADTECH',
};
/** Per owner of tenant a: a read-only and a write-only key. */
const keys: Record<string, { read: string; write: string }> = {};
/** Access token of an organisation admin -> a key of that organisation with every scope. */
const allScopesKeyOf = new Map<string, string>();

let mail: SmtpSink;

beforeAll(async () => {
  // The admin's "send now" mails its preview before it answers.
  mail = await startSmtpSink();
  t = await startTestGateway({ API_KEY_RATE_PER_MINUTE: '100000', SMTP_URL: mail.url });
  w = await buildMatrixWorld(t);
  fields = (await schemaFields(t.url)).filter((f) => !graphqlExcluded(f));
  const ids = (tenant: 'a' | 'b', kind: Kind) => w[tenant][`${kind}Id` as 'customerId'];
  for (const kind of OWNERS) {
    const owner = { entityType: ENTITY[kind], entityId: ids('a', kind) };
    keys[kind] = {
      read: (await insertApiKey(t, { ...owner, scopes: ['read'] })).secret,
      write: (await insertApiKey(t, { ...owner, scopes: ['write'] })).secret,
    };
  }
  for (const tenant of ['a', 'b'] as const) {
    for (const kind of KINDS) {
      const key = await insertApiKey(t, {
        entityType: ENTITY[kind],
        entityId: ids(tenant, kind),
        scopes: ['read', 'write', 'ingest'],
      });
      allScopesKeyOf.set(w[tenant].users[kind].admin.token, key.secret);
    }
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  await mail.close();
});

function send(op: string, ask: RestAsk, token: string): Promise<Reply> {
  const [method, template] = op.split(' ');
  let path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(ask.params?.[name])));
  if (ask.query) path += `?${new URLSearchParams(ask.query).toString()}`;
  return call(t.url, method, path, {
    token,
    body: method === 'GET' || method === 'DELETE' ? undefined : (ask.body ?? {}),
  });
}

/** `GET /api/campaigns/{id}` -> the scope the rule asks for it (Express form of the path, without /api). */
function restNeedOf(op: string) {
  const [method, template] = op.split(' ');
  return restNeed(method, template.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1'));
}

/**
 * A body without the moment it was read (the live view's `as_of` and minute labels: two reads differ there) and
 * without what it says of the caller's own rights (`may_edit`: an admin may change what a key may only read; the
 * key's own answer is checked apart).
 */
const unclocked = (body: unknown): unknown =>
  JSON.parse(JSON.stringify(body ?? null), (key, value: unknown) =>
    key === 'as_of' || key === 'minute' || key === 'may_edit' ? undefined : value,
  );

const outcome = (r: Reply) => ({ status: r.status, message: r.status >= 400 ? typeof r.body?.message : undefined });

const REST_OPS = Object.keys(REST_CASES)
  .filter((op) => !REST_CASES[op].public)
  .sort();

describe.each(OWNERS)('REST, keys of tenant a’s %s', (owner) => {
  const admin = () => w.a.users[owner].admin.token;

  test.each(REST_OPS)('%s', async (op) => {
    const c = REST_CASES[op];
    const need = restNeedOf(op);
    const [method] = op.split(' ');
    const { read, write } = keys[owner];
    const held = need === 'read' ? read : need === 'write' ? write : null;
    const lacking = need === 'read' ? write : read;

    if (method === 'GET') {
      // Reads change nothing: the same call for the admin and each key.
      const ask = await c.ok(w);
      const byAdmin = await send(op, ask, admin());
      const byLacking = await send(op, ask, lacking);
      expect(outcome(byLacking)).toEqual({ status: 403, message: 'string' });
      if (held) {
        const byKey = await send(op, ask, held);
        expect({ status: byKey.status, body: unclocked(byKey.body) }).toEqual({
          status: byAdmin.status,
          body: unclocked(byAdmin.body),
        });
        // A read-only key is never told it may edit.
        if (byKey.body && typeof byKey.body === 'object' && 'may_edit' in byKey.body)
          expect(byKey.body.may_edit).toBe(false);
      } else {
        expect(outcome(await send(op, ask, write))).toEqual({ status: 403, message: 'string' });
      }
      return;
    }
    // Writes: each caller gets its own fresh records (a delete cannot spoil the next call).
    const byAdmin = await send(op, await c.ok(w), admin());
    expect(outcome(await send(op, await c.ok(w), lacking))).toEqual({ status: 403, message: 'string' });
    if (held) {
      const byKey = await send(op, await c.ok(w), held);
      expect(outcome(byKey)).toEqual(outcome(byAdmin));
    } else {
      expect(outcome(await send(op, await c.ok(w), write))).toEqual({ status: 403, message: 'string' });
    }
  });
});

describe('REST, the matrix’s refusals sent with a key of the refused admin’s organisation', () => {
  const refusals = REST_OPS.filter((op) => typeof REST_CASES[op].denied === 'function');

  test.each(refusals)('%s', async (op) => {
    const denied = REST_CASES[op].denied as Exclude<(typeof REST_CASES)[string]['denied'], string>;
    const ask = await denied(w);
    const key = allScopesKeyOf.get(ask.token!);
    if (!key) return; // refused for not being an admin: a key always acts as one
    const r = await send(op, ask, key);
    const expected = restNeedOf(op) === 'never' ? 403 : ask.status;
    expect(outcome(r)).toEqual({ status: expected, message: 'string' });
    if (expected === 404) expect(JSON.stringify(r.body)).not.toMatch(/"id":/);
  });

  test('the refusals cover other tenants’ records', () => {
    expect(refusals.length).toBeGreaterThan(40);
  });
});

interface Answer {
  status: number;
  data: unknown;
}

type Way = 'plain' | 'persisted' | 'get';

/** One request, as sent: the first error's code (or its HTTP status) and the field's answer. */
async function attempt(
  name: string,
  vars: GqlAsk['vars'],
  token: string,
  way: Way,
): Promise<Answer & { code: string | null }> {
  const f = fields.find((x) => x.name === name)!;
  const query = documentOf(f);
  let r: Reply;
  if (way === 'get') {
    const params = new URLSearchParams({ query, variables: JSON.stringify(vars) });
    // Apollo's CSRF prevention asks a GET for a preflight-forcing header; a browser form cannot send one.
    r = await call(t.url, 'GET', `/graphql?${params.toString()}`, {
      token,
      headers: { 'apollo-require-preflight': 'true' },
    });
  } else if (way === 'persisted') {
    const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
    // Someone without credentials offers the text first (it answers UNAUTHENTICATED), then the key sends the hash.
    await call(t.url, 'POST', '/graphql', { body: { query, variables: vars, extensions: { persistedQuery } } });
    r = await call(t.url, 'POST', '/graphql', { token, body: { variables: vars, extensions: { persistedQuery } } });
  } else {
    r = await call(t.url, 'POST', '/graphql', { token, body: { query, variables: vars } });
  }
  const error = r.body?.errors?.[0];
  return {
    status: error ? Number(error.extensions?.status ?? r.status) : 200,
    data: r.body?.data?.[name] ?? null,
    code: error ? String(error.extensions?.code ?? r.status) : null,
  };
}

async function run(name: string, vars: GqlAsk['vars'], token: string, way: Way = 'plain'): Promise<Answer> {
  const { status, data } = await attempt(name, vars, token, way);
  return { status, data };
}

/** A hash-only request never runs, for any key: persisted queries are off. */
async function persistedNeverRuns(name: string, vars: GqlAsk['vars'], key: string): Promise<void> {
  const a = await attempt(name, vars, key, 'persisted');
  expect({ data: a.data, code: a.code }).toEqual({ data: null, code: 'PERSISTED_QUERY_NOT_SUPPORTED' });
}

const GQL_OPS = Object.keys(GRAPHQL_CASES)
  .filter((n) => !GRAPHQL_CASES[n].public)
  .sort();

describe.each(OWNERS)('GraphQL, keys of tenant a’s %s', (owner) => {
  const admin = () => w.a.users[owner].admin.token;

  test.each(GQL_OPS)('%s, plain, persisted hash and GET', async (name) => {
    const c = GRAPHQL_CASES[name];
    const kind = fields.find((f) => f.name === name)!.kind;
    const need = graphqlNeed(kind, name);
    const { read, write } = keys[owner];
    const held = need === 'read' ? read : need === 'write' ? write : null;
    const lacking = need === 'read' ? write : read;
    if (kind === 'query') {
      const { vars } = await c.ok(w);
      const byAdmin = await run(name, vars, admin());
      expect((await run(name, vars, lacking)).status).toBe(403);
      if (held) expect(await run(name, vars, held)).toEqual(byAdmin);
      else expect((await run(name, vars, write)).status).toBe(403);
      for (const key of [read, write]) await persistedNeverRuns(name, vars, key);
      // GET: the same answers as the plain body.
      expect((await run(name, vars, lacking, 'get')).status).toBe(403);
      if (held) expect(await run(name, vars, held, 'get')).toEqual(await run(name, vars, admin(), 'get'));
      else expect((await run(name, vars, write, 'get')).status).toBe(403);
      return;
    }
    const byAdmin = await run(name, (await c.ok(w)).vars, admin());
    expect((await run(name, (await c.ok(w)).vars, lacking)).status).toBe(403);
    if (held) expect((await run(name, (await c.ok(w)).vars, held)).status).toBe(byAdmin.status);
    else expect((await run(name, (await c.ok(w)).vars, write)).status).toBe(403);
    for (const key of [read, write]) await persistedNeverRuns(name, (await c.ok(w)).vars, key);
    // A mutation never runs from a GET, whoever sends it.
    for (const token of [read, write, admin()]) {
      const a = await attempt(name, (await c.ok(w)).vars, token, 'get');
      expect({ data: a.data, refused: a.code !== null }).toEqual({ data: null, refused: true });
    }
  });
});

describe('GraphQL, the matrix’s refusals sent with a key of the refused admin’s organisation', () => {
  const refusals = GQL_OPS.filter((n) => typeof GRAPHQL_CASES[n].denied === 'function');

  test.each(refusals)('%s', async (name) => {
    const denied = GRAPHQL_CASES[name].denied as Exclude<(typeof GRAPHQL_CASES)[string]['denied'], string>;
    const ask = await denied(w);
    const key = allScopesKeyOf.get(ask.token!);
    if (!key) return;
    const kind = fields.find((f) => f.name === name)!.kind;
    const r = await run(name, ask.vars, key);
    expect(r).toEqual({ status: graphqlNeed(kind, name) === 'never' ? 403 : ask.status, data: null });
  });
});
