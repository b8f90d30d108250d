import express, { Router } from 'express';
import type { AppContext } from '../shared/app-context';
import { errorHandler } from './http';
import { refuseDeepJson } from './json-guard';
import { type ApiSecurity, openApiDocument } from './openapi';
import type { MountRoutes } from '../shared/module';

/**
 * The /api adapter: JSON with a size limit, each module's routes (in the given order), then one error
 * handler. `security` documents who may call each operation (the composition root passes the API key rules).
 */
export function createRestRouter(app: AppContext, mounts: readonly MountRoutes[], security?: ApiSecurity): Router {
  const router = Router();
  router.use(jsonBody(app.config.BODY_LIMIT));
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument('3.1.0', security));
  });
  for (const mount of mounts) mount(router, app);
  router.use((req, res) => {
    res.status(404).json({ message: `No such endpoint: ${req.method} ${req.baseUrl}${req.path}` });
  });
  router.use(errorHandler(app));
  return router;
}

/** JSON bodies: objects and arrays only, BODY_LIMIT in size (413), MAX_JSON_DEPTH deep (400). */
export const jsonBody = (limit: string) => express.json({ limit, strict: true, verify: refuseDeepJson });
