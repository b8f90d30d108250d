import { Cluster } from 'ioredis';
import { ConfigError, loadConfig } from '../../gateway/src/config';
import { ShardLeases } from '../../gateway/src/etl/leases';
import { createRedis, redisKeys, type RedisClient } from '../../gateway/src/shared/redis';
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
