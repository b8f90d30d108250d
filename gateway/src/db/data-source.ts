import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { migrations } from './migrations';

export function createDataSource(
  mysqlUrl: string,
  options: {
    poolSize?: number;
    flavour?: 'mysql' | 'mariadb';
    /** The entity classes repositories need (the composition root's list); migrations need none. */
    entities?: Function[];
  } = {},
): DataSource {
  return new DataSource({
    // The flavour matters only to schema diffing (MariaDB reports DEFAULT NULL differently).
    type: options.flavour ?? 'mysql',
    url: mysqlUrl,
    entities: options.entities ?? [],
    migrations,
    synchronize: false,
    migrationsRun: false,
    timezone: 'Z',
    dateStrings: ['DATE'],
    supportBigNumbers: true,
    bigNumberStrings: false,
    charset: 'utf8mb4_unicode_ci',
    poolSize: options.poolSize ?? 10,
    logging: false,
  });
}

/** Database name from a mysql:// URL, and the URL of the server without it. */
export function splitMysqlUrl(mysqlUrl: string): { database: string; serverUrl: string } {
  const u = new URL(mysqlUrl);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(database))
    throw new Error(`MYSQL_URL must name a database of letters, digits and _ (got "${database}")`);
  u.pathname = '/';
  return { database, serverUrl: u.toString() };
}

/** 'mariadb' or 'mysql', read from the server itself. */
export async function serverFlavour(ds: DataSource): Promise<'mysql' | 'mariadb'> {
  const [row]: { v: string }[] = await ds.query('SELECT VERSION() AS v');
  return /mariadb/i.test(row.v) ? 'mariadb' : 'mysql';
}
