import { startEtlWorker } from '../../gateway/src/etl/task';
import { zoneOffsetMs } from '../../gateway/src/shared/time';
import { makeUser } from '../support/actors';
import type { TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import {
  ingest,
  type IngestLine,
  seedCustomer,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
  type WorldCustomer,
} from '../support/pipeline';

/**
 * The monitoring figures move with real traffic. Events go through the real pipeline
 * (bulk ingest -> Redis stream -> ETL -> MySQL); the gateway runs WITHOUT its own worker so the
 * queue can be seen full, then a worker is started and the queue drains to zero.
 */
let t: TestGateway;
let admin: string;
let east: WorldCustomer;
let west: WorldCustomer;
let stopWorker: (() => Promise<void>) | null = null;

const DAY = 24 * 3600 * 1000;
/** An instant one hour before the customer's local midnight today: yesterday, locally. */
const localYesterday = (timeZone: string, now = Date.now()) => {
  const offset = zoneOffsetMs(now, timeZone);
  const localMidnight = Math.floor((now + offset) / DAY) * DAY;
  return localMidnight - offset - 3600_000;
};

let serial = 0;
const impression = (tag: string, ts: number, id?: string): IngestLine => ({
  type: 'impression',
  tag,
  ts: new Date(ts).toISOString(),
  // A household each: many impressions of one household, tag and instant would be repeats (invalid traffic rule 6,
  // docs/invalid-traffic.md), never counted.
  household: String(100_000 + serial++),
  id: id ?? `mon-i-${serial}-${Math.random().toString(36).slice(2)}`,
});
const visit = (tag: string, ts: number): IngestLine => ({
  type: 'visit',
  tag,
  ts: new Date(ts).toISOString(),
  household: String(1000 + (serial++ % 50)),
  url: 'https://shop.example/',
  id: `mon-v-${serial}-${Math.random().toString(36).slice(2)}`,
});

beforeAll(async () => {
  t = await startPipelineGateway({ WORKER: '0' });
  admin = await superAdminToken(t);
  // Two customers whose "today" is a different date at most hours of the UTC day.
  east = await seedCustomer(t, { name: 'East Kiribati Foods', timeZone: 'Pacific/Kiritimati', bookings: 2 });
  west = await seedCustomer(t, { name: 'West Samoa Motors', timeZone: 'Pacific/Pago_Pago', bookings: 1 });
});
afterAll(async () => {
  if (stopWorker) await stopWorker();
  await t.close();
});

const get = (path: string, token = admin) => call(t.url, 'GET', path, { token });

async function queueOf(name = 'hits / etl') {
  const r = await get('/api/admin/redis/queue-stats');
  expect(r.status).toBe(200);
  return (r.body as { name: string; messages: number; message_rate: number; consumers: number }[]).find(
    (q) => q.name === name,
  );
}

describe("today's activity and the queue", () => {
  test('the queue fills, drains to zero, and today rises by exactly what was sent for each local day', async () => {
    const before = await get('/api/admin/daily-activity');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      total_impressions: 0,
      total_webhits: 0,
      customer_data: [],
      booking_data: [],
      site_data: [],
    });
    const firstRate = await queueOf();

    const now = Date.now() - 60_000;
    const [e1, e2] = east.impressionTags.filter(
      (tag, n, all) => all.findIndex((x) => x.bookingId === tag.bookingId) === n,
    );
    const lines: IngestLine[] = [
      // East: 700 impressions on booking 1, 300 on booking 2, 40 site hits on its home page.
      ...Array.from({ length: 700 }, () => impression(e1.key, now)),
      ...Array.from({ length: 300 }, () => impression(e2.key, now)),
      ...Array.from({ length: 40 }, () => visit(east.siteTags[0].key, now)),
      // West: 200 impressions and 10 site hits today.
      ...Array.from({ length: 200 }, () => impression(west.impressionTags[0].key, now)),
      ...Array.from({ length: 10 }, () => visit(west.siteTags[1].key, now)),
      // Yesterday in each customer's own zone: stored, never counted as today.
      ...Array.from({ length: 25 }, () => impression(e1.key, localYesterday(east.timeZone))),
      ...Array.from({ length: 15 }, () => visit(west.siteTags[0].key, localYesterday(west.timeZone))),
    ];
    const sent = await ingest(t, admin, lines);
    expect(sent.status).toBe(200);
    expect(sent.body.accepted).toBe(lines.length);

    // No worker yet: the messages wait in the queue and its rate shows them arriving.
    const waiting = await queueOf();
    expect(waiting?.messages).toBeGreaterThanOrEqual(Math.ceil(lines.length / 500));
    expect(waiting?.message_rate).toBeGreaterThan(0);
    expect(firstRate === undefined || firstRate.messages === 0).toBe(true);
    const summary = await get('/api/admin/redis/queue-summary');
    expect(summary.body.total_messages).toBeGreaterThanOrEqual(waiting!.messages);
    expect(summary.body.largest_queue).toBe(waiting!.messages);

    stopWorker = await startEtlWorker(t.gateway.app);
    await waitForIdle(t, admin);
    const drained = await queueOf();
    expect(drained?.messages).toBe(0);
    expect(drained?.consumers).toBe(1);
    expect((await get('/api/admin/redis/queue-summary')).body).toMatchObject({ total_messages: 0, total_consumers: 1 });

    const after = await get('/api/admin/daily-activity');
    expect(after.status).toBe(200);
    expect(after.body.total_impressions).toBe(1200);
    expect(after.body.total_webhits).toBe(50);
    expect(after.body.customer_data).toEqual([
      { id: east.id, name: 'East Kiribati Foods', count: 1040, customer_name: 'East Kiribati Foods' },
      { id: west.id, name: 'West Samoa Motors', count: 210, customer_name: 'West Samoa Motors' },
    ]);
    expect(after.body.booking_data).toEqual([
      { id: e1.bookingId, name: 'Booking 1', count: 700, customer_name: 'East Kiribati Foods' },
      { id: e2.bookingId, name: 'Booking 2', count: 300, customer_name: 'East Kiribati Foods' },
      { id: west.impressionTags[0].bookingId, name: 'Booking 1', count: 200, customer_name: 'West Samoa Motors' },
    ]);
    expect(after.body.site_data).toEqual([
      { id: east.siteTags[0].id, name: 'Home page', count: 40, customer_name: 'East Kiribati Foods' },
      { id: west.siteTags[1].id, name: 'Page 2', count: 10, customer_name: 'West Samoa Motors' },
    ]);

    // GraphQL answers the same figures from the same service.
    const g = await gql(
      t.url,
      '{ dailyActivity { total_impressions total_webhits customer_data { id name count customer_name } booking_data { id count } site_data { id count } } }',
      {},
      admin,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.dailyActivity.total_impressions).toBe(1200);
    expect(g.data.dailyActivity.customer_data).toEqual(after.body.customer_data);
  });

  test('a re-sent event is not counted twice', async () => {
    const tag = west.impressionTags[0].key;
    const ts = Date.now() - 30_000;
    const once = [impression(tag, ts, 'mon-dup-1'), impression(tag, ts, 'mon-dup-2')];
    expect((await ingest(t, admin, once)).body.accepted).toBe(2);
    await waitForIdle(t, admin);
    expect((await ingest(t, admin, once)).body.accepted).toBe(2);
    await waitForIdle(t, admin);
    const r = await get('/api/admin/daily-activity');
    expect(r.body.total_impressions).toBe(1202);
    expect(r.body.customer_data.find((c: { id: number }) => c.id === west.id).count).toBe(212);
  });

  test('a customer with a display name is called by it, as on every other screen (not its registered name)', async () => {
    await t.gateway.app.ds.query('UPDATE customer SET display_name = ? WHERE id = ?', ['East Kiribati', east.id]);
    try {
      const r = await get('/api/admin/daily-activity');
      const row = r.body.customer_data.find((c: { id: number }) => c.id === east.id);
      expect(row).toMatchObject({ name: 'East Kiribati', customer_name: 'East Kiribati' });
      for (const b of r.body.booking_data.filter((x: { customer_name: string }) => x.customer_name.startsWith('East')))
        expect(b.customer_name).toBe('East Kiribati');
    } finally {
      await t.gateway.app.ds.query('UPDATE customer SET display_name = NULL WHERE id = ?', [east.id]);
    }
  });

  test('the ETL pipeline status shows what was processed, over GraphQL', async () => {
    const g = await gql(
      t.url,
      '{ etlPipelineStatus { pending undelivered processed duplicates lag_ms events_per_s consumers idle } }',
      {},
      admin,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.etlPipelineStatus).toMatchObject({ pending: 0, undelivered: 0, lag_ms: 0, consumers: 1, idle: true });
    // 1290 + 2 new events; the 2 re-sent ones are duplicates.
    expect(g.data.etlPipelineStatus).toMatchObject({ processed: 1292, duplicates: 2 });
  });
});

describe('active users', () => {
  test('a signed-in user appears with their organisation and a call count that rises with every call', async () => {
    const user = await makeUser(t, {
      entityType: 'CUSTOMER',
      entityId: east.id,
      admin: false,
      name: 'Casey Active',
      email: 'casey.active@test.infinitum',
    });
    const find = async () => {
      const r = await get('/api/active-users');
      expect(r.status).toBe(200);
      return r.body;
    };
    expect((await find()).users.find((u: { id: number }) => u.id === user.actor.userId)).toBeUndefined();

    for (let i = 0; i < 3; i++) expect((await get('/api/countries/', user.token)).status).toBe(200);
    const g = await gql(t.url, '{ countries { country_code } }', {}, user.token);
    expect(g.errors).toBeUndefined();

    const first = await find();
    const casey = first.users.find((u: { id: number }) => u.id === user.actor.userId);
    expect(casey).toMatchObject({
      name: 'Casey Active',
      email: 'casey.active@test.infinitum',
      role_name: 'ROLE_CUSTOMER_USER',
      entity_type: 'CUSTOMER',
      entity_name: 'East Kiribati Foods',
      api_calls: 4,
      isAdmin: false,
    });
    expect(Date.now() - Date.parse(casey.last_active)).toBeLessThan(60_000);
    expect(first.counts).toContainEqual({ entity_type: 'CUSTOMER', count: 1 });
    expect(first.counts.find((c: { entity_type: string }) => c.entity_type === 'SYSTEM').count).toBeGreaterThanOrEqual(
      1,
    );
    expect(first.total).toBe(first.users.length);
    expect(first.window_minutes).toBe(15);

    for (let i = 0; i < 2; i++) await get('/api/countries/', user.token);
    const second = await find();
    expect(second.users.find((u: { id: number }) => u.id === user.actor.userId).api_calls).toBe(6);

    // The super admin sees their own session too, on both transports.
    const own = await gql(
      t.url,
      '{ activeUsers { users { id email role_name entity_name api_calls isAdmin } } }',
      {},
      admin,
    );
    expect(own.errors).toBeUndefined();
    const me = own.data.activeUsers.users.find((u: { role_name: string }) => u.role_name === 'ROLE_ADMIN');
    expect(me).toMatchObject({ entity_name: 'System', isAdmin: true });
    expect(me.api_calls).toBeGreaterThan(5);
  });

  test('a user last seen more than 15 minutes ago is no longer active', async () => {
    const old = await makeUser(t, { entityType: 'AGENCY', entityId: 1, admin: true });
    await get('/api/countries/', old.token);
    const key = `${t.config.REDIS_PREFIX}activity:last`;
    await t.gateway.app.redis.zadd(key, Date.now() - 16 * 60_000, String(old.actor.userId));
    const r = await get('/api/active-users');
    expect(r.body.users.map((u: { id: number }) => u.id)).not.toContain(old.actor.userId);
  });
});

describe('cache and server health', () => {
  test('info reports the server, memory in B/KB/MB and this gateway as a collector', async () => {
    const r = await get('/api/admin/redis/info');
    expect(r.status).toBe(200);
    expect(r.body.server.version).toMatch(/^\d+\.\d+/);
    expect(r.body.server.uptime_seconds).toBeGreaterThan(0);
    expect(r.body.clients.connected_clients).toBeGreaterThanOrEqual(1);
    expect(r.body.memory.used_memory).toBeGreaterThan(0);
    expect(r.body.memory.used_memory_human).toMatch(/^[\d,.]+ (B|KB|MB)$/);
    expect(r.body.memory.memory_usage_percent).toBeGreaterThan(0);
    expect(r.body.memory.memory_usage_percent).toBeLessThan(100);
    // The bulk ingest went through this process' collector: its heartbeat (every 2 s) shows it as
    // active and catches up with every hit it took.
    let edge = r.body.edge_servers;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && edge.total_log_entries < 1294;) {
      await new Promise((res) => setTimeout(res, 100));
      edge = (await get('/api/admin/redis/info')).body.edge_servers;
    }
    expect(edge.active_servers).toBe(1);
    expect(edge.servers[0]).toMatchObject({ active: true, log_entries: edge.total_log_entries });
    const entries = edge.total_log_entries;
    expect(entries).toBeGreaterThanOrEqual(1294);
  });

  test('strain summary measures latency and names a collector silent for over a minute', async () => {
    const healthy = await get('/api/admin/redis/strain/summary');
    expect(healthy.status).toBe(200);
    expect(healthy.body.key_metrics.avg_latency_ms).toBeGreaterThan(0);
    expect(healthy.body.key_metrics.connected_clients).toBeGreaterThanOrEqual(1);
    expect(healthy.body.critical_issues.map((i: { code: string }) => i.code)).not.toContain('silent_collector');
    const health = await get('/api/admin/redis/health');
    expect(health.body).toMatchObject({ status: healthy.body.critical_issues.length ? 'degraded' : 'healthy' });

    const collectors = `${t.config.REDIS_PREFIX}ingest:collectors`;
    await t.gateway.app.redis.hset(
      collectors,
      'edge-7:4242',
      JSON.stringify({ hostname: 'edge-7', pid: 4242, hits: 10, spooled: 0, at: Date.now() - 90_000 }),
    );
    const strained = await get('/api/admin/redis/strain/summary');
    const silent = strained.body.critical_issues.find((i: { code: string }) => i.code === 'silent_collector');
    expect(silent.message).toContain('edge-7');
    expect((await get('/api/admin/redis/health')).body).toMatchObject({ status: 'degraded' });
    await t.gateway.app.redis.hdel(collectors, 'edge-7:4242');
  });
});
