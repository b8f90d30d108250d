import type { Router } from 'express';
import { z } from 'zod';
import { route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import * as monitoring from './monitoring.service';

const entityType = z.enum(['SYSTEM', 'CUSTOMER', 'AGENCY', 'BROADCASTER', 'ADTECH']);

const activeUsersSchema = z.object({
  users: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      role_name: z.string(),
      entity_type: entityType,
      entity_name: z.string(),
      last_active: z.string().describe('ISO 8601'),
      api_calls: z.number().int(),
      isAdmin: z.boolean(),
    }),
  ),
  counts: z.array(z.object({ entity_type: entityType, count: z.number().int() })),
  total: z.number().int(),
  window_minutes: z.number().int(),
});

const namedCount = z.object({ id: z.number().int(), name: z.string(), count: z.number(), customer_name: z.string() });
const dailyActivitySchema = z.object({
  total_impressions: z.number(),
  total_webhits: z.number(),
  customer_data: z.array(namedCount),
  booking_data: z.array(namedCount),
  site_data: z.array(namedCount),
});

const queueStatSchema = z.object({
  name: z.string(),
  stream: z.string(),
  group: z.string().nullable(),
  messages: z.number().int(),
  pending: z.number().int(),
  consumers: z.number().int(),
  memory_usage: z.number().describe('bytes'),
  message_rate: z.number().describe('messages added per second'),
});

const queueSummarySchema = z.object({
  total_messages: z.number().int(),
  total_consumers: z.number().int(),
  largest_queue: z.number().int(),
});

const healthSchema = z.object({
  status: z.enum(['healthy', 'degraded']),
  ping_ms: z.number(),
  critical_issues: z.number().int(),
  checked_at: z.string(),
});

const infoSchema = z.object({
  server: z.object({ version: z.string(), uptime_seconds: z.number() }),
  clients: z.object({ connected_clients: z.number().int() }),
  memory: z.object({
    used_memory: z.number(),
    used_memory_human: z.string(),
    used_memory_peak: z.number(),
    used_memory_peak_human: z.string(),
    memory_usage_percent: z.number(),
    memory_limit: z.number(),
    memory_limit_source: z.enum(['maxmemory', 'system']),
  }),
  edge_servers: z.object({
    active_servers: z.number().int(),
    total_log_entries: z.number(),
    servers: z.array(
      z.object({
        hostname: z.string(),
        pid: z.number().int(),
        log_entries: z.number(),
        spooled: z.number(),
        last_seen_seconds: z.number().int(),
        active: z.boolean(),
      }),
    ),
  }),
});

const strainSchema = z.object({
  key_metrics: z.object({
    ops_per_sec: z.number(),
    avg_latency_ms: z.number(),
    memory_usage: z.number().describe('percent of maxmemory or of the machine'),
    connected_clients: z.number().int(),
  }),
  critical_issues: z.array(
    z.object({
      code: z.enum(['eviction_policy', 'memory', 'stale_pending', 'silent_collector', 'spool_waiting']),
      message: z.string(),
    }),
  ),
});

const errors = { 403: 'Not the super admin', 503: 'Redis is unreachable' };

/** Spec 7 monitoring calls, super admin only (spec 6). */
export function mountMonitoringRoutes(router: Router, app: AppContext): void {
  router.get(
    '/active-users',
    route(app, (c) => monitoring.activeUsers(c.app, signedIn(c))),
  );
  router.get(
    '/admin/daily-activity',
    route(app, (c) => monitoring.dailyActivity(c.app, signedIn(c))),
  );
  router.get(
    '/admin/redis/queue-stats',
    route(app, (c) => monitoring.queueStats(c.app, signedIn(c))),
  );
  router.get(
    '/admin/redis/queue-summary',
    route(app, (c) => monitoring.queueSummary(c.app, signedIn(c))),
  );
  router.get(
    '/admin/redis/health',
    route(app, (c) => monitoring.redisHealth(c.app, signedIn(c))),
  );
  router.get(
    '/admin/redis/info',
    route(app, (c) => monitoring.redisInfo(c.app, signedIn(c))),
  );
  router.get(
    '/admin/redis/strain/summary',
    route(app, (c) => monitoring.strainSummary(c.app, signedIn(c))),
  );
  const op = (path: string, operationId: string, summary: string, response: z.ZodType, errs = errors) => ({
    method: 'get' as const,
    path,
    operationId,
    summary,
    tag: 'Monitoring',
    response,
    errors: errs,
  });
  documentApi(
    op(
      '/active-users',
      'listActiveUsers',
      'Users active in the last 15 minutes and counts per organisation type',
      activeUsersSchema,
    ),
    op(
      '/admin/daily-activity',
      'getDailyActivity',
      "Today's impressions and site hits (each customer's local day) with the top 10 customers, bookings and sites",
      dailyActivitySchema,
      { 403: 'Not the super admin' } as typeof errors,
    ),
    op(
      '/admin/redis/queue-stats',
      'getQueueStats',
      'Per stream and consumer group: messages, memory, rate',
      z.array(queueStatSchema),
    ),
    op(
      '/admin/redis/queue-summary',
      'getQueueSummary',
      'Total messages and consumers over every queue',
      queueSummarySchema,
    ),
    op(
      '/admin/redis/health',
      'getRedisHealth',
      'Redis answers, its measured ping and how many critical issues',
      healthSchema,
    ),
    op(
      '/admin/redis/info',
      'getRedisInfo',
      'Redis server, clients, memory and the collectors (edge servers)',
      infoSchema,
    ),
    op(
      '/admin/redis/strain/summary',
      'getRedisStrainSummary',
      'Key metrics and critical issues of Redis and the ingest queue',
      strainSchema,
    ),
  );
}
