import type { Router } from 'express';
import type { AppContext } from './app-context';

/** A module's /api routes: mounted on the REST router in the order of the composition root's list. */
export type MountRoutes = (router: Router, app: AppContext) => void;

/** A background task (the ETL worker, a purge): starts itself and returns its stop function. */
export type BackgroundTask = (app: AppContext) => Promise<() => Promise<void>>;

/**
 * What a feature module contributes to the gateway. Each `modules/<x>/index.ts` exports one; the composition
 * root (`gateway/src/modules.ts`) lists them, and db/, graphql/, rest/ and shared/ never import a module.
 */
export interface GatewayModule {
  name: string;
  /** TypeORM entity classes (tables written through repositories; event tables are plain SQL). */
  entities?: Function[];
  /** type-graphql resolver classes. */
  resolvers?: Function[];
  /** /api routes, mounted in list order. */
  routes?: MountRoutes[];
  /** Background tasks, run when the process runs the worker (WORKER=1). */
  tasks?: BackgroundTask[];
}
