import type { Express } from 'express';
import type { AppContext } from '../shared/app-context';
import { trustedProxies } from './client-ip';
import { Collector } from './collector';
import { pixelHandler } from './pixels';
import { mountIngestRoutes } from './ingest.routes';

/**
 * Mounts /t/i, /t/v, /t/s.js and /api/ingest/* on the gateway (server.ts); the gateway stops the
 * collector it answers when it closes.
 */
export function mountCollectorRoutes(web: Express, app: AppContext): Collector {
  const collector = new Collector(app.config, app.redis, app.keys, app.log);
  collector.start();
  const pixels = pixelHandler(collector, trustedProxies(app.config.TRUSTED_PROXIES));
  web.use('/t', (req, res, next) => {
    if (!pixels(req, res, req.originalUrl)) next();
  });
  mountIngestRoutes(web, app, collector);
  return collector;
}
