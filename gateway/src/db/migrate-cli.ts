import { ConfigError, loadConfig } from '../config';
import { preflight } from '../shared/preflight';
import { migrate, upsertSuperAdmin } from './migrate';

/** `npm run db:migrate`: create the database if missing, migrate, create or update the super admin. */
async function main() {
  const config = loadConfig();
  const problem = await preflight(config);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const ds = await migrate(config.MYSQL_URL);
  if (config.ADMIN_PASSWORD) {
    await upsertSuperAdmin(ds, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    console.log(`super admin ${config.ADMIN_EMAIL} is ready`);
  } else {
    console.log('ADMIN_PASSWORD is not set: the super admin was not created or changed');
  }
  await ds.destroy();
  console.log('migrations: up to date');
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
