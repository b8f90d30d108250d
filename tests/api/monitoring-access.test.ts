import type { EntityType } from '@infinitum/rules';
import { REDIS_UNAVAILABLE } from '../../gateway/src/modules/monitoring/monitoring.service';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';

/**
 * Every monitoring call is the super admin's (spec 6: view activity, system
 * health), on both transports; and with Redis unreachable the live calls answer a clear 503 fast.
 * (The operations matrix leaves these paths out; this file is their matrix.)
 */
export const MONITORING_PATHS = [
  '/api/active-users',
  '/api/admin/daily-activity',
  '/api/admin/redis/queue-stats',
  '/api/admin/redis/queue-summary',
  '/api/admin/redis/health',
  '/api/admin/redis/info',
  '/api/admin/redis/strain/summary',
];

export const MONITORING_QUERIES: Record<string, string> = {
  activeUsers: '{ activeUsers { total users { id email api_calls } counts { entity_type count } } }',
  dailyActivity: '{ dailyActivity { total_impressions total_webhits customer_data { name count } } }',
  redisQueueStats: '{ redisQueueStats { name messages memory_usage message_rate } }',
  redisQueueSummary: '{ redisQueueSummary { total_messages total_consumers } }',
  redisHealth: '{ redisHealth { status ping_ms } }',
  redisInfo: '{ redisInfo { server { version } memory { used_memory_human } edge_servers { active_servers } } }',
  redisStrainSummary: '{ redisStrainSummary { key_metrics { ops_per_sec avg_latency_ms } critical_issues { code } } }',
  etlPipelineStatus: '{ etlPipelineStatus { pending lag_ms events_per_s idle } }',
};

const ROLES: { entityType: EntityType; admin: boolean }[] = [
  { entityType: 'CUSTOMER', admin: true },
  { entityType: 'CUSTOMER', admin: false },
  { entityType: 'AGENCY', admin: true },
  { entityType: 'AGENCY', admin: false },
  { entityType: 'BROADCASTER', admin: true },
  { entityType: 'BROADCASTER', admin: false },
  { entityType: 'ADTECH', admin: true },
  { entityType: 'ADTECH', admin: false },
];

describe('with Redis up', () => {
  let t: TestGateway;
  let admin: string;
  beforeAll(async () => {
    t = await startTestGateway();
    admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true, email: 'watcher@test.infinitum' }))
      .token;
  });
  afterAll(() => t.close());

  test('the super admin gets every call on both transports', async () => {
    for (const path of MONITORING_PATHS)
      expect([path, (await call(t.url, 'GET', path, { token: admin })).status]).toEqual([path, 200]);
    for (const [field, query] of Object.entries(MONITORING_QUERIES)) {
      const g = await gql(t.url, query, {}, admin);
      expect([field, g.errors]).toEqual([field, undefined]);
      expect(g.data[field]).toBeTruthy();
    }
  });

  test.each(ROLES)('$entityType admin=$admin is refused (403) on every call of both transports', async (role) => {
    const { token } = await makeUser(t, { ...role, entityId: 1 });
    for (const path of MONITORING_PATHS) {
      const r = await call(t.url, 'GET', path, { token });
      expect([path, r.status]).toEqual([path, 403]);
      expect(JSON.stringify(r.body)).not.toContain('watcher@test.infinitum');
    }
    for (const [field, query] of Object.entries(MONITORING_QUERIES)) {
      const g = await gql(t.url, query, {}, token);
      expect([field, g.errors?.[0].extensions?.code, g.errors?.[0].extensions?.status]).toEqual([
        field,
        'FORBIDDEN',
        403,
      ]);
      expect(g.data).toBeNull();
    }
  });

  test('without a token every call is 401', async () => {
    for (const path of MONITORING_PATHS) expect([path, (await call(t.url, 'GET', path)).status]).toEqual([path, 401]);
    for (const [field, query] of Object.entries(MONITORING_QUERIES)) {
      expect([field, (await gql(t.url, query)).errors?.[0].extensions?.code]).toEqual([field, 'UNAUTHENTICATED']);
    }
  });

  test('every call is in the OpenAPI document', async () => {
    const doc = (await call(t.url, 'GET', '/api/openapi.json')).body;
    for (const path of MONITORING_PATHS) {
      const op = doc.paths[path]?.get;
      expect([path, Boolean(op), Object.keys(op?.responses ?? {})]).toEqual([
        path,
        true,
        expect.arrayContaining(['200', '403']),
      ]);
    }
  });
});

describe('with Redis unreachable', () => {
  let t: TestGateway;
  let admin: string;
  beforeAll(async () => {
    // A closed port: nothing listens on 1. The shared Redis is never stopped.
    t = await startTestGateway({ REDIS_URL: 'redis://127.0.0.1:1' });
    t.gateway.app.redis.on('error', () => undefined);
    admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  });
  afterAll(() => t.close());

  test('the live calls answer a clear 503 at once; today’s activity (MySQL) still answers', async () => {
    for (const path of MONITORING_PATHS) {
      const started = Date.now();
      const r = await call(t.url, 'GET', path, { token: admin });
      expect(Date.now() - started).toBeLessThan(2000);
      if (path === '/api/admin/daily-activity') {
        expect([path, r.status]).toEqual([path, 200]);
        expect(r.body.total_impressions).toBe(0);
        continue;
      }
      expect([path, r.status, r.body.message]).toEqual([path, 503, REDIS_UNAVAILABLE]);
      expect(r.headers.get('retry-after')).toBe('10');
    }
    for (const [field, query] of Object.entries(MONITORING_QUERIES)) {
      const g = await gql(t.url, query, {}, admin);
      if (field === 'dailyActivity') {
        expect(g.errors).toBeUndefined();
        continue;
      }
      expect([field, g.errors?.[0].extensions?.code, g.errors?.[0].message]).toEqual([
        field,
        'UNAVAILABLE',
        REDIS_UNAVAILABLE,
      ]);
    }
  });

  test('signed-in calls go on (uncounted) while Redis is away', async () => {
    const r = await call(t.url, 'GET', '/api/countries/', { token: admin });
    expect(r.status).toBe(200);
  });
});
