import type { AppContext } from '../../shared/app-context';
import type { Actor } from '@infinitum/rules';
import { assertSystemAdmin } from '../organisations/system-access';

/** Release of this build (spec 2: app version 3.1.0, release branch 'aug25-rc'). */
export const RELEASE = { version: '3.1.0', build: 'aug25-rc' } as const;

const STARTED_AT = new Date();

export interface ConfigSetting {
  name: string;
  value: string;
}

export interface SystemConfiguration {
  version: string;
  build: string;
  environment: string;
  node_version: string;
  started_at: string;
  uptime_seconds: number;
  settings: ConfigSetting[];
  defaults: ConfigSetting[];
}

/** A server address without user, password or query (where a secret could hide). */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** Business constants of spec 9 that the screens run with. */
const DEFAULTS: ConfigSetting[] = [
  { name: 'Request timeout', value: '30000 ms' },
  { name: 'Default date range', value: 'Last 30 days ending today' },
  { name: 'Table page size', value: '10' },
  { name: 'Grid page sizes', value: '10, 25, 50, 100 (default 25)' },
  { name: 'Active Users page size', value: '25' },
  { name: 'Toast auto-close', value: '2500 ms (de-duplicated for 5 s)' },
  { name: 'Snackbar', value: '6 s' },
  { name: 'Name minimum (users, agencies, clients)', value: '4 characters' },
  { name: 'Existing-entity search', value: 'from 2 characters, at most 10 suggestions' },
  { name: 'Default billing entity', value: '2 (Booking Entity)' },
  { name: 'Week starts', value: 'Monday' },
];

/**
 * The running configuration, read-only, for the super admin's System Configuration tile. Only values
 * that are safe to show: never JWT_SECRET, HOUSEHOLD_SALT, ADMIN_PASSWORD nor any credential in a URL.
 */
export function systemConfiguration(app: AppContext, actor: Actor): SystemConfiguration {
  assertSystemAdmin(actor);
  const c = app.config;
  return {
    version: RELEASE.version,
    build: RELEASE.build,
    environment: c.NODE_ENV,
    node_version: process.version,
    started_at: STARTED_AT.toISOString(),
    uptime_seconds: Math.round(process.uptime()),
    settings: [
      { name: 'Public URL', value: withoutCredentials(c.PUBLIC_URL) },
      { name: 'Database', value: withoutCredentials(c.MYSQL_URL) },
      { name: 'Redis', value: withoutCredentials(c.REDIS_URL) },
      { name: 'Redis key prefix', value: c.REDIS_PREFIX },
      { name: 'Mail server', value: withoutCredentials(c.SMTP_URL) },
      { name: 'Mail sender', value: c.MAIL_FROM },
      { name: 'ETL worker in this process', value: c.WORKER === '1' ? 'Yes' : 'No' },
      { name: 'Log level', value: c.LOG_LEVEL },
      { name: 'Request body limit', value: c.BODY_LIMIT },
      { name: 'Ingest body limit', value: c.INGEST_BODY_LIMIT },
      { name: 'Trusted proxies', value: c.TRUSTED_PROXIES || 'None' },
    ],
    defaults: DEFAULTS,
  };
}

export interface MigrationState {
  executed: number;
  pending: number;
  last_name: string | null;
  pending_names: string[];
}

export interface TableStat {
  table_name: string;
  /** InnoDB's estimate (information_schema), not an exact COUNT(*): exact counts of the event tables take minutes. */
  row_estimate: number;
  data_bytes: number;
  index_bytes: number;
  total_bytes: number;
}

export interface DatabaseStatus {
  server_version: string;
  database: string;
  total_bytes: number;
  table_count: number;
  migrations: MigrationState;
  tables: TableStat[];
}

export const LARGEST_TABLES = 10;

/** Migration state and the largest tables, for the super admin's Database Operations tile. Read only. */
export async function databaseStatus(app: AppContext, actor: Actor): Promise<DatabaseStatus> {
  assertSystemAdmin(actor);
  const ds = app.ds;
  const [[server], executedRows, tables, [totals]] = await Promise.all([
    ds.query('SELECT VERSION() AS v, DATABASE() AS db') as Promise<{ v: string; db: string }[]>,
    ds.query('SELECT name FROM migrations ORDER BY timestamp, id') as Promise<{ name: string }[]>,
    ds.query(
      `SELECT TABLE_NAME AS table_name, COALESCE(TABLE_ROWS, 0) AS row_estimate,
              COALESCE(DATA_LENGTH, 0) AS data_bytes, COALESCE(INDEX_LENGTH, 0) AS index_bytes
         FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'
        ORDER BY COALESCE(DATA_LENGTH, 0) + COALESCE(INDEX_LENGTH, 0) DESC, TABLE_NAME
        LIMIT ?`,
      [LARGEST_TABLES],
    ) as Promise<{ table_name: string; row_estimate: string; data_bytes: string; index_bytes: string }[]>,
    ds.query(
      `SELECT COUNT(*) AS n, COALESCE(SUM(DATA_LENGTH + INDEX_LENGTH), 0) AS bytes
         FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'`,
    ) as Promise<{ n: string; bytes: string }[]>,
  ]);
  const executed = new Set(executedRows.map((r) => r.name));
  const pending = ds.migrations.map((m) => m.name ?? m.constructor.name).filter((n) => !executed.has(n));
  return {
    server_version: server.v,
    database: server.db,
    total_bytes: Number(totals.bytes),
    table_count: Number(totals.n),
    migrations: {
      executed: executed.size,
      pending: pending.length,
      last_name: executedRows.at(-1)?.name ?? null,
      pending_names: pending,
    },
    tables: tables.map((t) => {
      const data = Number(t.data_bytes);
      const index = Number(t.index_bytes);
      return {
        table_name: t.table_name,
        row_estimate: Number(t.row_estimate),
        data_bytes: data,
        index_bytes: index,
        total_bytes: data + index,
      };
    }),
  };
}
