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

/** Each spec 7 call once: its path, the service it runs and its OpenAPI entry. */
const CALLS: {
  path: string;
  operationId: string;
  summary: string;
  response: z.ZodType;
  run: (app: AppContext, actor: ReturnType<typeof signedIn>) => Promise<unknown>;
  errors?: Record<number, string>;
}[] = [
  {
    path: '/active-users',
    operationId: 'listActiveUsers',
    summary: 'Users active in the last 15 minutes and counts per organisation type',
    response: activeUsersSchema,
    run: monitoring.activeUsers,
  },
  {
    path: '/admin/daily-activity',
    operationId: 'getDailyActivity',
    summary:
      "Today's impressions and site hits (each customer's local day) with the top 10 customers, bookings and sites",
    response: dailyActivitySchema,
    run: monitoring.dailyActivity,
    // MySQL only: answers while Redis is away.
    errors: { 403: errors[403] },
  },
  {
    path: '/admin/redis/queue-stats',
    operationId: 'getQueueStats',
    summary: 'Per stream and consumer group: messages, memory, rate',
    response: z.array(queueStatSchema),
    run: monitoring.queueStats,
  },
  {
    path: '/admin/redis/queue-summary',
    operationId: 'getQueueSummary',
    summary: 'Total messages and consumers over every queue',
    response: queueSummarySchema,
    run: monitoring.queueSummary,
  },
  {
    path: '/admin/redis/health',
    operationId: 'getRedisHealth',
    summary: 'Redis answers, its measured ping and how many critical issues',
    response: healthSchema,
    run: monitoring.redisHealth,
  },
  {
    path: '/admin/redis/info',
    operationId: 'getRedisInfo',
    summary: 'Redis server, clients, memory and the collectors (edge servers)',
    response: infoSchema,
    run: monitoring.redisInfo,
  },
  {
    path: '/admin/redis/strain/summary',
    operationId: 'getRedisStrainSummary',
    summary: 'Key metrics and critical issues of Redis and the ingest queue',
    response: strainSchema,
    run: monitoring.strainSummary,
  },
];

/** Spec 7 monitoring calls, super admin only (spec 6). */
export function mountMonitoringRoutes(router: Router, app: AppContext): void {
  for (const call of CALLS) {
    router.get(
      call.path,
      route(app, (c) => call.run(c.app, signedIn(c))),
    );
  }
  documentApi(
    ...CALLS.map((call) => ({
      method: 'get' as const,
      path: call.path,
      operationId: call.operationId,
      summary: call.summary,
      tag: 'Monitoring',
      response: call.response,
      errors: call.errors ?? errors,
    })),
  );
}
