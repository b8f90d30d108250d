import { startEtlWorker } from '../etl/task';
import { startTokenPurge } from '../modules/auth/token-purge';
import type { AppContext } from './app-context';

/**
 * Background tasks the composition root runs (the ETL worker, heartbeats). A task starts itself and
 * returns its stop function.
 */
export type BackgroundTask = (app: AppContext) => Promise<() => Promise<void>>;

export const backgroundTasks: BackgroundTask[] = [startEtlWorker, startTokenPurge];
