import type { Hit } from '../../gateway/src/collector/hit';
import { acceptedTagKeys, mayBulkIngest } from '../../gateway/src/modules/ingest/ingest.service';
import { SESSION_ENDED } from '../../gateway/src/modules/auth/session-check';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { ingest, seedCustomer, superAdminToken, type WorldCustomer } from '../support/pipeline';

/**
 * Bulk ingest goes through the same door as every call. The shared signed-in check
 * (a deactivated super admin's still-unexpired token is refused), one rule for who may bulk-ingest, and
 * the per-line tag acceptance through the actor's customer visibility.
 */
let t: TestGateway;
let a: WorldCustomer;
let b: WorldCustomer;
beforeAll(async () => {
  t = await startTestGateway();
  a = await seedCustomer(t, { name: 'Door A', bookings: 1, siteTags: 1 });
  b = await seedCustomer(t, { name: 'Door B', bookings: 1, siteTags: 1 });
}, 60_000);
afterAll(() => t.close());

const line = (tag: string, type: 'impression' | 'visit' = 'impression') => ({
  type,
  tag,
  ts: new Date(Date.now() - 1000).toISOString(),
  household: '42',
});

test('a deactivated super admin’s token no longer ingests nor reads the status', async () => {
  const sa = await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true });
  expect((await ingest(t, sa.token, [line(a.impressionTags[0].key)])).body.accepted).toBe(1);
  await t.gateway.app.ds.query('UPDATE user SET active = 0 WHERE id = ?', [sa.actor.userId]);
  const refused = await ingest(t, sa.token, [line(a.impressionTags[0].key)]);
  expect({ status: refused.status, message: (refused.body as unknown as { message: string }).message }).toEqual({
    status: 401,
    message: SESSION_ENDED,
  });
  const status = await call(t.url, 'GET', '/api/ingest/status', { token: sa.token });
  expect({ status: status.status, message: status.body.message }).toEqual({ status: 401, message: SESSION_ENDED });
  // A removed one likewise.
  const gone = await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true });
  await t.gateway.app.ds.query('DELETE FROM user WHERE id = ?', [gone.actor.userId]);
  expect((await ingest(t, gone.token, [line(a.impressionTags[0].key)])).status).toBe(401);
});

test('who may bulk-ingest is one rule: the super admin, not even an organisation admin', async () => {
  const admin = await makeUser(t, { entityType: 'CUSTOMER', entityId: a.id, admin: true });
  const sa = await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true });
  expect(mayBulkIngest(sa.actor)).toBe(true);
  expect(mayBulkIngest(admin.actor)).toBe(false);
  const r = await ingest(t, admin.token, [line(a.impressionTags[0].key)]);
  expect(r.status).toBe(403);
  expect((await call(t.url, 'GET', '/api/ingest/status', { token: admin.token })).status).toBe(403);
  expect((await ingest(t, undefined, [line(a.impressionTags[0].key)])).status).toBe(401);
});

test('tags are accepted through the actor’s customer visibility: all for the super admin, own for others', async () => {
  const hits = [a.impressionTags[0].key, b.impressionTags[0].key].map((tag) => ({ k: 'i', t: tag }) as Hit);
  hits.push({ k: 'v', t: a.siteTags[0].key } as Hit, { k: 'v', t: b.siteTags[0].key } as Hit);
  const sa = await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true });
  expect([...(await acceptedTagKeys(t.gateway.app, sa.actor, hits))].sort()).toEqual(
    [
      `i:${a.impressionTags[0].key}`,
      `i:${b.impressionTags[0].key}`,
      `v:${a.siteTags[0].key}`,
      `v:${b.siteTags[0].key}`,
    ].sort(),
  );
  // A future non-super-admin ingest actor (an API key of client A): only A's tags; B's are like unknown ones.
  const ofA = await makeUser(t, { entityType: 'CUSTOMER', entityId: a.id, admin: true });
  expect([...(await acceptedTagKeys(t.gateway.app, ofA.actor, hits))].sort()).toEqual(
    [`i:${a.impressionTags[0].key}`, `v:${a.siteTags[0].key}`].sort(),
  );
  const nobody = await makeUser(t, { entityType: 'AGENCY', entityId: 999999, admin: true });
  expect(await acceptedTagKeys(t.gateway.app, nobody.actor, hits)).toEqual(new Set());
});

test('per line: known tags accepted, unknown ones rejected with their line number', async () => {
  const token = await superAdminToken(t);
  const r = await ingest(t, token, [
    line(a.impressionTags[0].key),
    line('no-such-tag-00000000'),
    line(b.siteTags[0].key, 'visit'),
  ]);
  expect(r.status).toBe(200);
  expect(r.body).toEqual({ accepted: 2, rejected: 1, errors: [{ line: 2, reason: 'unknown tag' }] });
});
