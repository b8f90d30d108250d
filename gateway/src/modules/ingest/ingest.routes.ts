import type express from 'express';
import type { Router } from 'express';
import bytes from 'bytes';
import { z } from 'zod';
import { requestActor, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { bodyLines, IngestGate } from './ingest-body';
import { assertMayBulkIngest, getIngestStatus, ingestEvents, replayDeadLetters } from './ingest.service';

/** Bulk requests that may wait for the gate before the next is refused with 429. */
const INGEST_QUEUE = 64;

const ingestStatusAnswer = z
  .object({
    stream: z.string(),
    length: z.number(),
    pending: z.number(),
    undelivered: z.number(),
    consumers: z.array(z.object({ name: z.string(), pending: z.number(), idle_ms: z.number() })),
    processed: z.number(),
    duplicates: z.number(),
    rejected: z.number(),
    rejected_by_reason: z.record(z.string(), z.number()),
    invalid_by_reason: z
      .record(z.string(), z.number())
      .describe('hits of invalid traffic stored apart (never counted), by reason code: docs/invalid-traffic.md'),
    lag_ms: z.number(),
    watermark: z.string().nullable(),
    events_per_s: z.number(),
    last_batch_at: z.string().nullable(),
    collectors: z.array(z.object({ hostname: z.string(), pid: z.number(), hits: z.number(), spooled: z.number() })),
    spooled_bytes: z.number(),
    idle: z.boolean(),
    dead_letters: z.number().describe('entries set aside after non-transient failures'),
    dead_letter_error: z.string().nullable(),
  })
  .meta({ id: 'IngestStatus' });

/**
 * POST /api/ingest/events and GET /api/ingest/status (docs/design.md#collection and docs/design.md#running-it): through the shared signed-in
 * check, the rights and tag lookup in the ingest service. The check also runs before the body is read,
 * so a caller who may not ingest is refused without the server parsing megabytes for them.
 */
export function mountIngestRoutes(web: Router, app: AppContext): void {
  const mayIngestFirst: express.RequestHandler = (req, _res, next) => {
    requestActor(app, req)
      .then((actor) => assertMayBulkIngest(signedIn({ app, req, actor })))
      .then(() => next(), next);
  };

  // The body is read line by line inside the gate, not buffered whole before it (memory).
  // "20mb", "512kb", "1048576" (1 kb = 1024 bytes, as body-parser reads BODY_LIMIT): config.ts checked the form.
  const limit = bytes.parse(app.config.INGEST_BODY_LIMIT);
  if (limit === null) throw new Error(`INGEST_BODY_LIMIT is not a size: "${app.config.INGEST_BODY_LIMIT}"`);
  const gate = new IngestGate(app.config.INGEST_CONCURRENCY, INGEST_QUEUE);
  web.post(
    '/ingest/events',
    mayIngestFirst,
    route(app, (c) => gate.run(() => ingestEvents(c.app, signedIn(c), bodyLines(c.req, limit)))),
  );

  web.get(
    '/ingest/status',
    route(app, (c) => getIngestStatus(c.app, signedIn(c))),
  );

  web.post(
    '/ingest/dead-letters/replay',
    route(app, (c) => replayDeadLetters(c.app, signedIn(c))),
  );

  documentApi(
    {
      method: 'post',
      path: '/ingest/dead-letters/replay',
      operationId: 'replayDeadLetters',
      summary: 'Super admin: move every dead-lettered entry back into the stream (after fixing the cause)',
      tag: 'Ingest',
      response: z.object({ replayed: z.number().int() }),
      errors: { 401: 'Not signed in', 403: 'Not the super admin', 503: 'Stream unavailable' },
    },
    {
      method: 'post',
      path: '/ingest/events',
      operationId: 'ingestEvents',
      summary: 'Bulk ingest of impressions and site hits (NDJSON, one event per line)',
      tag: 'Ingest',
      body: z.string().describe('NDJSON lines {type, tag, ts, ip | household, region?, url?, id?}'),
      bodyType: 'application/x-ndjson',
      response: z.object({
        accepted: z.number(),
        rejected: z.number(),
        errors: z.array(z.object({ line: z.number(), reason: z.string() })),
      }),
      errors: {
        401: 'Not signed in (or the account is no longer active)',
        403: 'Not allowed to bulk-ingest',
        413: 'Body too large (INGEST_BODY_LIMIT)',
        429: 'More bulk requests waiting than the gateway queues (INGEST_CONCURRENCY at once, 64 waiting)',
        503: 'Stream unavailable',
      },
    },
    {
      method: 'get',
      path: '/ingest/status',
      operationId: 'getIngestStatus',
      summary: 'Ingest pipeline status: stream, pending, consumers, totals, lag, collectors, idle',
      tag: 'Ingest',
      response: ingestStatusAnswer,
      errors: { 401: 'Not signed in', 403: 'Not the super admin' },
    },
  );
}
