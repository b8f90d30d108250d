import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { startWorkerProcess } from './worker-process';

/**
 * `npm run worker` (`node gateway/dist/worker-main.js`): a worker process running every module's
 * background task (the ETL among them); run several beside gateways with WORKER=0.
 */
async function main() {
  const config = loadConfig();
  const worker = await startWorkerProcess(config);
  worker.app.log.info('worker started: every background task runs here');
  const stop = () => {
    worker.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
