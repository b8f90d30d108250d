import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/**
 * The strain summary's critical issues, each from its stated rule, on a private
 * redis-server configured the way the rules warn about (an evicting policy and a small maxmemory):
 * the shared Redis is never reconfigured.
 */
let t: TestGateway;
let server: ChildProcess | null = null;
let redis: Redis;
let admin: string;
let port = 0;
const previousClaim = process.env.ETL_CLAIM_IDLE_MS;

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

beforeAll(async () => {
  port = await freePort();
  server = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      '4mb',
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 50));
  t = await startTestGateway({ REDIS_URL: `redis://127.0.0.1:${port}` });
  redis = new Redis(`redis://127.0.0.1:${port}`);
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
}, 60_000);

afterAll(async () => {
  process.env.ETL_CLAIM_IDLE_MS = previousClaim;
  if (previousClaim === undefined) delete process.env.ETL_CLAIM_IDLE_MS;
  rmSync(t.config.SPOOL_DIR, { recursive: true, force: true });
  redis.disconnect();
  await t.close();
  await new Promise<void>((resolve) => {
    if (!server || server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGKILL');
  });
});

const issues = async () => {
  const r = await call(t.url, 'GET', '/api/admin/redis/strain/summary', { token: admin });
  expect(r.status).toBe(200);
  return r.body.critical_issues as { code: string; message: string }[];
};

test('an evicting policy on the queue is a critical issue', async () => {
  const found = await issues();
  expect(found.find((i) => i.code === 'eviction_policy')?.message).toContain('allkeys-lru');
});

test('memory above 80% of maxmemory is a critical issue, and info measures against maxmemory', async () => {
  // Fill up to maxmemory with small values: the evicting policy then holds Redis within a few KB of
  // its limit. Large values go through a query buffer that Redis trims a second later, which dropped the
  // usage from 85% to 70% between the fill and the reading.
  const fillers = Array.from({ length: 1200 }, (_, i) => `${t.config.REDIS_PREFIX}filler:${i}`);
  const fill = async () => {
    const batch = redis.pipeline();
    for (const key of fillers) batch.set(key, 'x'.repeat(4096));
    await batch.exec();
  };
  await fill();
  const info = (await call(t.url, 'GET', '/api/admin/redis/info', { token: admin })).body;
  expect(info.memory).toMatchObject({ memory_limit: 4 * 1024 * 1024, memory_limit_source: 'maxmemory' });
  expect(info.memory.memory_usage_percent).toBeGreaterThan(80);
  await fill();
  const memory = (await issues()).find((i) => i.code === 'memory');
  expect(memory?.message).toMatch(/^Memory usage is [\d.]+% of maxmemory \(above 80%\)\.$/);
  await redis.del(...fillers);
  expect((await issues()).map((i) => i.code)).not.toContain('memory');
});

test('entries pending longer than the claim time are a critical issue', async () => {
  const stream = `${t.config.REDIS_PREFIX}hits`;
  await redis.xgroup('CREATE', stream, 'etl', '0', 'MKSTREAM').catch(() => undefined);
  await redis.xadd(stream, '*', 'h', '[]');
  // A worker that took the entry and died before acknowledging it.
  await redis.xreadgroup('GROUP', 'etl', 'dead-worker', 'COUNT', 10, 'STREAMS', stream, '>');
  process.env.ETL_CLAIM_IDLE_MS = '100';
  expect((await issues()).map((i) => i.code)).not.toContain('stale_pending');
  await new Promise((r) => setTimeout(r, 250));
  const stale = (await issues()).find((i) => i.code === 'stale_pending');
  expect(stale?.message).toBe('1 pending entry is older than the claim time (0.1 s).');
  const queue = (await call(t.url, 'GET', '/api/admin/redis/queue-stats', { token: admin })).body;
  expect(queue.find((q: { name: string }) => q.name === 'hits / etl')).toMatchObject({ messages: 1, pending: 1 });
});

test('spool files waiting are a critical issue', async () => {
  expect((await issues()).map((i) => i.code)).not.toContain('spool_waiting');
  mkdirSync(t.config.SPOOL_DIR, { recursive: true });
  // Owned by a live process that is not this one (pid 1): the replay leaves it alone.
  writeFileSync(join(t.config.SPOOL_DIR, 'hits-1.ndjson'), '{"k":"i"}\n'.repeat(300));
  const spool = (await issues()).find((i) => i.code === 'spool_waiting');
  expect(spool?.message).toBe('2.9 KB of hits are waiting in spool files.');
  const health = (await call(t.url, 'GET', '/api/admin/redis/health', { token: admin })).body;
  expect(health).toMatchObject({ status: 'degraded' });
  expect(health.critical_issues).toBeGreaterThanOrEqual(3);
});
