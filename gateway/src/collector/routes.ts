import express, { type Express } from 'express';
import { z } from 'zod';
import { actorFromAuthorization } from '../modules/auth/access-token';
import { documentApi } from '../rest/openapi';
import type { AppContext } from '../shared/app-context';
import { DomainError, forbidden, unauthenticated } from '../shared/errors';
import { isSuperAdmin } from '../shared/roles';
import type { Collector } from './collector';
import { parseLines } from './ingest-lines';
import { ingestStatus } from './status';
import { countRejected } from './stream';

/** POST /api/ingest/events and GET /api/ingest/status: super admin only (DESIGN 3 and 5). */
export function mountIngestRoutes(web: Express, app: AppContext, collector: Collector): void {
  const superAdminOnly: express.RequestHandler = (req, _res, next) => {
    try {
      const actor = actorFromAuthorization(app.config.JWT_SECRET, req.headers.authorization);
      if (!actor) throw unauthenticated();
      if (!isSuperAdmin(actor)) throw forbidden();
      next();
    } catch (e) {
      next(e);
    }
  };

  web.post(
    '/api/ingest/events',
    superAdminOnly,
    express.text({ type: () => true, limit: app.config.INGEST_BODY_LIMIT }),
    (req, res, next) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const parsed = parseLines(body, app.config.HOUSEHOLD_SALT);
      knownTags(app, parsed.hits)
        .then(async (known) => {
          const hits = [];
          for (let n = 0; n < parsed.hits.length; n++) {
            const h = parsed.hits[n];
            if (known.has(`${h.k}:${h.t}`)) hits.push(h);
            else {
              parsed.rejected++;
              if (parsed.errors.length < 1000) parsed.errors.push({ line: parsed.lines[n], reason: 'unknown tag' });
            }
          }
          parsed.errors.sort((a, b) => a.line - b.line);
          try {
            await collector.takeMany(hits);
          } catch (e) {
            app.log.warn({ err: e }, 'bulk ingest: stream unavailable');
            throw new DomainError('UNAVAILABLE', 'Ingest is unavailable right now; retry later.', undefined, 5);
          }
          if (parsed.rejected) countRejected(collector.redis, collector.keys, 'invalid_line', parsed.rejected);
          res.json({ accepted: hits.length, rejected: parsed.rejected, errors: parsed.errors });
        })
        .catch(next);
    },
  );

  web.get('/api/ingest/status', superAdminOnly, (_req, res, next) => {
    ingestStatus(app.redis, app.keys, collector.spool).then((s) => res.json(s), next);
  });

  documentApi(
    {
      method: 'post',
      path: '/ingest/events',
      summary: 'Bulk ingest of impressions and site hits (NDJSON, one event per line)',
      tag: 'Ingest',
      body: z.string().describe('NDJSON lines {type, tag, ts, ip | household, region?, url?, id?}'),
      response: z.object({
        accepted: z.number(),
        rejected: z.number(),
        errors: z.array(z.object({ line: z.number(), reason: z.string() })),
      }),
      errors: { 401: 'Not signed in', 403: 'Not the super admin', 413: 'Body too large', 503: 'Stream unavailable' },
    },
    {
      method: 'get',
      path: '/ingest/status',
      summary: 'Ingest pipeline status: stream, pending, consumers, totals, lag, collectors, idle',
      tag: 'Ingest',
      errors: { 401: 'Not signed in', 403: 'Not the super admin' },
    },
  );
}

/** "i:key" / "v:key" of the tag keys in the hits that exist. */
async function knownTags(app: AppContext, hits: { k: 'i' | 'v'; t: string }[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const [kind, table] of [
    ['i', 'impression_tag'],
    ['v', 'site_tag'],
  ] as const) {
    const keys = [...new Set(hits.filter((h) => h.k === kind).map((h) => h.t))];
    for (let i = 0; i < keys.length; i += 1000) {
      const rows: { tag_key: string }[] = await app.ds.query(`SELECT tag_key FROM ${table} WHERE tag_key IN (?)`, [
        keys.slice(i, i + 1000),
      ]);
      for (const r of rows) known.add(`${kind}:${r.tag_key}`);
    }
  }
  return known;
}
