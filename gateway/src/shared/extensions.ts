import type { Express } from 'express';
import { mountCollectorRoutes } from '../collector/mount';
import { startEtlWorker } from '../etl/task';
import type { AppContext } from './app-context';

/**
 * Hooks the composition root runs: the collector's routes (/t and bulk ingest) and background
 * tasks (the ETL worker, heartbeats). A task starts itself and returns its stop function.
 */
export type BackgroundTask = (app: AppContext) => Promise<() => Promise<void>>;

export const backgroundTasks: BackgroundTask[] = [startEtlWorker];

export function mountCollector(web: Express, app: AppContext): void {
  mountCollectorRoutes(web, app);
}
