import { Cluster } from 'ioredis';
import { ConfigError, loadConfig } from '../../gateway/src/config';
import { ShardLeases } from '../../gateway/src/etl/leases';
import { createRedis, redisKeys, type RedisClient } from '../../gateway/src/shared/redis';
import type { TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { ingest, seedCustomer, startPipelineGateway, superAdminToken, waitForIdle } from '../support/pipeline';
import { startRedisCluster, type LocalRedisCluster } from '../support/redis-cluster';

/**
 * Redis Cluster (docs/scaling.md#redis-cluster): what the product keeps in Redis besides the hit log works on
 * a cluster of three masters, where a command, script, MULTI or pipeline whose keys lie in two hash slots
 * fails with CROSSSLOT.
 */
jest.setTimeout(60_000);

let cluster: LocalRedisCluster;
let redis: RedisClient;
const keys = redisKeys(`test:cluster:${process.pid}:`);

beforeAll(async () => {
  cluster = await startRedisCluster();
  redis = createRedis({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_CLUSTER_NODES: cluster.nodes }, 'test');
});

afterAll(async () => {
  redis?.disconnect();
  await cluster?.stop();
});

test('the client is a cluster client and the cluster refuses a command across slots (the hazard is real)', async () => {
  expect(redis).toBeInstanceOf(Cluster);
  await redis.set(keys.of('a'), '1');
  await redis.set(keys.of('b'), '2');
  await expect(redis.mget(keys.of('a'), keys.of('b'))).rejects.toThrow(/CROSSSLOT|same slot/i);
});

test('ETL shard leases: two workers share 8 shards fairly, renew them, and one leaving frees its half', async () => {
  const a = new ShardLeases(redis, keys, 'worker-a', 8, 3_000);
  const b = new ShardLeases(redis, keys, 'worker-b', 8, 3_000);
  await a.tick();
  await b.tick();
  await a.balance();
  await b.balance();
  await a.tick();
  await b.tick();
  expect(a.owned.size).toBe(4);
  expect(b.owned.size).toBe(4);
  expect([...a.owned].some((n) => b.owned.has(n))).toBe(false);
  // Each lease is its own key, in its own slot: the holders read back one by one.
  const holders = await Promise.all(Array.from({ length: 8 }, (_, n) => redis.get(keys.of(`etl:lease:${n}`))));
  expect(holders.filter((h) => h === 'worker-a')).toHaveLength(4);
  expect(holders.filter((h) => h === 'worker-b')).toHaveLength(4);
  await b.stop(true);
  expect(b.owned.size).toBe(0);
  await a.tick();
  await a.balance();
  await a.tick();
  expect(a.owned.size).toBe(8);
  await a.stop(true);
  const after = await Promise.all(Array.from({ length: 8 }, (_, n) => redis.get(keys.of(`etl:lease:${n}`))));
  expect(after.every((h) => h === null)).toBe(true);
});

test('configuration: a cluster with the Redis Streams hit log is refused at start, with the reason', () => {
  expect(() => loadConfig({ REDIS_CLUSTER_NODES: cluster.nodes, HIT_LOG: 'redis' })).toThrow(ConfigError);
  expect(() => loadConfig({ REDIS_CLUSTER_NODES: cluster.nodes, HIT_LOG: 'redis' })).toThrow(/HIT_LOG=jetstream/);
  expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'not a node list' })).toThrow(/host:port/);
});

const shift = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('a gateway on the cluster with the JetStream hit log (REDIS_CLUSTER_NODES, HIT_LOG=jetstream)', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startPipelineGateway({ REDIS_CLUSTER_NODES: cluster.nodes, HIT_LOG: 'jetstream' });
  });
  afterAll(async () => {
    await t?.close();
  });

  test('sign-in limits, ingest, the ETL on its leases, the dashboard and Monitoring all work; nothing is CROSSSLOT', async () => {
    expect(t.gateway.app.redis).toBeInstanceOf(Cluster);
    // Sign-in counters (rate-limiter-flexible on the cluster): a wrong password is a 401, not a 500.
    for (let i = 0; i < 2; i++) {
      const bad = await call(t.url, 'POST', '/api/login', {
        body: { email: 'nobody@example.nz', password: 'wrong-one-1' },
      });
      expect(bad.status).toBe(401);
    }
    const token = await superAdminToken(t);
    const world = await seedCustomer(t, { bookings: 1 });
    const day = new Date().toISOString().slice(0, 10);
    const lines = Array.from({ length: 300 }, (_, i) => ({
      type: 'impression' as const,
      tag: world.impressionTags[i % world.impressionTags.length].key,
      ts: `${day}T00:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`,
      household: String(1000 + (i % 40)),
      id: `cluster-${i}`,
    }));
    const sent = await ingest(t, token, lines);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ accepted: 300, rejected: 0 });
    // The worker holds its shards by leases on the cluster, reads JetStream, counts in the cluster's hash.
    const status = await waitForIdle(t, token, 60_000);
    expect(status.processed).toBe(300);
    const summary = await call(t.url, 'POST', '/api/dashboard/impression_summary', {
      token,
      // Today in UTC may be yesterday or tomorrow in the customer's zone.
      body: { client_id: world.id, startdate: shift(day, -1), enddate: shift(day, 1) },
    });
    expect(summary.status).toBe(200);
    expect(summary.body.summary_data.Actual_Impressions).toBe(300);
    // Monitoring reads every master (SCAN) and one node's INFO; the activity counters were written on the way.
    for (const path of ['/api/admin/redis/queue-stats', '/api/admin/redis/health', '/api/admin/redis/strain/summary']) {
      expect({ path, status: (await call(t.url, 'GET', path, { token })).status }).toEqual({ path, status: 200 });
    }
    const active = await call(t.url, 'GET', '/api/active-users', { token });
    expect(active.status).toBe(200);
  }, 120_000);
});
