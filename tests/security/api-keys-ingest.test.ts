import { usageOf } from '../../gateway/src/modules/api-keys/api-key.usage';
import { insertApiKey } from '../support/api-keys';
import type { TestGateway } from '../support/gateway';
import { call } from '../support/http';
import {
  ingest,
  seedCustomer,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
  type WorldCustomer,
} from '../support/pipeline';

/**
 * An API key with the `ingest` scope back-fills events for its own
 * organisation's tags through the same door as everyone; another tenant's tag keys are refused line by
 * line, like unknown tags, and nothing of theirs is stored. Without the scope, no ingest at all.
 */
let t: TestGateway;
let a: WorldCustomer;
let b: WorldCustomer;
let admin: string;
beforeAll(async () => {
  t = await startPipelineGateway();
  a = await seedCustomer(t, { name: 'Key Ingest A', bookings: 1, siteTags: 1 });
  b = await seedCustomer(t, { name: 'Key Ingest B', bookings: 1, siteTags: 1 });
  admin = await superAdminToken(t);
}, 60_000);
afterAll(() => t.close());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const stored = async (table: 'impression_event' | 'site_hit', customerId: number): Promise<number> =>
  Number((await t.gateway.app.ds.query(`SELECT COUNT(*) AS n FROM ${table} WHERE customer_id = ?`, [customerId]))[0].n);

test("an ingest key of A stores A's lines and refuses B's tag keys per line, storing nothing of B", async () => {
  const key = await insertApiKey(t, { entityType: 'CUSTOMER', entityId: a.id, scopes: ['ingest'] });
  const lines = [
    { type: 'impression' as const, tag: a.impressionTags[0].key, ts: hoursAgo(5), household: '7001' },
    { type: 'impression' as const, tag: b.impressionTags[0].key, ts: hoursAgo(5), household: '7002' },
    { type: 'visit' as const, tag: a.siteTags[0].key, ts: hoursAgo(4), household: '7001', url: 'https://a.test/' },
    { type: 'visit' as const, tag: b.siteTags[0].key, ts: hoursAgo(4), household: '7002', url: 'https://b.test/' },
    { type: 'impression' as const, tag: a.impressionTags[0].key, ts: hoursAgo(3), household: '7003' },
  ];
  const r = await ingest(t, key.secret, lines);
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    accepted: 3,
    rejected: 2,
    errors: [
      { line: 2, reason: 'unknown tag' },
      { line: 4, reason: 'unknown tag' },
    ],
  });
  await waitForIdle(t, admin);
  expect({
    aImpressions: await stored('impression_event', a.id),
    bImpressions: await stored('impression_event', b.id),
    bHits: await stored('site_hit', b.id),
  }).toEqual({ aImpressions: 2, bImpressions: 0, bHits: 0 });
});

test('a key without the ingest scope cannot ingest, and an ingest key cannot read the system-wide status', async () => {
  const read = await insertApiKey(t, { entityType: 'CUSTOMER', entityId: a.id, scopes: ['read', 'write'] });
  const line = { type: 'impression' as const, tag: a.impressionTags[0].key, ts: hoursAgo(2), household: '7004' };
  expect((await ingest(t, read.secret, [line])).status).toBe(403);
  const ingestOnly = await insertApiKey(t, { entityType: 'CUSTOMER', entityId: a.id, scopes: ['ingest', 'read'] });
  expect((await call(t.url, 'GET', '/api/ingest/status', { token: ingestOnly.secret })).status).toBe(403);
  // A revoked ingest key fails at once.
  const revoked = await insertApiKey(t, { entityType: 'CUSTOMER', entityId: a.id, scopes: ['ingest'] });
  await t.gateway.app.ds.query('UPDATE api_key SET revoked_at = NOW() WHERE id = ?', [revoked.id]);
  expect((await ingest(t, revoked.secret, [line])).status).toBe(401);
});

test('one bulk ingest call counts once against the key’s rate limit and its usage', async () => {
  const key = await insertApiKey(t, { entityType: 'CUSTOMER', entityId: a.id, scopes: ['ingest'] });
  const line = { type: 'impression' as const, tag: a.impressionTags[0].key, ts: hoursAgo(2), household: '7005' };
  expect((await ingest(t, key.secret, [line])).status).toBe(200);
  const app = t.gateway.app;
  // Usage is counted without delaying the answer: give its Redis write a moment.
  let usage = { total: 0, today: 0 };
  for (let i = 0; i < 20 && usage.total === 0; i++) {
    usage = (await usageOf(app, [key.id])).get(key.id)!;
    if (usage.total === 0) await new Promise((r) => setTimeout(r, 50));
  }
  const consumed = Number(await app.redis.get(`${app.keys.of('api-key-rate')}:${key.id}`));
  expect({ consumed, usage }).toEqual({ consumed: 1, usage: { total: 1, today: 1 } });
});
