import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { makeUser } from '../support/actors';
import type { OrgEntityType } from '@infinitum/rules';

/**
 * Tenant matrix (spec 6): users of every organisation type, admin and user, try to read, update and
 * delete another tenant's agency, client and users by id on both transports. Each attempt must answer
 * exactly like an unknown id (no existence leak), and nothing may change.
 */
let t: TestGateway;
let admin: string;
type Tenant = { BROADCASTER: number; AGENCY: number; CUSTOMER: number; ADTECH: number; users: number[] };
const tenants: Tenant[] = [];
const actors: { label: string; type: OrgEntityType; admin: boolean; token: string }[] = [];
const UNKNOWN = 999999;

const db = <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => t.gateway.app.ds.query(sql, params);

async function makeTenant(n: number): Promise<Tenant> {
  const post = async (path: string, body: object) => {
    const r = await call(t.url, 'POST', path, { token: admin, body });
    if (r.status !== 200) throw new Error(`${path}: ${JSON.stringify(r.body)}`);
    return r.body.id as number;
  };
  const tenant: Tenant = {
    BROADCASTER: await post('/api/broadcasters', { broadcaster_name: `Broadcaster ${n}`, country_code: 'NZ' }),
    AGENCY: await post('/api/agencies', { agency_name: `Agency ${n}`, country_code: 'NZ' }),
    CUSTOMER: await post('/api/customers', { cust_name: `Client ${n}`, country_code: 'NZ' }),
    ADTECH: await post('/api/adtechs', { adtech_name: `AdTech ${n}`, country_code: 'NZ' }),
    users: [],
  };
  const relate = (source_type: string, source_id: number, target_type: string, target_id: number) =>
    post('/api/admin/relationships', { source_type, source_id, target_type, target_id });
  await relate('client', tenant.CUSTOMER, 'broadcaster', tenant.BROADCASTER);
  await relate('client', tenant.CUSTOMER, 'agency', tenant.AGENCY);
  await relate('client', tenant.CUSTOMER, 'adtech', tenant.ADTECH);
  await relate('broadcaster', tenant.BROADCASTER, 'agency', tenant.AGENCY);
  await relate('adtech', tenant.ADTECH, 'agency', tenant.AGENCY);
  for (const type of ['CUSTOMER', 'AGENCY', 'BROADCASTER', 'ADTECH'] as const) {
    for (const isAdmin of [true, false]) {
      const u = await makeUser(t, { entityType: type, entityId: tenant[type], admin: isAdmin });
      tenant.users.push(u.actor.userId);
      if (n === 1)
        actors.push({ label: `${type} ${isAdmin ? 'admin' : 'user'}`, type, admin: isAdmin, token: u.token });
    }
  }
  return tenant;
}

/** Everything of tenant 2 a tenant-1 user could try to change. */
const snapshot = async () => {
  const other = tenants[1];
  return {
    agency: await db('SELECT * FROM agency WHERE id = ?', [other.AGENCY]),
    customer: await db('SELECT * FROM customer WHERE id = ?', [other.CUSTOMER]),
    countries: await db("SELECT * FROM operational_country WHERE owner_type = 'customer' AND owner_id = ?", [
      other.CUSTOMER,
    ]),
    users: await db('SELECT * FROM user WHERE id IN (?) ORDER BY id', [other.users]),
    relationships: await db('SELECT COUNT(*) AS n FROM relationship'),
  };
};

beforeAll(async () => {
  t = await startTestGateway();
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  tenants.push(await makeTenant(1));
  tenants.push(await makeTenant(2));
});
afterAll(() => t.close());

/** The REST and GraphQL attempts on one record of tenant 2, each also made with an unknown id. */
function attempts(kind: 'agency' | 'customer' | 'user', id: number) {
  const rest = { agency: '/api/agencies', customer: '/api/customers', user: '/api/users' }[kind];
  const input = {
    agency: '{ agency_name: "Taken Over" }',
    customer: '{ cust_name: "Taken Over", country_code: "NZ" }',
    user: '{ name: "Taken Over", email: "taken@over.example.com" }',
  }[kind];
  const Kind = kind[0].toUpperCase() + kind.slice(1);
  const body = {
    agency: { agency_name: 'Taken Over' },
    customer: { cust_name: 'Taken Over', country_code: 'NZ' },
    user: { name: 'Taken Over', email: 'taken@over.example.com' },
  }[kind];
  return [
    {
      name: `GET ${rest}/:id`,
      run: (token: string, x: number) =>
        call(t.url, 'GET', `${rest}/${x}`, { token }).then((r) => ({ status: r.status, body: r.body })),
    },
    {
      name: `PUT ${rest}/:id`,
      run: (token: string, x: number) =>
        call(t.url, 'PUT', `${rest}/${x}`, { token, body }).then((r) => ({ status: r.status, body: r.body })),
    },
    {
      name: `DELETE ${rest}/:id`,
      run: (token: string, x: number) =>
        call(t.url, 'DELETE', `${rest}/${x}`, { token }).then((r) => ({ status: r.status, body: r.body })),
    },
    {
      name: `query ${kind}`,
      run: (token: string, x: number) => gql(t.url, `query { ${kind}(id: ${x}) { id } }`, {}, token).then(gqlOutcome),
    },
    {
      name: `update${Kind}`,
      run: (token: string, x: number) =>
        gql(t.url, `mutation { update${Kind}(id: ${x}, input: ${input}) { id } }`, {}, token).then(gqlOutcome),
    },
    {
      name: `delete${Kind}`,
      run: (token: string, x: number) =>
        gql(t.url, `mutation { delete${Kind}(id: ${x}) { message } }`, {}, token).then(gqlOutcome),
    },
  ].map((a) => ({ ...a, id }));
}

const gqlOutcome = (r: { data: unknown; errors?: { message: string; extensions?: Record<string, any> }[] }) => ({
  status: r.errors?.[0]?.extensions?.status ?? 200,
  body: { message: r.errors?.[0]?.message, data: r.data },
});

test('another tenant’s agency, client and users answer like unknown ids, on both transports, and nothing changes', async () => {
  const before = await snapshot();
  const other = tenants[1];
  const targets = [
    ...attempts('agency', other.AGENCY),
    ...attempts('customer', other.CUSTOMER),
    ...other.users.flatMap((id) => attempts('user', id)),
  ];
  const failures: string[] = [];
  for (const actor of actors) {
    for (const a of targets) {
      const got = await a.run(actor.token, a.id);
      const unknown = await a.run(actor.token, UNKNOWN);
      if (![403, 404].includes(got.status)) failures.push(`${actor.label}: ${a.name} answered ${got.status}`);
      // Same answer as an unknown id, message and all.
      const norm = (o: { status: number; body: any }) => ({ status: o.status, message: o.body?.message });
      if (JSON.stringify(norm(got)) !== JSON.stringify(norm(unknown))) {
        failures.push(
          `${actor.label}: ${a.name} ${JSON.stringify(norm(got))} differs from unknown ${JSON.stringify(norm(unknown))}`,
        );
      }
    }
  }
  expect(failures).toEqual([]);
  expect(await snapshot()).toEqual(before);
  // 8 actors x (6 agency + 6 client + 8 users x 6) attempts were made.
  expect(actors).toHaveLength(8);
});

test('lists never show another tenant’s records, and REST and GraphQL list the same', async () => {
  const other = tenants[1];
  for (const actor of actors) {
    const agencies = await call(t.url, 'GET', '/api/agencies/', { token: actor.token });
    const customers = await call(t.url, 'GET', '/api/customers/', { token: actor.token });
    const g = await gql(
      t.url,
      `{ agencies { id agency_name domain admin_email country_code created_by }
         customers { id cust_name display_name domain admin_email taxonomy_id taxonomy_desc country_code country_list
                     operational_countries { country_code country_name } billing_entity is_multi_country status time_zone retention_months nat_hourly_limit created_by } }`,
      {},
      actor.token,
    );
    expect(g.data.agencies).toEqual(agencies.body);
    expect(g.data.customers).toEqual(customers.body);
    expect(agencies.body.map((a: any) => a.id)).not.toContain(other.AGENCY);
    expect(customers.body.map((c: any) => c.id)).toEqual([tenants[0].CUSTOMER]);
    const users = await call(t.url, 'GET', '/api/users/', { token: actor.token });
    if (actor.admin) {
      expect(users.body.map((u: any) => u.id).filter((id: number) => other.users.includes(id))).toEqual([]);
      expect(users.body).toHaveLength(2);
      const gu = await gql(
        t.url,
        '{ users { id name email admin role entity_type entity_id active } }',
        {},
        actor.token,
      );
      expect(gu.data.users).toEqual(users.body);
    } else {
      expect(users.status).toBe(403);
    }
  }
});

test('own-tenant records are reachable, so the matrix above is not refusing everything', async () => {
  const own = tenants[0];
  const customerAdmin = actors.find((a) => a.type === 'CUSTOMER' && a.admin)!;
  expect((await call(t.url, 'GET', `/api/customers/${own.CUSTOMER}`, { token: customerAdmin.token })).status).toBe(200);
  const agencyAdmin = actors.find((a) => a.type === 'AGENCY' && a.admin)!;
  const put = await gql(
    t.url,
    `mutation { updateAgency(id: ${own.AGENCY}, input: { agency_name: "Agency One" }) { agency_name } }`,
    {},
    agencyAdmin.token,
  );
  expect(put.data.updateAgency.agency_name).toBe('Agency One');
  // Related but not their own: visible, not editable (403 rather than 404).
  const broadcasterAdmin = actors.find((a) => a.type === 'BROADCASTER' && a.admin)!;
  expect((await call(t.url, 'GET', `/api/agencies/${own.AGENCY}`, { token: broadcasterAdmin.token })).status).toBe(200);
  expect(
    (
      await call(t.url, 'PUT', `/api/customers/${own.CUSTOMER}`, {
        token: broadcasterAdmin.token,
        body: { cust_name: 'Mine Now' },
      })
    ).status,
  ).toBe(403);
});

test('mass assignment of admin, role, entity, billing entity and created_by is ignored', async () => {
  const own = tenants[0];
  const customerAdmin = actors.find((a) => a.type === 'CUSTOMER' && a.admin)!;
  const [before] = await db('SELECT billing_entity, created_by FROM customer WHERE id = ?', [own.CUSTOMER]);
  const r = await call(t.url, 'PUT', `/api/customers/${own.CUSTOMER}`, {
    token: customerAdmin.token,
    body: {
      cust_name: 'Client One',
      billing_entity: 0,
      created_by: 1,
      entity_type: 'SYSTEM',
      entity_id: 0,
      admin: true,
      role: 'ROLE_ADMIN',
    },
  });
  expect(r.status).toBe(200);
  expect(r.body.billing_entity).toBeNull();
  const [after] = await db('SELECT billing_entity, created_by FROM customer WHERE id = ?', [own.CUSTOMER]);
  expect(after).toEqual(before);
  // A new user of an entity admin stays in their entity, whatever the body says.
  const created = await call(t.url, 'POST', '/api/users/', {
    token: customerAdmin.token,
    body: {
      name: 'Mass Assigner',
      email: 'mass@assign.example.com',
      entity_type: 'SYSTEM',
      entity_id: 0,
      role: 'ROLE_ADMIN',
      created_by: 1,
    },
  });
  expect(created.body).toMatchObject({ entity_type: 1, entity_id: own.CUSTOMER, role: 'ROLE_CUSTOMER_USER' });
  const [row] = await db('SELECT entity_type, created_by FROM user WHERE id = ?', [created.body.id]);
  expect(row.entity_type).toBe('CUSTOMER');
  expect(row.created_by).not.toBe(1);
  // GraphQL has no such input fields at all: the operation is refused before it reaches the service.
  const g = await gql(
    t.url,
    `mutation { updateCustomer(id: ${own.CUSTOMER}, input: { cust_name: "X Co", created_by: 1 }) { id } }`,
    {},
    customerAdmin.token,
  );
  expect(g.errors?.length).toBeGreaterThan(0);
});
