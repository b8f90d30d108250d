import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { preflight } from './shared/preflight';
import { createGateway } from './server';

async function main() {
  const config = loadConfig();
  const problem = await preflight(config);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const gateway = await createGateway(config);
  const port = await gateway.listen();
  gateway.app.log.info({ port, url: config.PUBLIC_URL }, `Infinitum gateway listening on http://localhost:${port}`);
  const stop = () => {
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError) console.error(e.message);
  else if ((e as { code?: string }).code === 'ER_BAD_DB_ERROR')
    console.error(`${(e as Error).message}: run \`npm run db:migrate\` first.`);
  else console.error(e);
  process.exit(1);
});
