import Redis, { Cluster } from 'ioredis';
import type { Config } from '../config';

/** A connection to one Redis, or to a Redis Cluster (REDIS_CLUSTER_NODES, docs/scaling.md#redis-cluster). */
export type RedisClient = Redis | Cluster;

const OPTIONS = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false } as const;
const retry = (times: number) => Math.min(times * 200, 2000);

/** `host:port,host:port` as ioredis's cluster start nodes. */
export function clusterNodes(list: string): { host: string; port: number }[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(s);
      if (!m) throw new Error(`REDIS_CLUSTER_NODES: "${s}" is not host:port`);
      return { host: m[1], port: Number(m[2]) };
    });
}

/**
 * One Redis connection: to REDIS_URL, or, when REDIS_CLUSTER_NODES is set, to the cluster those nodes belong
 * to. Keys are not auto-prefixed (stream commands and Lua need real key names): always build keys with
 * `keys.of(name)`, which prepends REDIS_PREFIX. On a cluster a command, script, MULTI or pipeline must keep its
 * keys in one hash slot: where keys differ the code sends separate commands (Node pipelines them anyway).
 */
export function createRedis(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>,
  name: string,
  extra: { lazyConnect?: boolean; connectTimeout?: number; retries?: boolean } = {},
): RedisClient {
  const options = {
    ...OPTIONS,
    connectionName: name,
    ...(extra.lazyConnect ? { lazyConnect: true } : {}),
    ...(extra.connectTimeout ? { connectTimeout: extra.connectTimeout } : {}),
    ...(extra.retries === false ? { maxRetriesPerRequest: 0 } : {}),
  };
  const strategy = extra.retries === false ? () => null : retry;
  if (config.REDIS_CLUSTER_NODES) {
    return new Cluster(clusterNodes(config.REDIS_CLUSTER_NODES), {
      clusterRetryStrategy: strategy,
      lazyConnect: options.lazyConnect,
      redisOptions: options,
    });
  }
  return new Redis(config.REDIS_URL, { ...options, retryStrategy: strategy });
}

export interface RedisKeys {
  prefix: string;
  of(name: string): string;
}

export const redisKeys = (prefix: string): RedisKeys => ({ prefix, of: (name) => `${prefix}${name}` });
