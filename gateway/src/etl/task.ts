import type { AppContext } from '../shared/app-context';
import { createRedis } from '../shared/redis';
import { hitLogOptions } from '../stream';
import { EtlWorker } from './worker';

/** The ETL worker as a gateway background task (WORKER=1): its own Redis connection (it blocks on reads). */
export async function startEtlWorker(app: AppContext): Promise<() => Promise<void>> {
  const redis = createRedis(app.config, 'etl');
  redis.on('error', () => undefined); // reconnects by itself; the loop logs what fails
  const worker = new EtlWorker(app.ds, redis, app.keys, app.log, {
    claimIdleMs: Number(process.env.ETL_CLAIM_IDLE_MS ?? 30_000),
    shards: app.config.ETL_SHARDS,
    hitLog: hitLogOptions(app.config, 'etl'),
  });
  worker.start();
  return async () => {
    await worker.stop();
    redis.disconnect();
  };
}
