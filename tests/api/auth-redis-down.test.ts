import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { SIGN_IN_UNAVAILABLE } from '../../gateway/src/modules/auth/login-throttle';
import { RESET_UNAVAILABLE } from '../../gateway/src/modules/auth/reset-throttle';
import { SUPER_ADMIN, startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';

/**
 * Sign-in counts failures in Redis. With Redis gone it must answer a clear 503 (fail closed), never a
 * 500, on both transports; and it works again once Redis is back. A private redis-server is used so
 * stopping it disturbs no other suite.
 */
let t: TestGateway;
let redis: ChildProcess | null = null;
let port = 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

const accepts = (p: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(p, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    if (await accepts(port)) return;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('private redis-server did not start');
}

async function stopRedis(): Promise<void> {
  const proc = redis;
  redis = null;
  if (!proc || proc.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  t = await startTestGateway({ REDIS_URL: `redis://127.0.0.1:${port}` });
}, 60_000);
afterAll(async () => {
  await t.close();
  await stopRedis();
});

test('sign-in works, then answers 503 (not 500) while Redis is down, then works again', async () => {
  expect((await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).status).toBe(200);

  await stopRedis();
  const rest = await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN });
  expect({ status: rest.status, message: rest.body.message }).toEqual({ status: 503, message: SIGN_IN_UNAVAILABLE });
  expect(rest.headers.get('retry-after')).toBe('30');
  const wrong = await call(t.url, 'POST', '/api/login', { body: { ...SUPER_ADMIN, password: 'wrong-password-1' } });
  expect(wrong.status).toBe(503);
  const graph = await gql(t.url, 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { role } }', {
    e: SUPER_ADMIN.email,
    p: SUPER_ADMIN.password,
  });
  expect(graph.errors?.[0]).toMatchObject({
    message: SIGN_IN_UNAVAILABLE,
    extensions: { code: 'UNAVAILABLE', status: 503 },
  });
  const reset = await call(t.url, 'POST', '/api/password-reset', { body: { email: SUPER_ADMIN.email } });
  expect({ status: reset.status, message: reset.body.message }).toEqual({ status: 503, message: RESET_UNAVAILABLE });

  await startRedis();
  let back = 0;
  for (let i = 0; i < 50 && back !== 200; i++) {
    back = (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).status;
    if (back !== 200) await new Promise((res) => setTimeout(res, 200));
  }
  expect(back).toBe(200);
}, 60_000);
