import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildMatrixWorld, type MatrixWorld } from '../support/matrix-fixtures';
import { annotationRange, freshAlert, freshAnnotation } from './matrix-timeline.fixtures';

/**
 * REST and GraphQL return the same data for the same read (item 6): every read of the entity
 * API on both transports, by the same actor, with every field the GraphQL type has (selected from
 * introspection, nested objects two levels deep) compared with the REST answer's same fields.
 */
let t: TestGateway;
let w: MatrixWorld;
beforeAll(async () => {
  t = await startTestGateway();
  w = await buildMatrixWorld(t);
  const group = await w.fresh.adtechGroup();
  await t.gateway.app.ds.query('INSERT INTO adtech_group_member (group_id, adtech_id) VALUES (?, ?), (?, ?)', [
    group,
    w.a.adtechId,
    group,
    w.b.adtechId,
  ]);
  // Something to compare on the timeline and in the bell.
  await freshAnnotation(w);
  await freshAlert(w);
}, 120_000);
afterAll(() => t.close());

interface Read {
  field: string;
  rest: (w: MatrixWorld) => string;
  vars: (w: MatrixWorld) => Record<string, unknown>;
  token: (w: MatrixWorld) => string;
}

const byCustomer = (field: string, path: string, token: (w: MatrixWorld) => string): Read => ({
  field,
  rest: (w) => `/api/${path}/customer/${w.a.customerId}`,
  vars: (w) => ({ customer_id: w.a.customerId }),
  token,
});

const READS: Read[] = [
  { field: 'me', rest: () => '/api/me', vars: () => ({}), token: (w) => w.a.users.agency.user.token },
  { field: 'countries', rest: () => '/api/countries', vars: () => ({}), token: (w) => w.a.users.customer.user.token },
  { field: 'taxonomies', rest: () => '/api/taxonomies', vars: () => ({}), token: (w) => w.a.users.customer.user.token },
  { field: 'agencies', rest: () => '/api/agencies', vars: () => ({}), token: (w) => w.superAdmin.token },
  {
    field: 'agencies',
    rest: () => '/api/agencies?associated=false&q=ag',
    vars: () => ({ associated: false, q: 'ag' }),
    token: (w) => w.a.users.broadcaster.admin.token,
  },
  {
    field: 'agency',
    rest: (w) => `/api/agencies/${w.a.agencyId}`,
    vars: (w) => ({ id: w.a.agencyId }),
    token: (w) => w.a.users.customer.user.token,
  },
  {
    field: 'customers',
    rest: () => '/api/customers',
    vars: () => ({}),
    token: (w) => w.a.users.broadcaster.user.token,
  },
  { field: 'customers', rest: () => '/api/customers', vars: () => ({}), token: (w) => w.superAdmin.token },
  {
    field: 'customer',
    rest: (w) => `/api/customers/${w.a.customerId}`,
    vars: (w) => ({ id: w.a.customerId }),
    token: (w) => w.a.users.customer.admin.token,
  },
  { field: 'users', rest: () => '/api/users', vars: () => ({}), token: (w) => w.superAdmin.token },
  {
    field: 'user',
    rest: (w) => `/api/users/${w.a.users.adtech.user.userId}`,
    vars: (w) => ({ id: w.a.users.adtech.user.userId }),
    token: (w) => w.a.users.adtech.admin.token,
  },
  { field: 'broadcasters', rest: () => '/api/broadcasters', vars: () => ({}), token: (w) => w.superAdmin.token },
  { field: 'adtechs', rest: () => '/api/adtechs', vars: () => ({}), token: (w) => w.a.users.customer.user.token },
  { field: 'adtechGroups', rest: () => '/api/adtechgroups', vars: () => ({}), token: (w) => w.superAdmin.token },
  { field: 'channels', rest: () => '/api/channels', vars: () => ({}), token: (w) => w.a.users.adtech.user.token },
  byCustomer('campaigns', 'campaigns', (w) => w.a.users.customer.user.token),
  byCustomer('bookings', 'bookings', (w) => w.a.users.agency.user.token),
  byCustomer('bookings', 'bookings', (w) => w.a.users.adtech.admin.token),
  byCustomer('bookings', 'bookings', (w) => w.superAdmin.token),
  byCustomer('bookingOptions', 'bookings/options', (w) => w.a.users.customer.admin.token),
  byCustomer('creatives', 'creatives', (w) => w.a.users.broadcaster.user.token),
  byCustomer('impressionTags', 'impressiontags', (w) => w.a.users.customer.user.token),
  byCustomer('siteTags', 'sitetags', (w) => w.a.users.customer.user.token),
  byCustomer('alertRules', 'alerts/rules', (w) => w.a.users.broadcaster.user.token),
  { field: 'alerts', rest: () => '/api/alerts', vars: () => ({}), token: (w) => w.a.users.customer.user.token },
  {
    field: 'annotations',
    rest: (w) => `/api/annotations?${new URLSearchParams({ client_id: String(w.a.customerId), ...annotationRange() })}`,
    vars: (w) => ({ client_id: w.a.customerId, ...annotationRange() }),
    token: (w) => w.a.users.agency.user.token,
  },
];

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
const named = (t: TypeRef): TypeRef => (t.ofType ? named(t.ofType) : t);
const REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';

/** Selection of every scalar field of a type, and of its object fields' scalars (depth levels). */
async function selectionOf(typeName: string, depth: number): Promise<string> {
  const r = await gql(
    t.url,
    `query($n: String!) { __type(name: $n) { fields { name args { name } type { ${REF} } } } }`,
    {
      n: typeName,
    },
  );
  const parts: string[] = [];
  for (const f of r.data.__type.fields as { name: string; args: unknown[]; type: TypeRef }[]) {
    if (f.args.length > 0) continue;
    const inner = named(f.type);
    if (inner.kind === 'SCALAR' || inner.kind === 'ENUM') parts.push(f.name);
    else if (inner.kind === 'OBJECT' && depth > 1)
      parts.push(`${f.name} { ${await selectionOf(inner.name!, depth - 1)} }`);
  }
  return parts.join(' ');
}

async function documentOf(read: Read): Promise<string> {
  const root = await gql(
    t.url,
    `{ __schema { queryType { fields { name args { name type { ${REF} } } type { ${REF} } } } } }`,
  );
  const f = (
    root.data.__schema.queryType.fields as { name: string; args: { name: string; type: TypeRef }[]; type: TypeRef }[]
  ).find((x) => x.name === read.field)!;
  const typeOf = (t: TypeRef): string =>
    t.kind === 'NON_NULL' ? `${typeOf(t.ofType!)}!` : t.kind === 'LIST' ? `[${typeOf(t.ofType!)}]` : t.name!;
  const used = f.args.filter((a) => a.name in read.vars(w));
  const decl = used.map((a) => `$${a.name}: ${typeOf(a.type)}`).join(', ');
  const args = used.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `query${decl ? `(${decl})` : ''} { ${read.field}${args ? `(${args})` : ''} { ${await selectionOf(named(f.type).name!, 2)} } }`;
}

/** The REST answer cut down to the fields GraphQL selected (REST may carry more, never different). */
function projected(rest: unknown, shape: unknown): unknown {
  if (Array.isArray(shape) && Array.isArray(rest)) return rest.map((r, i) => projected(r, shape[i] ?? shape[0]));
  if (shape && typeof shape === 'object' && rest && typeof rest === 'object' && !Array.isArray(shape)) {
    return Object.fromEntries(
      Object.keys(shape).map((k) => [
        k,
        projected((rest as Record<string, unknown>)[k], (shape as Record<string, unknown>)[k]),
      ]),
    );
  }
  return rest;
}

test.each(READS.map((r, i) => [`${r.field} (${i})`, r] as const))('%s: GraphQL equals REST', async (_, read) => {
  const token = read.token(w);
  const rest = await call(t.url, 'GET', read.rest(w), { token });
  expect(rest.status).toBe(200);
  const g = await gql(t.url, await documentOf(read), read.vars(w), token);
  expect(g.errors).toBeUndefined();
  const data = g.data[read.field];
  // A comparison of two empty lists would prove nothing.
  if (Array.isArray(data)) expect(data.length).toBeGreaterThan(0);
  expect(projected(rest.body, data)).toEqual(data);
});
