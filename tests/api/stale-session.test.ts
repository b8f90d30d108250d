import { SESSION_ENDED } from '../../gateway/src/modules/auth/session-check';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { insert } from '../support/records-fixtures';

/**
 * An access token lives 15 minutes; a user removed, deactivated, moved or demoted within that time must
 * lose access at once, on both transports (401, so the client's refresh decides what happens next).
 */
let t: TestGateway;
let broadcasterId: number;
let otherBroadcasterId: number;
let superToken: string;
beforeAll(async () => {
  t = await startTestGateway();
  broadcasterId = await insert(
    t,
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('One TV', 'NZ')",
    [],
  );
  otherBroadcasterId = await insert(
    t,
    "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES ('Two TV', 'NZ')",
    [],
  );
  superToken = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
});
afterAll(() => t.close());

async function refused(token: string) {
  const rest = await call(t.url, 'GET', '/api/users', { token });
  const graph = await call(t.url, 'POST', '/graphql', { token, body: { query: '{ users { id } }' } });
  return {
    rest: [rest.status, rest.body.message],
    graphql: [graph.status, graph.body.errors?.[0]?.extensions?.code, graph.body.errors?.[0]?.message],
  };
}
const ENDED = { rest: [401, SESSION_ENDED], graphql: [401, 'UNAUTHENTICATED', SESSION_ENDED] };

test('a live admin token works', async () => {
  const admin = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: true });
  expect((await call(t.url, 'GET', '/api/users', { token: admin.token })).status).toBe(200);
  expect((await gql(t.url, '{ users { id } }', {}, admin.token)).errors).toBeUndefined();
});

test('a removed user’s token stops working at once', async () => {
  const admin = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: true });
  const del = await call(t.url, 'DELETE', `/api/users/${admin.actor.userId}`, { token: superToken });
  expect(del.status).toBe(200);
  expect(await refused(admin.token)).toEqual(ENDED);
});

test('a demoted admin loses admin rights at once; signing in again gives the user role', async () => {
  const admin = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: true });
  const put = await call(t.url, 'PUT', `/api/users/${admin.actor.userId}`, {
    token: superToken,
    body: { name: admin.actor.name, email: admin.email, admin: false },
  });
  expect(put.body.admin).toBe(false);
  expect(await refused(admin.token)).toEqual(ENDED);
  const again = await call(t.url, 'POST', '/api/login', { body: { email: admin.email, password: admin.password } });
  expect(again.body.role).toBe('ROLE_BROADCASTER_USER');
  expect((await call(t.url, 'GET', '/api/users', { token: again.body.access_token })).status).toBe(403);
});

test('a user moved to another organisation, or deactivated, is signed out', async () => {
  const moved = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: true });
  await call(t.url, 'PUT', `/api/users/${moved.actor.userId}`, {
    token: superToken,
    body: { name: moved.actor.name, email: moved.email, entity_type: 3, entity_id: otherBroadcasterId },
  });
  expect(await refused(moved.token)).toEqual(ENDED);
  const inactive = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: true });
  await t.gateway.app.ds.query('UPDATE user SET active = 0 WHERE id = ?', [inactive.actor.userId]);
  expect(await refused(inactive.token)).toEqual(ENDED);
});

test('sign-in calls still go through with a stale token', async () => {
  const gone = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false });
  const other = await makeUser(t, { entityType: 'BROADCASTER', entityId: broadcasterId, admin: false });
  await t.gateway.app.ds.query('DELETE FROM user WHERE id = ?', [gone.actor.userId]);
  const rest = await call(t.url, 'POST', '/api/login', {
    token: gone.token,
    body: { email: other.email, password: other.password },
  });
  expect(rest.status).toBe(200);
  const graph = await gql(
    t.url,
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { role } }',
    { e: other.email, p: other.password },
    gone.token,
  );
  expect(graph.data.login.role).toBe('ROLE_BROADCASTER_USER');
});
