import type { Request, Response, Router } from 'express';
import { z } from 'zod';

/** A page for people (documented as text/html). */
export const htmlPage = z.string().meta({ id: 'HtmlPage' });

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A small server-rendered page (no script: the gateway's CSP forbids inline scripts anyway). */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Infinitum</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a202c}
h1{font-size:1.4rem}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:0;background:#2b6cb0;color:#fff;cursor:pointer}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export interface UnsubscribeCopy {
  /** What the link unsubscribes from, e.g. "this alert". */
  what: string;
}

/**
 * Mounts the two halves of an unsubscribe link at `path` (docs/api.md#alerts): GET only shows a confirmation
 * page with a button, so a mail scanner prefetching the link unsubscribes nobody; POST (the button, or a mail
 * client's RFC 8058 one-click `List-Unsubscribe=One-Click`) unsubscribes and says so. A link that is not valid
 * answers 400 with a page saying so.
 */
export function mountUnsubscribe(
  router: Router,
  path: string,
  copy: UnsubscribeCopy,
  valid: (token: unknown) => boolean,
  unsubscribe: (token: unknown) => Promise<unknown>,
): void {
  const send = (res: Response, status: number, html: string) =>
    res.status(status).setHeader('Cache-Control', 'no-store').type('html').send(html);
  const invalid = (res: Response) =>
    send(res, 400, page('This unsubscribe link is not valid', '<p>Open the link from the latest email again.</p>'));
  const handlers = {
    confirm(req: Request, res: Response) {
      const token = req.query.token;
      if (!valid(token)) return invalid(res);
      const action = `?token=${encodeURIComponent(String(token))}`;
      send(
        res,
        200,
        page(
          `Unsubscribe from ${copy.what}?`,
          `<p>You will no longer receive ${escapeHtml(copy.what)} by email.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`,
        ),
      );
    },
    async unsubscribe(req: Request, res: Response) {
      const token = req.query.token;
      if (!valid(token)) return invalid(res);
      await unsubscribe(token);
      send(
        res,
        200,
        page('You are unsubscribed', `<p>You will no longer receive ${escapeHtml(copy.what)} by email.</p>`),
      );
    },
  };
  router.get(path, handlers.confirm);
  router.post(path, (req, res, next) => {
    handlers.unsubscribe(req, res).catch(next);
  });
}
