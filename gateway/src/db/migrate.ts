import { createConnection } from 'mysql2/promise';
import { hash } from '@node-rs/argon2';
import type { DataSource } from 'typeorm';
import { createDataSource, splitMysqlUrl } from './data-source';

/** Creates the database if it is missing (utf8mb4), then runs pending migrations. */
export async function ensureDatabase(mysqlUrl: string): Promise<void> {
  const { database, serverUrl } = splitMysqlUrl(mysqlUrl);
  const conn = await createConnection(serverUrl);
  try {
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
}

export async function migrate(mysqlUrl: string): Promise<DataSource> {
  await ensureDatabase(mysqlUrl);
  const ds = createDataSource(mysqlUrl, { poolSize: 2 });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  return ds;
}

/** Creates or updates the super admin (ROLE_ADMIN) from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function upsertSuperAdmin(ds: DataSource, email: string, password: string): Promise<void> {
  const passwordHash = await hash(password);
  await ds.query(
    `INSERT INTO user (name, email, password_hash, admin, entity_type, entity_id, active)
     VALUES ('Super Admin', ?, ?, 1, 'SYSTEM', 0, 1)
     ON DUPLICATE KEY UPDATE password_hash = VALUES(password_hash), admin = 1, entity_type = 'SYSTEM', entity_id = 0, active = 1`,
    [email.toLowerCase(), passwordHash],
  );
}
