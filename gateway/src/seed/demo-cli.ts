import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config';
import { createDataSource } from '../db/data-source';
import { createDemoWorld } from './demo-world';
import { demoLogins, formatLoginTable } from './logins';

/**
 * `npm run seed:demo`: writes the demo world once (a second run changes nothing), then prints the
 * logins. `--print-logins` only prints them; `--no-logins` only seeds (`npm run demo` prints them when ready).
 */
async function main() {
  const config = loadConfig();
  if (!process.argv.includes('--print-logins')) {
    const ds = createDataSource(config.MYSQL_URL, { poolSize: 2 });
    await ds.initialize();
    try {
      const world = await createDemoWorld(ds);
      console.log(
        world.created
          ? `demo world created: Aotearoa Television and ${world.customerIds.length} customers`
          : 'demo world already exists: nothing to do',
      );
    } finally {
      await ds.destroy();
    }
  }
  if (!process.argv.includes('--no-logins')) {
    console.log(formatLoginTable(demoLogins(config.ADMIN_EMAIL, config.ADMIN_PASSWORD)));
  }
}

main().catch((e: unknown) => {
  const code = (e as { code?: string }).code;
  if (e instanceof ConfigError) console.error(e.message);
  else if (code === 'ER_BAD_DB_ERROR' || code === 'ER_NO_SUCH_TABLE')
    console.error(`${(e as Error).message}: run \`npm run db:migrate\` first.`);
  else console.error(e);
  process.exit(1);
});
