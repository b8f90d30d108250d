import type { IncomingMessage, ServerResponse } from 'node:http';
import { geoOfIp } from '../geo/lookup';
import { clientIp, type TrustedProxies } from './client-ip';
import type { Collector } from './collector';
import { GIF, GIF_HEADERS, householdOfIp, newEventId, parseHousehold, TAG_KEY, type Hit } from './hit';
import { siteScript } from './site-script';
import { classifyRequest, loadCidrs } from '../shared/invalid-traffic';

const REGION = /^[A-Z]{2,3}$/;

/**
 * GET /t/i/{key} and /t/v/{key} (docs/design.md#collection): always the 43-byte GIF with no-store, whatever the
 * key; a malformed key is counted as rejected, never revealed. GET /t/s.js: the site tag script.
 * Plain node handlers, so the standalone collector runs them without Express.
 */
export function pixelHandler(collector: Collector, trusted: TrustedProxies) {
  const salt = collector.config.HOUSEHOLD_SALT;
  const script = siteScript(collector.config.PUBLIC_URL);
  const scriptHeaders = [
    'Content-Type',
    'application/javascript; charset=utf-8',
    'Cache-Control',
    'public, max-age=3600',
    'Content-Length',
    String(Buffer.byteLength(script)),
  ];
  const geo = geoCache();
  const datacenter = loadCidrs(collector.config.DATACENTER_CIDRS_FILE);
  return (req: IncomingMessage, res: ServerResponse, url = req.url ?? '/'): boolean => {
    // '/t/' by character codes: this runs for every request of the gateway.
    if (url.charCodeAt(0) !== 47 || url.charCodeAt(1) !== 116 || url.charCodeAt(2) !== 47) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const kind = url.charAt(3);
    if ((kind !== 'i' && kind !== 'v') || url.charCodeAt(4) !== 47) {
      if (url === '/t/s.js' || url.startsWith('/t/s.js?')) {
        res.writeHead(200, scriptHeaders);
        res.end(script);
        return true;
      }
      return false;
    }
    const qAt = url.indexOf('?', 5);
    const rawKey = qAt < 0 ? url.slice(5) : url.slice(5, qAt);
    if (rawKey.includes('/')) return false;
    const done = () => {
      res.writeHead(200, GIF_HEADERS);
      res.end(GIF);
    };
    const key = rawKey.includes('%') ? safeDecode(rawKey) : rawKey;
    if (key === null || !TAG_KEY.test(key)) {
      collector.hitLog.countRejected('bad_key');
      done();
      return true;
    }
    const query = qAt < 0 ? '' : url.slice(qAt + 1);
    const params = kind === 'v' || needsDecoding(query) ? new URLSearchParams(query) : null;
    const ip = clientIp(req, trusted);
    const hh = param(params, query, 'hh');
    const headers = req.headers;
    // Rules 1-5 of docs/invalid-traffic.md: the hit is still logged (counted per reason, stored apart), never counted.
    const invalid = classifyRequest(
      {
        gpc: headers['sec-gpc'] as string | undefined,
        userAgent: headers['user-agent'],
        secPurpose: headers['sec-purpose'] as string | undefined,
        purpose: headers['purpose'] as string | undefined,
        xMoz: headers['x-moz'] as string | undefined,
        ip,
      },
      datacenter,
    );
    // Sec-GPC: the person asked not to be tracked: the hit travels without its household.
    const household = invalid === 'gpc' ? '0' : (hh !== null && parseHousehold(hh)) || householdOfIp(salt, ip);
    const now = Date.now();
    const r = param(params, query, 'r');
    const u = kind === 'v' && params ? params.get('u') : null;
    const ref = kind === 'v' && params ? params.get('ref') : null;
    // Every field in one literal (absent ones undefined, which JSON leaves out): every pixel's hit has the
    // same shape, no property added after the fact (V8's slow paths for those showed in the profile).
    const hit: Hit = {
      i: newEventId(now),
      k: kind,
      t: key,
      ts: now,
      h: household,
      g: geo(ip),
      r: r && REGION.test(r) ? r : undefined,
      c: kind === 'i' && param(params, query, 'ctl') === '1' ? 1 : undefined,
      u: u ? u.slice(0, 2000) : undefined,
      f: ref ? ref.slice(0, 2000) : undefined,
      x: invalid ?? undefined,
    };
    collector.take(hit, done);
    return true;
  };
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/**
 * The query of a pixel. Impression pixels carry a few plain values (hh, r, cb): read in place,
 * without URLSearchParams (or any object per request), when nothing needs decoding; anything
 * encoded, and site hits (u, ref), go through URLSearchParams so decoding is exactly the standard
 * one. First occurrence wins, as there.
 */
const needsDecoding = (query: string) => query.charCodeAt(0) === 63 || query.includes('%') || query.includes('+');

function param(params: URLSearchParams | null, query: string, name: string): string | null {
  if (params) return params.get(name);
  let at = 0;
  while (at <= query.length) {
    const amp = query.indexOf('&', at);
    const end = amp < 0 ? query.length : amp;
    if (query.startsWith(name, at)) {
      const after = at + name.length;
      if (after === end) return '';
      if (query.charCodeAt(after) === 61) return query.slice(after + 1, end);
    }
    if (amp < 0) return null;
    at = amp + 1;
  }
  return null;
}

/** geoip-lite lookups of recent addresses (the same household sends many pixels); bounded. */
function geoCache(limit = 50_000): (ip: string) => string {
  let seen = new Map<string, string>();
  return (ip) => {
    let g = seen.get(ip);
    if (g === undefined) {
      g = geoOfIp(ip);
      if (seen.size >= limit) seen = new Map();
      seen.set(ip, g);
    }
    return g;
  };
}
