import { createServer } from 'node:http';
import { ConfigError, loadConfig } from '../config';
import { loadGeo } from '../geo/lookup';
import { createLogger } from '../shared/logger';
import { createRedis, redisKeys } from '../shared/redis';
import { collectorMetrics } from '../web/metrics';
import { trustedProxies } from './client-ip';
import { Collector } from './collector';
import { pixelHandler } from './pixels';

/**
 * The collector alone (pixels and the site script), for running many behind a load balancer:
 * `node gateway/dist/collector/main.js`. Bulk ingest and status stay on the gateway (they need auth).
 */
function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const redis = createRedis(config, 'collector');
  redis.on('error', () => undefined);
  const collector = new Collector(config, redis, redisKeys(config.REDIS_PREFIX), log);
  collector.start();
  // The geo table before the first pixel rather than during it (~1 s of reading and merging).
  loadGeo();
  const pixels = pixelHandler(collector, trustedProxies(config.TRUSTED_PROXIES));
  const metrics = collectorMetrics(config.METRICS_TOKEN);
  const server = createServer((req, res) => {
    if (pixels(req, res)) return;
    if (metrics(req, res)) return;
    if (req.url === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"status":"ok"}');
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
  });
  server.keepAliveTimeout = 65_000;
  server.listen(config.PORT, () => log.info({ port: config.PORT }, 'collector listening'));
  // No new connections; the pixels in flight are answered (their hits streamed or spooled), then it leaves.
  const stop = () => {
    server.close(() => {
      void collector.stop().finally(() => {
        redis.disconnect();
        process.exit(0);
      });
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

try {
  main();
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
}
