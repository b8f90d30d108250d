import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config';
import { createDataSource } from '../db/data-source';
import { createLogger } from '../shared/logger';
import { createRedis, redisKeys } from '../shared/redis';
import { EtlWorker } from './worker';

/** `npm run worker`: one ETL worker process; run several, they share the shard streams out (ShardLeases). */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const ds = createDataSource(config.MYSQL_URL, { poolSize: 4 });
  for (let attempt = 1; ; attempt++) {
    try {
      await ds.initialize();
      break;
    } catch (e) {
      if (attempt >= 30) throw e;
      log.warn({ err: e }, 'ETL: MySQL unavailable, retrying');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const redis = createRedis(config.REDIS_URL, 'etl');
  redis.on('error', () => undefined);
  const worker = new EtlWorker(ds, redis, redisKeys(config.REDIS_PREFIX), log, {
    claimIdleMs: Number(process.env.ETL_CLAIM_IDLE_MS ?? 30_000),
    shards: config.ETL_SHARDS,
    hitLog: config.HIT_LOG,
  });
  worker.start();
  log.info({ consumer: worker.consumer }, 'ETL worker started');
  const stop = () => {
    worker
      .stop()
      .then(() => {
        redis.disconnect();
        return ds.destroy();
      })
      .then(
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
