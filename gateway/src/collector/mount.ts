import type { Express } from 'express';
import type { AppContext } from '../shared/app-context';
import { setHitSink } from '../stream';
import { trustedProxies } from './client-ip';
import { Collector } from './collector';
import { pixelHandler } from './pixels';

/**
 * Mounts /t/i, /t/v and /t/s.js on the gateway (server.ts), and makes its collector the sink of bulk
 * ingest (/api/ingest/events, modules/ingest), so its heartbeat counts those hits too; the gateway stops
 * the collector it answers when it closes.
 */
export function mountCollectorRoutes(web: Express, app: AppContext): Collector {
  const collector = new Collector(app.config, app.redis, app.keys, app.log);
  collector.start();
  setHitSink(app, { take: (batch) => collector.takeEntries(batch) });
  const pixels = pixelHandler(collector, trustedProxies(app.config.TRUSTED_PROXIES));
  web.use('/t', (req, res, next) => {
    if (!pixels(req, res, req.originalUrl)) next();
  });
  return collector;
}
