import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics (GET /metrics, docs/operations.md#metrics): what it did itself since it
 * started. The deployment-wide figures of the hit log (processed, lag, dead letters) are read from the log
 * when scraped (web/metrics.ts), so every gateway reports the same, exact numbers for them.
 */
export const processMetrics = new Registry();

collectDefaultMetrics({ register: processMetrics, prefix: 'infinitum_' });

/**
 * Hits this process took in, counted as plain numbers (a pixel costs microseconds of collector CPU; a
 * labelled counter's increment per pixel would show), turned into the counter when scraped.
 */
export const hitsTaken = { pixel: 0, bulk: 0 };

new Counter({
  name: 'infinitum_hits_received_total',
  help: 'Hits this process took in (pixels and bulk ingest), before the hit log.',
  labelNames: ['via'] as const,
  registers: [processMetrics],
  collect() {
    this.reset();
    this.inc({ via: 'pixel' }, hitsTaken.pixel);
    this.inc({ via: 'bulk' }, hitsTaken.bulk);
  },
});

export const etlBatchSeconds = new Histogram({
  name: 'infinitum_etl_batch_seconds',
  help: "Time an ETL batch took to write and acknowledge, by outcome ('committed' or 'failed').",
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [processMetrics],
});

export const etlBatchHits = new Counter({
  name: 'infinitum_etl_hits_committed_total',
  help: 'Hits in the ETL batches this process committed (duplicates included).',
  registers: [processMetrics],
});

export const dashboardCallSeconds = new Histogram({
  name: 'infinitum_dashboard_call_seconds',
  help: 'Latency of the dashboard calls (REST and GraphQL alike), by call and outcome.',
  labelNames: ['call', 'outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});
