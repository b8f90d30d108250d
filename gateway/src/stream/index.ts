import Redis from 'ioredis';
import type { AppContext } from '../shared/app-context';
import type { RedisClient, RedisKeys } from '../shared/redis';
import type { HitBatch, HitLog, HitLogEngine } from './hit-log';
import { JetStreamHitLog } from './jetstream';
import { RedisHitLog } from './redis';
import { DEFAULT_SHARDS } from './shards';

export type {
  BatchAck,
  CollectorBeat,
  EntryCounts,
  HitBatch,
  HitLog,
  HitLogEngine,
  HitLogReader,
  HitLogStatus,
  LogEntry,
  LogRead,
} from './hit-log';
export { HIT_LOG_ENGINES } from './hit-log';
export { DEFAULT_SHARDS, HITS_PER_ENTRY, shardOf } from './shards';
export type { Hit } from './hit';
export { spooledBytes, Spool } from './spool';
/** Redis monitoring's view of the streams (its Queues screen lists every stream under the prefix). */
export { isHitStream, streamOf as hitStreamOf } from './redis/keys';

export interface HitLogOptions {
  /** HIT_LOG: which engine (docs/operations.md#hit-log). */
  engine?: HitLogEngine;
  /** ETL_SHARDS. */
  shards?: number;
  /** HIT_LOG=jetstream: NATS_URL and NATS_REPLICAS. */
  nats?: { servers: string; replicas: number };
  /** Who opens it (named in NATS' connection list). */
  role?: string;
}

/** The Redis Streams hit log keeps its shards' streams and counters on one Redis, not on a cluster. */
function standalone(redis: RedisClient): Redis {
  if (redis instanceof Redis) return redis;
  throw new Error('HIT_LOG=redis needs one Redis (REDIS_URL): on a Redis Cluster use HIT_LOG=jetstream');
}

/**
 * The hit log's adapter that HIT_LOG names, on a connection of the caller's (the collector's, or an ETL
 * worker's own: its reads block). Callers hold the HitLog interface only.
 */
export function createHitLog(redis: RedisClient, keys: RedisKeys, options: HitLogOptions = {}): HitLog {
  const engine = options.engine ?? 'redis';
  switch (engine) {
    case 'redis':
      return new RedisHitLog(standalone(redis), keys, options.shards ?? DEFAULT_SHARDS);
    case 'jetstream':
      return new JetStreamHitLog(redis, keys, options.shards ?? DEFAULT_SHARDS, {
        servers: options.nats?.servers ?? 'nats://127.0.0.1:4222',
        replicas: options.nats?.replicas ?? 1,
        role: options.role,
      });
    default:
      throw new Error(`HIT_LOG: no adapter for "${String(engine)}"`);
  }
}

const ofApp = new WeakMap<AppContext, HitLog>();

/** The process's hit log on its shared connection (services: ingest status, dead-letter replay, monitoring). */
export function hitLogOf(app: AppContext): HitLog {
  let log = ofApp.get(app);
  if (!log) {
    log = createHitLog(app.redis, app.keys, hitLogOptions(app.config, 'gateway'));
    ofApp.set(app, log);
  }
  return log;
}

/** The options of createHitLog that the configuration gives. */
export function hitLogOptions(
  config: { HIT_LOG: HitLogEngine; ETL_SHARDS: number; NATS_URL: string; NATS_REPLICAS: number },
  role: string,
): HitLogOptions {
  return {
    engine: config.HIT_LOG,
    shards: config.ETL_SHARDS,
    nats: { servers: config.NATS_URL, replicas: config.NATS_REPLICAS },
    role,
  };
}

/** Closes the process's hit log of hitLogOf (the gateway closing). */
export async function closeHitLogOf(app: AppContext): Promise<void> {
  const log = ofApp.get(app);
  ofApp.delete(app);
  await log?.close();
}

/**
 * Where bulk ingest hands its batches: the process's collector when it runs one (so its heartbeat counts
 * them), else the hit log itself. The collector registers itself (collector/mount.ts); the ingest module
 * reads it, and neither imports the other.
 */
export interface HitSink {
  /** Appends the whole batch, or fails (the caller answers 503). */
  take(batch: HitBatch): Promise<void>;
}

const sinks = new WeakMap<AppContext, HitSink>();

export function setHitSink(app: AppContext, sink: HitSink): void {
  sinks.set(app, sink);
}

export function hitSinkOf(app: AppContext): HitSink {
  const sink = sinks.get(app);
  if (sink) return sink;
  const log = hitLogOf(app);
  return {
    async take(batch) {
      if (!log.available()) throw new Error('the hit log is not connected');
      await log.ensure();
      await log.appendBatch(batch);
    },
  };
}
