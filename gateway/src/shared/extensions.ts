import type { Express } from 'express';
import type { AppContext } from './app-context';

/**
 * Hooks the composition root runs: the collector's routes (/t and bulk ingest) and background
 * tasks (the ETL worker, heartbeats). A task starts itself and returns its stop function.
 */
export type BackgroundTask = (app: AppContext) => Promise<() => Promise<void>>;

export const backgroundTasks: BackgroundTask[] = [];

export function mountCollector(_web: Express, _app: AppContext): void {
  // The collector (issue: tag collection) mounts /t/i, /t/v, /t/s.js and /api/ingest here.
}
