import Redis from 'ioredis';

/**
 * One Redis connection. Keys are not auto-prefixed (stream commands and Lua need real key names):
 * always build keys with `keys.of(name)`, which prepends REDIS_PREFIX.
 */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

export interface RedisKeys {
  prefix: string;
  of(name: string): string;
}

export const redisKeys = (prefix: string): RedisKeys => ({ prefix, of: (name) => `${prefix}${name}` });
