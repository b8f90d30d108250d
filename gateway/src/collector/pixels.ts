import type { IncomingMessage, ServerResponse } from 'node:http';
import { geoOfIp } from '../geo/lookup';
import { clientIp, type TrustedProxies } from './client-ip';
import type { Collector } from './collector';
import { GIF, householdOfIp, newEventId, parseHousehold, TAG_KEY, type Hit } from './hit';
import { countRejected } from './stream';
import { siteScript } from './site-script';

/**
 * GET /t/i/{key} and /t/v/{key} (DESIGN 3): always the 43-byte GIF with no-store, whatever the
 * key; a malformed key is counted as rejected, never revealed. GET /t/s.js: the site tag script.
 * Plain node handlers, so the standalone collector runs them without Express.
 */
export function pixelHandler(collector: Collector, trusted: TrustedProxies) {
  const salt = collector.config.HOUSEHOLD_SALT;
  const script = siteScript(collector.config.PUBLIC_URL);
  return (req: IncomingMessage, res: ServerResponse, url = req.url ?? '/'): boolean => {
    if (!url.startsWith('/t/') || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    if (url === '/t/s.js' || url.startsWith('/t/s.js?')) {
      res.writeHead(200, {
        'Content-Type': 'application/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
        'Content-Length': Buffer.byteLength(script),
      });
      res.end(script);
      return true;
    }
    const m = /^\/t\/([iv])\/([^/?]*)(?:\?(.*))?$/.exec(url);
    if (!m) return false;
    const kind = m[1] as 'i' | 'v';
    const key = decodeURIComponent(m[2]);
    const done = () => {
      res.writeHead(200, {
        'Content-Type': 'image/gif',
        'Content-Length': GIF.length,
        'Cache-Control': 'no-store, no-cache, must-revalidate',
        Pragma: 'no-cache',
      });
      res.end(GIF);
    };
    if (!TAG_KEY.test(key)) {
      countRejected(collector.redis, collector.keys, 'bad_key');
      done();
      return true;
    }
    const q = new URLSearchParams(m[3] ?? '');
    const ip = clientIp(req, trusted);
    const hh = q.get('hh');
    const household = (hh !== null && parseHousehold(hh)) || householdOfIp(salt, ip);
    const now = Date.now();
    const hit: Hit = { i: newEventId(now), k: kind, t: key, ts: now, h: household, g: geoOfIp(ip) };
    const r = q.get('r');
    if (r && /^[A-Z]{2,3}$/.test(r)) hit.r = r;
    if (kind === 'v') {
      const u = q.get('u');
      const ref = q.get('ref');
      if (u) hit.u = u.slice(0, 2000);
      if (ref) hit.f = ref.slice(0, 2000);
    }
    collector.take(hit).then(done, done);
    return true;
  };
}
