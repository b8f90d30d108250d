import { createHash } from 'node:crypto';
import { createConnection, type Connection } from 'mysql2/promise';
import { migrations } from '../../gateway/src/db/migrations';
import { migrate, upsertSuperAdmin } from '../../gateway/src/db/migrate';

/**
 * Scratch databases for the suites, cloned from a migrated template instead of migrated one by one: every test
 * file starts its gateway on a database of its own, and running the ~100 migrations for each (5 s on a busy
 * machine) was a fifth of the suite's time. The template is migrated once per server and per migration set (its
 * name carries a hash of the migrations' source, so a changed or added migration makes a new one), with the
 * suites' super admin in it; a clone copies its tables' definitions (SHOW CREATE TABLE: keys, foreign keys,
 * auto-increment counters) and its rows. Suites that test migrating itself call `migrate` directly.
 */
const TEMPLATE_VERSION = createHash('sha256')
  .update(migrations.map((m) => m.toString()).join('\n'))
  .digest('hex')
  .slice(0, 12);

interface Template {
  name: string;
  /** CREATE TABLE statements of the template's tables, and the tables that hold rows. */
  creates: string[];
  filled: string[];
}

/** Per process (a jest worker clones many): the template's statements are read once. */
const templates = new Map<string, Promise<Template>>();

async function ensureTemplate(server: string, admin: { email: string; password: string }): Promise<Template> {
  const name = `infinitum_tpl_${TEMPLATE_VERSION}_${createHash('sha256').update(admin.email).digest('hex').slice(0, 6)}`;
  const conn = await createConnection(server);
  try {
    // Two workers may ask at once: one builds, the other waits for it. The lock is a row held FOR UPDATE until the
    // build is done (GET_LOCK would be simpler, but Galera refuses it).
    await conn.query('CREATE DATABASE IF NOT EXISTS infinitum_tpl_locks');
    await conn.query('CREATE TABLE IF NOT EXISTS infinitum_tpl_locks.tpl_lock (name varchar(64) PRIMARY KEY)');
    await conn.query('INSERT IGNORE INTO infinitum_tpl_locks.tpl_lock (name) VALUES (?)', [name]);
    await conn.query('SET SESSION innodb_lock_wait_timeout = 600');
    await conn.beginTransaction();
    try {
      await conn.query('SELECT name FROM infinitum_tpl_locks.tpl_lock WHERE name = ? FOR UPDATE', [name]);
      const [ready] = (await conn.query(
        "SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'zz_template_ready'",
        [name],
      )) as unknown as [unknown[]];
      if (ready.length === 0) {
        const build = await createConnection(server);
        try {
          await build.query(`DROP DATABASE IF EXISTS \`${name}\``);
        } finally {
          await build.end();
        }
        const ds = await migrate(`${server}/${name}`);
        await upsertSuperAdmin(ds, admin.email, admin.password);
        await ds.query(`CREATE TABLE \`${name}\`.zz_template_ready (id int PRIMARY KEY)`);
        await ds.destroy();
      }
    } finally {
      await conn.commit();
    }
    const [tables] = (await conn.query(
      "SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> 'zz_template_ready' ORDER BY TABLE_NAME",
      [name],
    )) as unknown as [{ t: string }[]];
    const creates: string[] = [];
    const filled: string[] = [];
    for (const { t } of tables) {
      const [[show]] = (await conn.query(`SHOW CREATE TABLE \`${name}\`.\`${t}\``)) as unknown as [
        Record<string, string>[],
      ];
      creates.push(show['Create Table']);
      const [rows] = (await conn.query(`SELECT 1 FROM \`${name}\`.\`${t}\` LIMIT 1`)) as unknown as [unknown[]];
      if (rows.length > 0) filled.push(t);
    }
    return { name, creates, filled };
  } finally {
    await conn.end();
  }
}

/**
 * Creates `database` on `server` (mysql://user@host:port) as a copy of the migrated template, with the super
 * admin `admin`. The database must not exist.
 */
export async function createScratchDatabase(
  server: string,
  database: string,
  admin: { email: string; password: string },
): Promise<void> {
  const key = `${server} ${admin.email}`;
  if (!templates.has(key)) templates.set(key, ensureTemplate(server, admin));
  const tpl = await templates.get(key)!.catch((e) => {
    templates.delete(key);
    throw e;
  });
  let conn: Connection | undefined;
  try {
    conn = await createConnection({ uri: server, multipleStatements: true });
    await conn.query(
      [
        `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        `USE \`${database}\``,
        'SET FOREIGN_KEY_CHECKS = 0',
        ...tpl.creates,
        ...tpl.filled.map((t) => `INSERT INTO \`${database}\`.\`${t}\` SELECT * FROM \`${tpl.name}\`.\`${t}\``),
        'SET FOREIGN_KEY_CHECKS = 1',
      ].join(';\n'),
    );
  } finally {
    await conn?.end();
  }
}
