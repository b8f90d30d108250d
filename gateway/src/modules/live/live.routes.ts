import type { Router } from 'express';
import { z } from 'zod';
import { idParam, requestActor, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { unauthenticated } from '../../shared/errors';
import { assertCustomerVisible } from '../access/customer-scope';
import { LiveHub, liveSnapshot, type LiveSnapshot } from './live.service';

const tag = 'Live';
/** How often a customer's feed reads the committed events (one reader per customer per gateway). */
export const LIVE_TICK_MS = 1000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const hubs = new WeakMap<AppContext, LiveHub>();
const hubOf = (app: AppContext) => {
  let hub = hubs.get(app);
  if (!hub) {
    hub = new LiveHub(app.ds.manager, LIVE_TICK_MS);
    hubs.set(app, hub);
  }
  return hub;
};

const liveSnapshotSchema = z
  .object({
    customer_id: z.number(),
    as_of: z.string(),
    minutes: z.array(
      z.object({ minute: z.string(), impressions: z.number(), hits: z.number(), responses: z.number() }),
    ),
    impressions: z.number(),
    hits: z.number(),
    responses: z.number(),
    tags: z.array(
      z.object({
        kind: z.enum(['impression', 'site']),
        id: z.number(),
        name: z.string(),
        hits: z.number(),
        last_hit: z.string(),
      }),
    ),
    received: z
      .object({ impression: z.array(z.number()), site: z.array(z.number()) })
      .describe('Ids of the customer\'s tags that have ever received a hit (Campaign management: "Receiving")'),
  })
  .meta({ id: 'LiveSnapshot' });

/**
 * The live view (docs/design.md#live-view): a snapshot, and a server-sent event stream that pushes a new
 * snapshot whenever the committed figures change. Both authenticated like every call and scoped to customers
 * the caller sees (another tenant's: 404 before any event is sent).
 */
export function mountLiveRoutes(router: Router, app: AppContext): void {
  router.get(
    '/live/:customerId',
    route(app, (c) => liveSnapshot(c.app, signedIn(c), idParam(c.req, 'customerId'))),
  );
  router.get('/live/:customerId/stream', (req, res, next) => {
    void (async () => {
      const actor = await requestActor(app, req);
      if (!actor) throw unauthenticated();
      const customerId = idParam(req, 'customerId');
      await assertCustomerVisible(app.ds.manager, actor, customerId);
      res.status(200);
      res.setHeader('content-type', 'text/event-stream; charset=utf-8');
      res.setHeader('cache-control', 'no-cache, no-transform');
      res.setHeader('x-accel-buffering', 'no');
      res.flushHeaders();
      res.write('retry: 2000\n\n');
      const send = (s: LiveSnapshot) => res.write(`event: snapshot\ndata: ${JSON.stringify(s)}\n\n`);
      const stop = hubOf(app).subscribe(customerId, send);
      const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      res.on('close', () => {
        clearInterval(beat);
        stop();
      });
    })().catch(next);
  });
  documentApi(
    {
      method: 'get',
      path: '/live/:customerId',
      operationId: 'getLiveSnapshot',
      summary: 'The last 30 minutes per minute (impressions, site hits, live responses) and the tags that fired',
      tag,
      response: liveSnapshotSchema,
      errors: { 404: 'Customer not found (or not visible)' },
    },
    {
      method: 'get',
      path: '/live/:customerId/stream',
      operationId: 'streamLive',
      summary:
        'Server-sent events: `event: snapshot` with a LiveSnapshot at once and whenever the figures change (Authorization header as every call)',
      tag,
      response: liveSnapshotSchema,
      errors: { 404: 'Customer not found (or not visible)' },
    },
  );
}
