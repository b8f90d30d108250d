import { call } from '../support/http';
import { SUPER_ADMIN, startTestGateway, type TestGateway } from '../support/gateway';
import { ingest, seedCustomer, superAdminToken, waitForIdle } from '../support/pipeline';
import { WorkerProcess } from './outages';

/**
 * `npm run worker` is a process root beside the gateway's (docs/operations.md#processes): with WORKER=0 on
 * every gateway, the worker processes run every module's background task, the ETL and the hourly purge of
 * expired sign-in tokens among them. Before, the standalone worker ran the ETL only and an expired
 * refresh token stayed in the table for good.
 */
let t: TestGateway;
let worker: WorkerProcess | null = null;

beforeAll(async () => {
  t = await startTestGateway({ WORKER: '0' });
});

afterAll(async () => {
  await worker?.kill();
  await t?.close();
});

const tokensLeft = async (refresh: string): Promise<number> =>
  Number(
    (
      await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM refresh_token WHERE token_hash = SHA2(?, 256)', [refresh])
    )[0].n,
  );

test('a worker process purges an expired refresh token and stores hits, beside a gateway with WORKER=0', async () => {
  const login = await call(t.url, 'POST', '/api/login', {
    body: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password },
  });
  expect(login.status).toBe(200);
  const refresh = login.body.refresh_token as string;
  await t.gateway.app.ds.query('UPDATE refresh_token SET expires_at = ? WHERE token_hash = SHA2(?, 256)', [
    new Date(Date.now() - 60_000),
    refresh,
  ]);
  const token = await superAdminToken(t);
  const world = await seedCustomer(t, { bookings: 1 });
  const tag = world.impressionTags[0].key;
  const sent = await ingest(t, token, [
    { type: 'impression', tag, ts: new Date(Date.now() - 3600_000).toISOString(), household: '4242', id: 'wp-1' },
  ]);
  expect(sent.body).toMatchObject({ accepted: 1, rejected: 0 });
  // No process runs background tasks yet: the expired token stays, the hit waits in the log.
  expect(await tokensLeft(refresh)).toBe(1);
  expect((await call(t.url, 'GET', '/api/ingest/status', { token })).body).toMatchObject({ idle: false });

  worker = new WorkerProcess({
    MYSQL_URL: t.config.MYSQL_URL,
    REDIS_URL: t.config.REDIS_URL,
    REDIS_PREFIX: t.config.REDIS_PREFIX,
    HOUSEHOLD_SALT: t.config.HOUSEHOLD_SALT,
    JWT_SECRET: t.config.JWT_SECRET,
    SPOOL_DIR: t.config.SPOOL_DIR,
  });
  worker.start();

  const status = await waitForIdle(t, token, 90_000);
  expect(status.processed).toBe(1);
  const stored = await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM impression_event WHERE event_id = ?', [
    'wp-1',
  ]);
  expect(Number(stored[0].n)).toBe(1);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && (await tokensLeft(refresh)) > 0;) {
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(await tokensLeft(refresh)).toBe(0);
  // The purge took the expired token only: signing in still works.
  const again = await call(t.url, 'POST', '/api/login', {
    body: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password },
  });
  expect(again.status).toBe(200);
}, 240_000);
