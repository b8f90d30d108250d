import type { GatewayModule } from '../shared/module';
import { startEtlWorker } from './task';

/** The ETL worker, run inside the gateway when WORKER=1 (or alone: `npm run worker`). */
export const etlModule: GatewayModule = {
  name: 'etl',
  tasks: [startEtlWorker],
};
