import type { Express, Request, Response } from 'express';
import { z } from 'zod';
import { documentApi } from '../rest/openapi';
import type { AppContext } from '../shared/app-context';
import { clientIp, trustedProxies } from './client-ip';
import { GIF, GIF_HEADERS } from './hit';
import { customerOfKey, donePage, NOT_FOUND, optOutPage, recordOptOut } from './opt-out';

/** The pixel's answer in the API document: a GIF image. */
const gifImage = z.string().meta({ id: 'GifImage', description: 'A 1x1 transparent GIF' });

/**
 * GET /api/optout?c={site tag key}: the opt-out pixel, for a customer's own privacy page. Always the 43-byte GIF
 * (an unknown key records nothing and is not revealed), never cached. Mounted beside the collector, before the
 * security headers: it is embedded in other sites' pages by design.
 */
export function mountOptOutPixel(web: Express, app: AppContext): void {
  const trusted = trustedProxies(app.config.TRUSTED_PROXIES);
  documentApi({
    method: 'get',
    path: '/optout',
    operationId: 'optOutPixel',
    summary:
      "The opt-out pixel for a customer's privacy page: records the requesting browser's household as opted out (docs/invalid-traffic.md). Always the 43-byte GIF, an unknown key included",
    tag: 'Privacy',
    auth: false,
    query: z.object({ c: z.string().meta({ description: 'A site tag key of the customer' }) }),
    response: gifImage,
    responseType: 'image/gif',
  });
  web.get('/api/optout', (req: Request, res: Response, next) => {
    const key = typeof req.query.c === 'string' ? req.query.c : '';
    customerOfKey(app, key)
      .then(async (c) => {
        if (c) await recordOptOut(app, c.id, clientIp(req, trusted));
        res.writeHead(200, GIF_HEADERS);
        res.end(GIF);
      })
      .catch(next);
  });
}

/** GET /optout/{site tag key}: the customer's public opt-out page; POST: its button. No sign-in. */
export function mountOptOutPage(web: Express, app: AppContext): void {
  const trusted = trustedProxies(app.config.TRUSTED_PROXIES);
  const html = (res: Response, status: number, body: string) =>
    res.status(status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).send(body);
  web.get('/optout/:key', (req: Request<{ key: string }>, res, next) => {
    customerOfKey(app, req.params.key)
      .then((c) => (c ? html(res, 200, optOutPage(c.name, req.params.key)) : html(res, 404, NOT_FOUND)))
      .catch(next);
  });
  web.post('/optout/:key', (req: Request<{ key: string }>, res, next) => {
    customerOfKey(app, req.params.key)
      .then(async (c) => {
        if (!c) return html(res, 404, NOT_FOUND);
        await recordOptOut(app, c.id, clientIp(req, trusted));
        html(res, 200, donePage(c.name));
      })
      .catch(next);
  });
}
