import type { AppContext } from '../../shared/app-context';
import type { RedisKeys } from '../../shared/redis';
import type { Actor } from '@infinitum/rules';

/** Live activity counters in Redis (docs/design.md#shape: the home of live counters). */
export const activityKeys = (keys: RedisKeys) => ({
  /** Sorted set: user id -> time of the last authenticated call (ms). */
  lastActive: keys.of('activity:last'),
  /** Hash: user id -> authenticated calls counted so far. */
  calls: keys.of('activity:calls'),
});

/** On in every gateway; `npm run bench:activity` switches it off for its baseline in the same run. */
export const activityCounter = { enabled: true };

/**
 * Counts one authenticated call (REST or GraphQL): a ZADD and an HINCRBY, sent together (Node writes
 * both before reading either answer), that the request does not wait for. With Redis away nothing is queued: the call goes
 * on uncounted rather than piling commands into the offline queue.
 */
export function recordActivity(app: AppContext, actor: Actor): void {
  if (!activityCounter.enabled || app.redis.status !== 'ready') return;
  const k = activityKeys(app.keys);
  const id = String(actor.userId);
  // Not one pipeline: the two keys may sit in different hash slots of a Redis Cluster.
  app.redis.zadd(k.lastActive, Date.now(), id).catch(() => undefined);
  app.redis.hincrby(k.calls, id, 1).catch(() => undefined);
}
