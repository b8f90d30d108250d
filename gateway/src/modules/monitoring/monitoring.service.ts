import { hitLogOf, type HitLogStatus, spooledBytes } from '../../stream';
import type { AppContext } from '../../shared/app-context';
import { DomainError } from '../../shared/errors';
import { INVALID_REASON_LABELS, INVALID_REASONS } from '../../shared/invalid-traffic';
import type { Actor } from '@infinitum/rules';
import { assertSystemAdmin } from '../organisations/system-access';
import { type ActiveUsersAnswer, readActiveUsers } from './active-users';
import {
  type CacheHealthInfo,
  type QueueStat,
  type QueueSummary,
  readCacheInfo,
  readQueueStats,
  readStrain,
  type RedisHealth,
  type StrainSummary,
  summarise,
} from './redis-metrics';
import { type DailyActivity, readDailyActivity } from './today-activity';

/**
 * The super admin's monitoring calls (spec 7): view activity and system health are super admin
 * only (spec 6). Both transports call these; live figures come from Redis, today's activity from
 * the daily_activity rollup.
 */

export const REDIS_UNAVAILABLE = 'Redis is unreachable: live monitoring figures are unavailable.';

const unavailable = () => new DomainError('UNAVAILABLE', REDIS_UNAVAILABLE, undefined, 10);

/** How long a call waits for a connection that is being made (at start, or reconnecting). */
const CONNECT_WAIT_MS = 1000;

/** Resolves true once the client is ready, false when it is not within `ms`. */
function whenReady(app: AppContext, ms: number): Promise<boolean> {
  const redis = app.redis;
  if (redis.status === 'ready') return Promise.resolve(true);
  if (redis.status === 'end') return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.on('ready', onReady);
  });
}

/**
 * Runs a Redis read; Redis away (or failing) answers a clear 503 instead of a 500. A connection
 * still being made (a gateway just started) gets a second to finish before the 503.
 */
async function fromRedis<T>(app: AppContext, read: () => Promise<T>): Promise<T> {
  if (!(await whenReady(app, CONNECT_WAIT_MS))) throw unavailable();
  try {
    return await read();
  } catch (e) {
    if (e instanceof DomainError) throw e;
    app.log.warn({ err: e }, 'monitoring: Redis read failed');
    throw unavailable();
  }
}

export async function activeUsers(app: AppContext, actor: Actor): Promise<ActiveUsersAnswer> {
  assertSystemAdmin(actor);
  return fromRedis(app, () => readActiveUsers(app));
}

/** MySQL only: works while Redis is away. */
export async function dailyActivity(app: AppContext, actor: Actor): Promise<DailyActivity> {
  assertSystemAdmin(actor);
  return readDailyActivity(app);
}

export async function queueStats(app: AppContext, actor: Actor): Promise<QueueStat[]> {
  assertSystemAdmin(actor);
  return fromRedis(app, () => readQueueStats(app.redis, app.keys));
}

export async function queueSummary(app: AppContext, actor: Actor): Promise<QueueSummary> {
  assertSystemAdmin(actor);
  return fromRedis(app, async () => summarise(await readQueueStats(app.redis, app.keys)));
}

export async function redisInfo(app: AppContext, actor: Actor): Promise<CacheHealthInfo> {
  assertSystemAdmin(actor);
  return fromRedis(app, () => readCacheInfo(app));
}

export async function strainSummary(app: AppContext, actor: Actor): Promise<StrainSummary> {
  assertSystemAdmin(actor);
  return fromRedis(app, () => readStrain(app));
}

export async function redisHealth(app: AppContext, actor: Actor): Promise<RedisHealth> {
  assertSystemAdmin(actor);
  return fromRedis(app, async () => {
    const t0 = process.hrtime.bigint();
    await app.redis.ping();
    const pingMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const strain = await readStrain(app);
    return {
      status: strain.critical_issues.length ? 'degraded' : 'healthy',
      ping_ms: Math.round(pingMs * 1000) / 1000,
      critical_issues: strain.critical_issues.length,
      checked_at: new Date().toISOString(),
    };
  });
}

/** The ingest status (GET /api/ingest/status) for the ETL Pipeline Status panel over GraphQL. */
export async function pipelineStatus(app: AppContext, actor: Actor): Promise<HitLogStatus> {
  assertSystemAdmin(actor);
  // The spool before the log: a replay adds to the log before it removes its file.
  return fromRedis(app, () => hitLogOf(app).status(spooledBytes(app.config.SPOOL_DIR)));
}

/** The ingest status with consumers and collectors counted (the panel's figures). */
export async function etlPipelineStatus(app: AppContext, actor: Actor) {
  const s = await pipelineStatus(app, actor);
  return {
    length: s.length,
    pending: s.pending,
    undelivered: s.undelivered,
    processed: s.processed,
    duplicates: s.duplicates,
    rejected: s.rejected,
    invalid_by_reason: INVALID_REASONS.map((reason) => ({
      reason,
      label: INVALID_REASON_LABELS[reason],
      hits: s.invalid_by_reason[reason] ?? 0,
    })),
    lag_ms: s.lag_ms,
    events_per_s: s.events_per_s,
    last_batch_at: s.last_batch_at,
    watermark: s.watermark,
    consumers: s.consumers.length,
    collectors: s.collectors.length,
    spooled_bytes: s.spooled_bytes,
    idle: s.idle,
    read_at: new Date().toISOString(),
  };
}
