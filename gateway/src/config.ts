import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { REACH_SAMPLE_MIN_IMPRESSIONS } from './modules/analytics/reach/estimate';
import { SUMMARY_WAIT_MS } from './modules/analytics/summaries/wait';

/** Environment, parsed and validated once at start (docs/design.md#running-it). */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  MYSQL_URL: z.string().url().default('mysql://root@127.0.0.1:3306/infinitum'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('infinitum:'),
  /** host:port,host:port of a Redis Cluster: every process then uses it instead of REDIS_URL (docs/scaling.md#redis-cluster). */
  REDIS_CLUSTER_NODES: z
    .string()
    .regex(/^\s*[^,\s]+:\d{1,5}(\s*,\s*[^,\s]+:\d{1,5})*\s*$/, 'REDIS_CLUSTER_NODES must be host:port[,host:port...]')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  HOUSEHOLD_SALT: z.string().min(16, 'HOUSEHOLD_SALT must be at least 16 characters').optional(),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Infinitum <no-reply@infinitum.local>'),
  PUBLIC_URL: z.string().url().default('http://localhost:4000'),
  ADMIN_EMAIL: z.string().email().default('admin@infinitum.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  WORKER: z.enum(['0', '1']).default('1'),
  TRUSTED_PROXIES: z.string().default(''),
  /**
   * Data-centre CIDR list (one range a line; docs/invalid-traffic.md): hits from these addresses are invalid
   * traffic (`datacenter`). Unset: nothing matches. scripts/refresh-datacenter-cidrs.mjs writes it.
   */
  DATACENTER_CIDRS_FILE: z.string().optional(),
  SPOOL_DIR: z.string().default('.spool'),
  /** The spool is fsynced at most this many ms after a write (0: before the pixel answers). */
  SPOOL_FSYNC_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  /**
   * Streams the hits are partitioned over, by household; each is read by one ETL worker at a time, so
   * up to this many workers add up. Collectors and workers must agree: change it only with the streams empty.
   */
  ETL_SHARDS: z.coerce.number().int().min(1).max(1024).default(16),
  /**
   * The hit log's engine (gateway/src/stream/, docs/operations.md#hit-log): `redis` (Redis Streams on
   * REDIS_URL, the default) or `jetstream` (NATS JetStream on NATS_URL).
   */
  HIT_LOG: z.enum(['redis', 'jetstream']).default('redis'),
  /** HIT_LOG=jetstream: the NATS servers, comma-separated (any of a cluster's; the client finds the rest). */
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** HIT_LOG=jetstream: replicas of the hit stream (3 on a cluster of 3 or more, 1 on one node). */
  NATS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /**
   * System Health names a collector whose heartbeat (every 2 s) is older than this as silent: it was killed
   * or lost its Redis. One that stops cleanly deregisters and is never named.
   */
  COLLECTOR_SILENT_MS: z.coerce.number().int().min(5_000).max(86_400_000).default(60_000),
  /**
   * GET /metrics (Prometheus, docs/operations.md#metrics) answers only a scraper sending
   * `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics does not exist (404).
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.string().default('1mb'),
  INGEST_BODY_LIMIT: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?\s*(b|kb|mb|gb)?$/i, 'INGEST_BODY_LIMIT must be a size such as 20mb')
    .default('20mb'),
  /**
   * Bulk ingest bodies read at once per gateway; more wait their turn (reading nothing), so the memory bulk
   * ingest takes is bounded by this many bodies, each at most INGEST_BODY_LIMIT encoded.
   */
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Requests per minute per API key (modules/api-keys); the next one answers 429 with Retry-After. */
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Hours a rotated key's old secret keeps working beside the new one (0: it stops at once). */
  API_KEY_ROTATION_GRACE_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** Failed sign-ins one address may make across all emails in 15 minutes (password spraying). */
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Password reset requests one address may make across all emails in an hour. */
  RESET_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(30),
  /**
   * docs/design.md#reach-frequency-and-lift at scale: from this many impressions in I(F) up, Reach and the lift's exposed side are
   * estimated from a household sample (labelled Approximate, within 1% of the exact reach); below, exact.
   */
  REACH_SAMPLE_MIN_IMPRESSIONS: z.coerce.number().int().min(0).default(REACH_SAMPLE_MIN_IMPRESSIONS),
  /**
   * How long a dashboard refresh waits for a filter's own response summaries (one creative, one site tag)
   * to be built before it answers from the exact window over touch while the build goes on.
   */
  DASHBOARD_SUMMARY_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(SUMMARY_WAIT_MS),
  /**
   * Milliseconds between the summary keeper's rounds (modules/analytics/summaries/keeper.ts), which builds the
   * dashboard's per-day summaries for the days the ETL marked, so no reader waits for them; 0 turns it off.
   */
  SUMMARY_KEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** GraphQL introspection: default on outside production; in production only a signed-in super admin gets it. */
  GRAPHQL_INTROSPECTION: z.enum(['0', '1']).optional(),
  /** Image hosts the Content-Security-Policy allows besides the gateway itself (the map tiles). */
  MAP_TILE_HOSTS: z.string().default('https://*.basemaps.cartocdn.com'),
});

export type Config = Omit<z.infer<typeof schema>, 'JWT_SECRET' | 'HOUSEHOLD_SALT'> & {
  JWT_SECRET: string;
  HOUSEHOLD_SALT: string;
  warnings: string[];
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (`JWT_SECRET=` in a .env file) means "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  if (c.REDIS_CLUSTER_NODES && c.HIT_LOG === 'redis') {
    throw new ConfigError(
      'REDIS_CLUSTER_NODES needs HIT_LOG=jetstream: the Redis Streams hit log keeps its shards on one Redis (REDIS_URL).',
    );
  }
  const warnings: string[] = [];
  const secret = (name: 'JWT_SECRET' | 'HOUSEHOLD_SALT'): string => {
    const value = c[name];
    if (value) return value;
    if (c.NODE_ENV === 'production') {
      throw new ConfigError(`${name} is required in production; set it in the environment (see .env.example).`);
    }
    warnings.push(`${name} is not set: using a generated one for this process (development only).`);
    return randomBytes(32).toString('hex');
  };
  return { ...c, JWT_SECRET: secret('JWT_SECRET'), HOUSEHOLD_SALT: secret('HOUSEHOLD_SALT'), warnings };
}
