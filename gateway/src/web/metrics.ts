import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { Gauge, Registry } from 'prom-client';
import type { AppContext } from '../shared/app-context';
import { processMetrics } from '../shared/metrics';
import { hitLogOf, spooledBytes } from '../stream';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the request carries the token (compared in constant time, on digests of equal length). */
function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

/**
 * The hit log's deployment-wide figures, read from the log when scraped (the same in every gateway): what
 * the ETL classified, what waits, how far behind it is. One registry per gateway (tests run several).
 */
function hitLogMetrics(app: AppContext): Registry {
  const register = new Registry();
  const log = hitLogOf(app);
  const gauges = {
    processed: new Gauge({
      name: 'infinitum_hits_classified_total',
      help: 'Hits the ETL committed, by outcome (stored, duplicate, rejected), over the whole deployment.',
      labelNames: ['outcome'] as const,
      registers: [register],
    }),
    lag: new Gauge({
      name: 'infinitum_etl_lag_seconds',
      help: 'Age of the oldest hit-log entry not yet committed (0 when the ETL is idle).',
      registers: [register],
    }),
    pending: new Gauge({
      name: 'infinitum_hit_log_pending_entries',
      help: 'Hit-log entries read by an ETL worker and not yet acknowledged.',
      registers: [register],
    }),
    undelivered: new Gauge({
      name: 'infinitum_hit_log_undelivered_entries',
      help: 'Hit-log entries no ETL worker has read yet.',
      registers: [register],
    }),
    dead: new Gauge({
      name: 'infinitum_hit_log_dead_letters',
      help: 'Entries the ETL set aside after non-transient failures.',
      registers: [register],
    }),
  };
  // One read of the log per scrape, shared by the gauges.
  let reading: Promise<void> | null = null;
  const refresh = () =>
    (reading ??= (async () => {
      try {
        const s = await log.status(spooledBytes(app.config.SPOOL_DIR));
        gauges.processed.set({ outcome: 'stored' }, s.processed);
        gauges.processed.set({ outcome: 'duplicate' }, s.duplicates);
        gauges.processed.set({ outcome: 'rejected' }, s.rejected);
        gauges.lag.set(s.lag_ms / 1000);
        gauges.pending.set(s.pending);
        gauges.undelivered.set(s.undelivered);
        gauges.dead.set(s.dead_letters);
      } finally {
        reading = null;
      }
    })());
  return Object.assign(register, { refresh });
}

/**
 * GET /metrics of the standalone collector (collector/main.ts, a plain HTTP server): this process's metrics
 * (pixels taken, memory, event loop), under the same METRICS_TOKEN; the hit log's deployment-wide figures are
 * the gateways'. Answers whether the request was its own.
 */
export function collectorMetrics(token: string | undefined) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return false;
    const json = (status: number, message: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify({ message }));
    };
    if (!token) json(404, 'Metrics are off: set METRICS_TOKEN to turn them on.');
    else if (!authorized(req, token))
      json(401, 'A metrics token is required.', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    else
      processMetrics.metrics().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': processMetrics.contentType, 'Cache-Control': 'no-store' });
          res.end(text);
        },
        () => json(500, 'Metrics could not be read.'),
      );
    return true;
  };
}

/**
 * GET /metrics in Prometheus's text format: this process's metrics (shared/metrics.ts) and the hit log's.
 * Protected by METRICS_TOKEN (a bearer token); without one configured it answers 404, so a deployment
 * never exposes it by accident (docs/security.md#metrics).
 */
export function mountMetrics(web: Express, app: AppContext): void {
  const token = app.config.METRICS_TOKEN;
  if (!token) {
    // Answered here, not left to the client's fallback (which would serve the app's page).
    web.get('/metrics', (_req, res) => {
      res.status(404).json({ message: 'Metrics are off: set METRICS_TOKEN to turn them on.' });
    });
    return;
  }
  const hitLog = hitLogMetrics(app) as Registry & { refresh(): Promise<void> };
  web.get('/metrics', (req, res, next) => {
    if (!authorized(req, token)) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer realm="metrics"')
        .json({ message: 'A metrics token is required.' });
      return;
    }
    (async () => {
      await hitLog.refresh();
      const merged = Registry.merge([processMetrics, hitLog]);
      res
        .set('Content-Type', merged.contentType)
        .set('Cache-Control', 'no-store')
        .send(await merged.metrics());
    })().catch(next);
  });
}
