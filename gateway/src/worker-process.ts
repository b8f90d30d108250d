import { closeHitLogOf } from './stream';
import type { Config } from './config';
import { createDataSource } from './db/data-source';
import type { AppContext } from './shared/app-context';
import { createLogger } from './shared/logger';
import { createMailer } from './shared/mailer';
import { createRedis, redisKeys } from './shared/redis';
import { backgroundTasks, entities } from './modules';

/** A running worker process: its AppContext, and how to stop it (tasks first, then its connections). */
export interface WorkerProcess {
  app: AppContext;
  close(): Promise<void>;
}

/**
 * The worker's process root, beside the gateway's (server.ts): the same AppContext, and every module's
 * background task from the composition root's list (gateway/src/modules.ts): the ETL worker, the token
 * purge, and whatever a module adds. Gateways with WORKER=0 leave them to these processes; run several,
 * the ETL shares its shards out and the tasks take a lease or are idempotent
 * (docs/operations.md#processes).
 */
export async function startWorkerProcess(config: Config): Promise<WorkerProcess> {
  const log = createLogger(config.LOG_LEVEL);
  for (const w of config.warnings) log.warn(w);
  const ds = createDataSource(config.MYSQL_URL, { entities, poolSize: 4 });
  for (let attempt = 1; ; attempt++) {
    try {
      await ds.initialize();
      break;
    } catch (e) {
      if (attempt >= 30) throw e;
      log.warn({ err: e }, 'worker: MySQL unavailable, retrying');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const redis = createRedis(config, 'worker');
  redis.on('error', () => undefined); // reconnects by itself; the tasks log what fails
  const app: AppContext = {
    config,
    ds,
    redis,
    keys: redisKeys(config.REDIS_PREFIX),
    log,
    mailer: createMailer(config.SMTP_URL, config.MAIL_FROM),
  };
  const stops: (() => Promise<void>)[] = [];
  for (const task of backgroundTasks) stops.push(await task(app));
  return {
    app,
    async close() {
      for (const stop of stops.reverse()) {
        await stop().catch((e: unknown) => log.warn({ err: e }, 'worker: a background task failed to stop'));
      }
      await closeHitLogOf(app);
      redis.disconnect();
      await ds.destroy();
    },
  };
}
