import { createHash } from 'node:crypto';
import { authenticateKey } from '../../gateway/src/modules/api-keys/api-key.actor';
import { createApiKey } from '../../gateway/src/modules/api-keys/api-key.service';
import { updateCustomer } from '../../gateway/src/modules/customers/customer.service';
import { createAgency } from '../../gateway/src/modules/organisations/agency.service';
import { decideAssociationRequest } from '../../gateway/src/modules/relationships/association-request.service';
import { createRelationship } from '../../gateway/src/modules/relationships/relationship.service';
import { createDirectUser } from '../../gateway/src/modules/users/direct-user.service';
import { createUser } from '../../gateway/src/modules/users/user.service';
import type { ApiKeyScope, EntityType } from '@infinitum/rules';
import { insertApiKey } from '../support/api-keys';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { buildRecordsWorld, isoDay, type RecordsWorld } from '../support/records-fixtures';

/**
 * A key can do no more than its scopes, whatever it sends (docs/security.md#api-keys): a mutation's text
 * placed in a persisted-query cache by someone without credentials never runs when a key sends its hash;
 * and the services themselves refuse a key for users, keys, organisations, relationships and association
 * decisions, even when the transport were to let the call through.
 */
let t: TestGateway;
let w: RecordsWorld;
const KINDS: { name: string; entityType: EntityType; scopes: ApiKeyScope[] }[] = [
  { name: 'a read key', entityType: 'CUSTOMER', scopes: ['read'] },
  { name: 'a write key', entityType: 'CUSTOMER', scopes: ['write'] },
  { name: 'an ingest key', entityType: 'CUSTOMER', scopes: ['ingest'] },
  { name: 'a key with every scope', entityType: 'CUSTOMER', scopes: ['read', 'write', 'ingest'] },
  { name: 'a system read key', entityType: 'SYSTEM', scopes: ['read'] },
  { name: 'a system key with every scope', entityType: 'SYSTEM', scopes: ['read', 'write', 'ingest'] },
];
const secrets = new Map<string, string>();

beforeAll(async () => {
  t = await startTestGateway({ API_KEY_RATE_PER_MINUTE: '100000' });
  w = await buildRecordsWorld(t);
  for (const k of KINDS) {
    const entityId = k.entityType === 'SYSTEM' ? 0 : w.a.customerId;
    secrets.set(k.name, (await insertApiKey(t, { entityType: k.entityType, entityId, scopes: k.scopes })).secret);
  }
}, 120_000);
afterAll(() => t.close());

const count = async (sql: string, params: unknown[]): Promise<number> =>
  Number(((await t.gateway.app.ds.query(sql, params)) as { n: number }[])[0].n);

const CREATE_CAMPAIGN = 'mutation C($i: CampaignInput!) { createCampaign(input: $i) { id } }';
const CREATE_ADMIN_USER = 'mutation U($i: UserInput!) { createUser(input: $i) { id } }';

describe('a mutation’s hash registered anonymously, then sent by each kind of key', () => {
  test.each(KINDS.map((k) => k.name))('%s runs nothing', async (name) => {
    const tag = `Hash ${name} ${Math.random().toString(36).slice(2, 8)}`;
    const email = `hash-${Math.random().toString(36).slice(2, 10)}@test.infinitum`;
    const asks = [
      {
        query: CREATE_CAMPAIGN,
        variables: {
          i: { customer_id: w.a.customerId, campaign_name: tag, start_date: isoDay(0), end_date: isoDay(7) },
        },
      },
      { query: CREATE_ADMIN_USER, variables: { i: { name: tag, email, admin: true } } },
    ];
    for (const { query, variables } of asks) {
      const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
      const anonymous = await call(t.url, 'POST', '/graphql', {
        body: { query, variables, extensions: { persistedQuery } },
      });
      expect(anonymous.body.data ?? null).toBeNull();
      const byKey = await call(t.url, 'POST', '/graphql', {
        token: secrets.get(name),
        body: { variables, extensions: { persistedQuery } },
      });
      expect({ data: byKey.body.data ?? null, code: byKey.body.errors?.[0]?.extensions?.code }).toEqual({
        data: null,
        code: 'PERSISTED_QUERY_NOT_SUPPORTED',
      });
    }
    expect(await count('SELECT COUNT(*) AS n FROM campaign WHERE campaign_name = ?', [tag])).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM user WHERE email = ?', [email])).toBe(0);
  });
});

describe('createUser(admin: true) with a key', () => {
  test.each(KINDS.map((k) => k.name))('%s: refused over GraphQL, and by the service itself', async (name) => {
    const email = `key-admin-${Math.random().toString(36).slice(2, 10)}@test.infinitum`;
    const r = await call(t.url, 'POST', '/graphql', {
      token: secrets.get(name),
      body: { query: CREATE_ADMIN_USER, variables: { i: { name: 'Key Admin', email, admin: true } } },
    });
    expect({ data: r.body.data?.createUser ?? null, status: r.body.errors?.[0]?.extensions?.status }).toEqual({
      data: null,
      status: 403,
    });
    const actor = await authenticateKey(t.gateway.app, secrets.get(name)!, []);
    await expect(createUser(t.gateway.app, actor, { name: 'Key Admin', email, admin: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await count('SELECT COUNT(*) AS n FROM user WHERE email = ?', [email])).toBe(0);
  });
});

describe('the services refuse a key actor, whatever its scopes', () => {
  const every = (entity: 'CUSTOMER' | 'SYSTEM') =>
    KINDS.find((k) => k.entityType === entity && k.scopes.length === 3)!.name;

  test('an organisation key: users, keys, organisations, association decisions', async () => {
    const app = t.gateway.app;
    const actor = await authenticateKey(app, secrets.get(every('CUSTOMER'))!, []);
    const client = await count('SELECT MAX(id) AS n FROM customer', []);
    const request = Number(
      (
        (await app.ds.query(
          `INSERT INTO association_request (requester_type, requester_id, target_type, target_id, pending_pair)
           VALUES ('BROADCASTER', ?, 'CUSTOMER', ?, ?)`,
          [w.b.broadcasterId, w.a.customerId, `BROADCASTER:${w.b.broadcasterId}|CUSTOMER:${w.a.customerId}`],
        )) as { insertId: number }
      ).insertId,
    );
    const refusals = await Promise.allSettled([
      createApiKey(app, actor, { name: 'From a key', scopes: ['read'] }),
      createAgency(app, actor, { agency_name: 'Key Agency' }),
      updateCustomer(app, actor, w.a.customerId, { cust_name: 'Renamed by key' }),
      decideAssociationRequest(app, actor, request, 'accept'),
      decideAssociationRequest(app, actor, request, 'decline'),
    ]);
    expect(refusals.map((r) => (r.status === 'rejected' ? (r.reason as { code?: string }).code : 'DONE'))).toEqual([
      'FORBIDDEN',
      'FORBIDDEN',
      'FORBIDDEN',
      'FORBIDDEN',
      'FORBIDDEN',
    ]);
    expect(
      await count("SELECT COUNT(*) AS n FROM association_request WHERE id = ? AND status = 'pending'", [request]),
    ).toBe(1);
    expect(client).toBeGreaterThan(0);
  });

  test('a system key: direct users (an admin of another organisation) and relationships', async () => {
    const app = t.gateway.app;
    const actor = await authenticateKey(app, secrets.get(every('SYSTEM'))!, []);
    const email = `direct-${Math.random().toString(36).slice(2, 10)}@test.infinitum`;
    await expect(
      createDirectUser(app, actor, {
        name: 'Direct by key',
        email,
        admin: true,
        entity_type: 1,
        entity_id: w.b.customerId,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      createRelationship(app, actor, { source_id: w.b.customerId, target_id: w.a.broadcasterId }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await count('SELECT COUNT(*) AS n FROM user WHERE email = ?', [email])).toBe(0);
  });
});

test('a system key reading GET /api/ingest/status is refused (the operators’ view, not for keys)', async () => {
  for (const name of KINDS.filter((k) => k.entityType === 'SYSTEM').map((k) => k.name)) {
    const r = await call(t.url, 'GET', '/api/ingest/status', { token: secrets.get(name) });
    expect({ status: r.status, consumers: r.body?.consumers }).toEqual({ status: 403, consumers: undefined });
  }
  const byAdmin = await call(t.url, 'GET', '/api/ingest/status', { token: w.superAdmin.token });
  expect(byAdmin.status).toBe(200);
});
