import { Cluster } from 'ioredis';
import { type HitLog, hitLogOf, hitStreamOf, isHitStream, spooledBytes } from '../../stream';
import type { AppContext } from '../../shared/app-context';
import type { RedisClient, RedisKeys } from '../../shared/redis';

/** What the screens read about Redis: queues (streams), the server, the collectors (spec 3). */

export interface QueueStat {
  /** "<stream> / <group>", the stream alone when it has no consumer group. */
  name: string;
  stream: string;
  group: string | null;
  /** Messages not yet processed by the group: pending (delivered, unacknowledged) plus undelivered. */
  messages: number;
  pending: number;
  consumers: number;
  /** Bytes of the stream (MEMORY USAGE). */
  memory_usage: number;
  /** Messages added to the stream per second since the previous reading of this process. */
  message_rate: number;
}

export interface QueueSummary {
  total_messages: number;
  total_consumers: number;
  /** The largest queue's messages (the health badge reads it). */
  largest_queue: number;
}

export interface EdgeServer {
  hostname: string;
  pid: number;
  /** Hits the collector process has taken since it started. */
  log_entries: number;
  spooled: number;
  last_seen_seconds: number;
  active: boolean;
}

export interface CacheHealthInfo {
  server: { version: string; uptime_seconds: number };
  clients: { connected_clients: number };
  memory: {
    used_memory: number;
    used_memory_human: string;
    used_memory_peak: number;
    used_memory_peak_human: string;
    /** Of maxmemory when set, else of the machine's memory. */
    memory_usage_percent: number;
    memory_limit: number;
    memory_limit_source: 'maxmemory' | 'system';
  };
  edge_servers: { active_servers: number; total_log_entries: number; servers: EdgeServer[] };
}

export interface CriticalIssue {
  code: 'eviction_policy' | 'memory' | 'stale_pending' | 'silent_collector' | 'spool_waiting';
  message: string;
}

export interface StrainSummary {
  key_metrics: { ops_per_sec: number; avg_latency_ms: number; memory_usage: number; connected_clients: number };
  critical_issues: CriticalIssue[];
}

export interface RedisHealth {
  status: 'healthy' | 'degraded';
  ping_ms: number;
  critical_issues: number;
  checked_at: string;
}

/** Memory above this share is red on screen and a critical issue (spec 9). */
export const MEMORY_CRITICAL_PERCENT = 80;
/** A collector whose heartbeat (every 2 s) is older than an hour is gone (silent: COLLECTOR_SILENT_MS). */
const COLLECTOR_GONE_MS = 3600_000;
/** Heartbeats fresher than this count as active (as the ingest status counts them). */
const COLLECTOR_ACTIVE_MS = 15_000;
/** The ETL claims entries pending longer than this from dead workers (etl/task.ts reads the same variable). */
export const claimIdleMs = () => Number(process.env.ETL_CLAIM_IDLE_MS ?? 30_000);

/** Spec 9: memory sizes in B, KB, MB (the client's formatBytes). */
export function humanBytes(n: number): string {
  const one = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  if (n < 1024) return `${Math.round(n)} B`;
  if (n < 1024 * 1024) return `${one.format(n / 1024)} KB`;
  return `${one.format(n / (1024 * 1024))} MB`;
}

export function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0 && !line.startsWith('#')) out[line.slice(0, i)] = line.slice(i + 1).trim();
  }
  return out;
}

type Flat = unknown[];
const asRecord = (flat: Flat): Record<string, unknown> => {
  const r: Record<string, unknown> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) r[String(flat[i])] = flat[i + 1];
  return r;
};

/** Streams under this app's prefix (SCAN, never KEYS), on every master of a Redis Cluster. */
async function streamsOf(redis: RedisClient, keys: RedisKeys): Promise<string[]> {
  const found = new Set<string>([hitStreamOf(keys, null)]);
  for (const node of redis instanceof Cluster ? redis.nodes('master') : [redis]) {
    let cursor = '0';
    do {
      const [next, batch] = await node.scan(cursor, 'MATCH', `${keys.prefix}*`, 'COUNT', 1000, 'TYPE', 'stream');
      for (const k of batch) found.add(k);
      cursor = next;
    } while (cursor !== '0');
  }
  return [...found].sort();
}

/** Entries added per stream at the previous reading: the message rate is the difference over time. */
const rateSamples = new Map<string, { added: number; at: number; rate: number }>();

function messageRate(stream: string, added: number, now: number): number {
  const prev = rateSamples.get(stream);
  if (!prev) {
    rateSamples.set(stream, { added, at: now, rate: 0 });
    return 0;
  }
  // Over at least a second; a reading sooner than that keeps the older sample as its base.
  const rate = Math.max(0, added - prev.added) / (Math.max(1000, now - prev.at) / 1000);
  if (now - prev.at >= 1000) rateSamples.set(stream, { added, at: now, rate });
  return Math.round(rate * 100) / 100;
}

/**
 * One row per stream and group; the hit streams (every shard and the stream before partitioning) are one
 * queue, "hits / etl", their figures summed and their consumers counted once each.
 */
export async function readQueueStats(redis: RedisClient, keys: RedisKeys): Promise<QueueStat[]> {
  const out: QueueStat[] = [];
  const now = Date.now();
  const isHits = (stream: string) => isHitStream(keys, stream);
  const folded = { added: 0, length: 0, memory: 0, pending: 0, lag: 0, consumers: new Set<string>(), found: false };
  for (const stream of await streamsOf(redis, keys)) {
    if (!(await redis.exists(stream))) {
      if (!isHits(stream)) messageRate(stream, 0, now); // not there yet: nothing added so far
      continue;
    }
    const [info, groups, memory] = await Promise.all([
      redis.xinfo('STREAM', stream).then((f) => asRecord(f as Flat)),
      redis.xinfo('GROUPS', stream).then((list) => (list as Flat[]).map(asRecord)),
      redis.memory('USAGE', stream) as Promise<number | null>,
    ]);
    const length = Number(info.length);
    const added = Number(info['entries-added'] ?? length);
    // Redis' lag is null after XDEL (the ETL deletes what it acknowledges): then the rest of the stream.
    const lagOf = (g: Record<string, unknown>) =>
      g.lag === null || g.lag === undefined ? Math.max(0, length - Number(g.pending)) : Number(g.lag);
    if (isHits(stream)) {
      folded.found = true;
      folded.added += added;
      folded.length += length;
      folded.memory += Number(memory ?? 0);
      const g = groups.find((x) => x.name === 'etl');
      if (!g) {
        folded.lag += length;
        continue;
      }
      folded.pending += Number(g.pending);
      folded.lag += lagOf(g);
      const consumers = (await redis.xinfo('CONSUMERS', stream, 'etl')) as Flat[];
      for (const c of consumers) folded.consumers.add(String(asRecord(c).name));
      continue;
    }
    const rate = messageRate(stream, added, now);
    const short = stream.startsWith(keys.prefix) ? stream.slice(keys.prefix.length) : stream;
    const base = { stream: short, memory_usage: Number(memory ?? 0), message_rate: rate };
    if (!groups.length) {
      out.push({ ...base, name: short, group: null, messages: length, pending: 0, consumers: 0 });
      continue;
    }
    for (const g of groups) {
      const pending = Number(g.pending);
      out.push({
        ...base,
        name: `${short} / ${String(g.name)}`,
        group: String(g.name),
        messages: pending + lagOf(g),
        pending,
        consumers: Number(g.consumers),
      });
    }
  }
  const rate = messageRate(hitStreamOf(keys, null), folded.added, now);
  if (folded.found) {
    out.push({
      name: 'hits / etl',
      stream: 'hits',
      group: 'etl',
      messages: folded.pending + folded.lag,
      pending: folded.pending,
      consumers: folded.consumers.size,
      memory_usage: folded.memory,
      message_rate: rate,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export function summarise(stats: QueueStat[]): QueueSummary {
  return {
    total_messages: stats.reduce((a, s) => a + s.messages, 0),
    total_consumers: stats.reduce((a, s) => a + s.consumers, 0),
    largest_queue: stats.reduce((a, s) => Math.max(a, s.messages), 0),
  };
}

/** The collectors' heartbeats, through the hit log's port. */
async function readCollectors(hitLog: HitLog, now: number): Promise<EdgeServer[]> {
  return (await hitLog.collectors())
    .filter((c) => now - c.at < COLLECTOR_GONE_MS)
    .map((c) => ({
      hostname: c.hostname,
      pid: c.pid,
      log_entries: c.hits,
      spooled: c.spooled,
      last_seen_seconds: Math.max(0, Math.round((now - c.at) / 1000)),
      active: now - c.at < COLLECTOR_ACTIVE_MS,
    }))
    .sort((a, b) => a.hostname.localeCompare(b.hostname) || a.pid - b.pid);
}

function memoryOf(info: Record<string, string>): CacheHealthInfo['memory'] {
  const used = Number(info.used_memory ?? 0);
  const peak = Number(info.used_memory_peak ?? 0);
  const max = Number(info.maxmemory ?? 0);
  const system = Number(info.total_system_memory ?? 0);
  const limit = max > 0 ? max : system;
  return {
    used_memory: used,
    used_memory_human: humanBytes(used),
    used_memory_peak: peak,
    used_memory_peak_human: humanBytes(peak),
    memory_usage_percent: limit > 0 ? Math.round((used / limit) * 10000) / 100 : 0,
    memory_limit: limit,
    memory_limit_source: max > 0 ? 'maxmemory' : 'system',
  };
}

export async function readCacheInfo(app: AppContext): Promise<CacheHealthInfo> {
  const now = Date.now();
  const [info, servers] = await Promise.all([app.redis.info().then(parseInfo), readCollectors(hitLogOf(app), now)]);
  const active = servers.filter((s) => s.active);
  return {
    server: { version: info.redis_version ?? 'unknown', uptime_seconds: Number(info.uptime_in_seconds ?? 0) },
    clients: { connected_clients: Number(info.connected_clients ?? 0) },
    memory: memoryOf(info),
    edge_servers: {
      active_servers: active.length,
      total_log_entries: servers.reduce((a, s) => a + s.log_entries, 0),
      servers,
    },
  };
}

/** Average round trip of a few PINGs, ms (measured, not Redis' own latency monitor). */
export async function measureLatencyMs(redis: RedisClient, samples = 5): Promise<number> {
  let total = 0;
  for (let i = 0; i < samples; i++) {
    const t0 = process.hrtime.bigint();
    await redis.ping();
    total += Number(process.hrtime.bigint() - t0) / 1e6;
  }
  return Math.round((total / samples) * 1000) / 1000;
}

/** The strain summary: key metrics and the critical issues of the stated rules. */
export async function readStrain(app: AppContext): Promise<StrainSummary> {
  const { redis } = app;
  const hitLog = hitLogOf(app);
  const now = Date.now();
  const [info, latency, stale, collectors] = await Promise.all([
    redis.info().then(parseInfo),
    measureLatencyMs(redis),
    // Pending entries idle longer than the claim time, over every shard: a worker died or is stuck with them.
    hitLog.stalePending(claimIdleMs(), 1000),
    readCollectors(hitLog, now),
  ]);
  const spooled = spooledBytes(app.config.SPOOL_DIR);
  const memory = memoryOf(info);
  const issues: CriticalIssue[] = [];
  const policy = info.maxmemory_policy ?? 'unknown';
  if (policy !== 'noeviction') {
    issues.push({
      code: 'eviction_policy',
      message: `Eviction policy is ${policy}: Redis may evict queued hits (set maxmemory-policy noeviction).`,
    });
  }
  if (memory.memory_usage_percent > MEMORY_CRITICAL_PERCENT) {
    issues.push({
      code: 'memory',
      message: `Memory usage is ${memory.memory_usage_percent}% of ${memory.memory_limit_source === 'maxmemory' ? 'maxmemory' : 'the machine'} (above ${MEMORY_CRITICAL_PERCENT}%).`,
    });
  }
  if (stale > 0) {
    issues.push({
      code: 'stale_pending',
      message: `${stale >= 1000 ? 'At least 1000' : stale} pending ${stale === 1 ? 'entry is' : 'entries are'} older than the claim time (${claimIdleMs() / 1000} s).`,
    });
  }
  for (const c of collectors) {
    if (c.last_seen_seconds * 1000 > app.config.COLLECTOR_SILENT_MS) {
      issues.push({
        code: 'silent_collector',
        message: `Collector ${c.hostname} (pid ${c.pid}) has been silent for ${c.last_seen_seconds} s.`,
      });
    }
  }
  if (spooled > 0) {
    issues.push({ code: 'spool_waiting', message: `${humanBytes(spooled)} of hits are waiting in spool files.` });
  }
  return {
    key_metrics: {
      ops_per_sec: Number(info.instantaneous_ops_per_sec ?? 0),
      avg_latency_ms: latency,
      memory_usage: memory.memory_usage_percent,
      connected_clients: Number(info.connected_clients ?? 0),
    },
    critical_issues: issues,
  };
}
