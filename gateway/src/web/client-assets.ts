import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Express, NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Paths the single-page client never owns (the APIs, the collector, health). */
const NOT_CLIENT = /^\/(api\/|api$|graphql|t\/|healthz|readyz)/;

/**
 * Serves the built client: the build's own .br/.gz files as they are (no per-request compression),
 * hashed `/assets/` cached for a year as immutable, everything else (index.html, robots.txt) revalidated.
 * Every other GET that is not an API is a client route and answers index.html (history fallback), or for a
 * page the build drew a shell of (`shell/<page>.html`, client/src/app/page-shells.ts) that shell: the same
 * index.html with the page's header and heading already in it, painted before the scripts have loaded.
 */
export function mountClientAssets(web: Express, clientDist: string): boolean {
  if (!existsSync(join(clientDist, 'index.html'))) {
    // A gateway started before the client was built (a developer's checkout, a test run) still answers
    // the client's routes itself, with the gateway's headers, and says what is missing.
    web.use((req: Request, res: Response, next: NextFunction) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_CLIENT.test(req.path)) return next();
      res
        .status(503)
        .set('Cache-Control', 'no-store')
        .type('text/plain')
        .send('The web client is not built on this server: run `npm run build`, then restart the gateway.\n');
    });
    return false;
  }
  const serve = expressStaticGzip(clientDist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders(res, path) {
        res.setHeader(
          'Cache-Control',
          path.includes(`${join(clientDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    },
  });
  const shellDir = join(clientDist, 'shell');
  const shells = new Set(
    existsSync(shellDir)
      ? readdirSync(shellDir).flatMap((f) => (f.endsWith('.html') ? [`/${f.slice(0, -5)}`] : []))
      : [],
  );
  web.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (NOT_CLIENT.test(req.path)) return next();
    serve(req, res, () => {
      // Not a file of the build: a missing hashed asset is a 404, any other path is a client route.
      if (req.path.startsWith('/assets/')) return next();
      req.url = shells.has(req.path) ? `/shell${req.path}.html` : '/index.html';
      serve(req, res, next);
    });
  });
  return true;
}
