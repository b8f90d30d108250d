import type { EntityType } from '@infinitum/rules';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';

/** System Configuration and Database Operations tiles: super admin only, read-only, no secret. */
let t: TestGateway;
let admin: string;

const CONFIG_QUERY = `{ systemConfiguration { version build environment node_version started_at uptime_seconds
  settings { name value } defaults { name value } } }`;
const DB_QUERY = `{ databaseStatus { server_version database total_bytes table_count
  migrations { executed pending last_name pending_names }
  tables { table_name row_estimate data_bytes index_bytes total_bytes } } }`;

beforeAll(async () => {
  // Credentials in the URLs must never reach the answer.
  t = await startTestGateway({
    SMTP_URL: 'smtp://mailer:smtp-secret-pw@127.0.0.1:2525',
    REDIS_URL: `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}`,
  });
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
});
afterAll(() => t.close());

describe('system configuration', () => {
  test('the super admin reads version, build, environment, settings and defaults on both transports', async () => {
    const rest = await call(t.url, 'GET', '/api/admin/system/configuration', { token: admin });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ version: '3.1.0', build: 'aug25-rc', environment: 'test' });
    expect(rest.body.uptime_seconds).toBeGreaterThanOrEqual(0);
    const names = rest.body.settings.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Public URL', 'Database', 'Mail server', 'Log level']));
    expect(rest.body.defaults).toContainEqual({ name: 'Table page size', value: '10' });
    expect(rest.body.settings).toContainEqual({ name: 'Mail server', value: 'smtp://127.0.0.1:2525' });

    const g = await gql(t.url, CONFIG_QUERY, {}, admin);
    expect(g.errors).toBeUndefined();
    expect(g.data.systemConfiguration.settings).toEqual(rest.body.settings);
    expect(g.data.systemConfiguration.version).toBe('3.1.0');
  });

  test('no secret is in the answer', async () => {
    const rest = await call(t.url, 'GET', '/api/admin/system/configuration', { token: admin });
    const text = JSON.stringify(rest.body);
    for (const secret of [t.config.JWT_SECRET, t.config.HOUSEHOLD_SALT, 'smtp-secret-pw', 'mailer:']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/JWT_SECRET|HOUSEHOLD_SALT|ADMIN_PASSWORD|password/i);
  });
});

describe('database status', () => {
  test('the super admin reads the migration state and the largest tables', async () => {
    const rest = await call(t.url, 'GET', '/api/admin/system/database', { token: admin });
    expect(rest.status).toBe(200);
    const migrations = t.gateway.app.ds.migrations.length;
    expect(rest.body.migrations).toMatchObject({ executed: migrations, pending: 0, pending_names: [] });
    expect(rest.body.migrations.last_name).toBe(t.gateway.app.ds.migrations.at(-1)?.name);
    expect(rest.body.database).toBe(t.database);
    expect(rest.body.tables.length).toBeGreaterThan(0);
    expect(rest.body.tables.length).toBeLessThanOrEqual(10);
    const sizes = rest.body.tables.map((x: { total_bytes: number }) => x.total_bytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    for (const table of rest.body.tables) expect(table.total_bytes).toBe(table.data_bytes + table.index_bytes);
    expect(rest.body.table_count).toBeGreaterThanOrEqual(rest.body.tables.length);

    const g = await gql(t.url, DB_QUERY, {}, admin);
    expect(g.errors).toBeUndefined();
    expect(g.data.databaseStatus.migrations).toEqual(rest.body.migrations);
    expect(g.data.databaseStatus.tables.map((x: { table_name: string }) => x.table_name)).toEqual(
      rest.body.tables.map((x: { table_name: string }) => x.table_name),
    );
  });
});

describe('everyone else', () => {
  const roles: { entityType: EntityType; admin: boolean }[] = [
    { entityType: 'BROADCASTER', admin: true },
    { entityType: 'BROADCASTER', admin: false },
    { entityType: 'AGENCY', admin: true },
    { entityType: 'AGENCY', admin: false },
    { entityType: 'CUSTOMER', admin: true },
    { entityType: 'CUSTOMER', admin: false },
    { entityType: 'ADTECH', admin: true },
    { entityType: 'ADTECH', admin: false },
  ];

  test.each(roles)('$entityType admin=$admin gets 403 on both calls and both transports', async (role) => {
    const { token } = await makeUser(t, { ...role, entityId: 1 });
    for (const path of ['/api/admin/system/configuration', '/api/admin/system/database']) {
      const r = await call(t.url, 'GET', path, { token });
      expect(r.status).toBe(403);
      expect(JSON.stringify(r.body)).not.toContain('3.1.0');
    }
    for (const q of [CONFIG_QUERY, DB_QUERY]) {
      const g = await gql(t.url, q, {}, token);
      expect(g.data).toBeNull();
      expect(g.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });

  test('without a token: 401', async () => {
    expect((await call(t.url, 'GET', '/api/admin/system/configuration')).status).toBe(401);
    expect((await call(t.url, 'GET', '/api/admin/system/database')).status).toBe(401);
  });
});
