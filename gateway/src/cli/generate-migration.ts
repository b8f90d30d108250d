/**
 * Prints (or writes) the SQL that would bring a fresh database to the entities.
 * Used by `npm run check` (pending-migration check) and when writing a migration:
 *   node -r @swc-node/register gateway/src/cli/generate-migration.ts [Name]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDataSource, serverFlavour } from '../db/data-source';
import { migrate } from '../db/migrate';
import { entities } from '../modules';

async function main() {
  const url = process.env.MYSQL_URL ?? `mysql://root@127.0.0.1:3306/infinitum_schema_${process.pid}`;
  const name = process.argv[2];
  const migrated = await migrate(url);
  const flavour = await serverFlavour(migrated);
  await migrated.destroy();
  const ds = createDataSource(url, { poolSize: 1, flavour, entities });
  await ds.initialize();
  const sql = await ds.driver.createSchemaBuilder().log();
  if (!process.env.MYSQL_URL || process.env.DROP_AFTER) await ds.query(`DROP DATABASE \`${ds.driver.database}\``);
  await ds.destroy();
  if (!name) {
    if (sql.upQueries.length === 0) {
      console.log('migrations: entities and migrations agree');
      return;
    }
    console.error('migrations: entities differ from migrations; pending statements:');
    for (const q of sql.upQueries) console.error('  ' + q.query);
    process.exitCode = 1;
    return;
  }
  const ts = Date.now();
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  const up = sql.upQueries.map((q) => `    await q.query(\`${esc(q.query)}\`);`).join('\n');
  const down = sql.downQueries
    .reverse()
    .map((q) => `    await q.query(\`${esc(q.query)}\`);`)
    .join('\n');
  const file = join(__dirname, '..', 'db', 'migrations', `${ts}-${name}.ts`);
  writeFileSync(
    file,
    `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${name}${ts} implements MigrationInterface {\n  name = '${name}${ts}';\n\n  async up(q: QueryRunner): Promise<void> {\n${up}\n  }\n\n  async down(q: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
  );
  console.log(`wrote ${file}; add it to gateway/src/db/migrations.ts`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
