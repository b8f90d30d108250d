import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from './config';

/** The map tile hosts of MAP_TILE_HOSTS (comma-separated CSP sources). */
export const tileHostsOf = (config: Config): string[] =>
  config.MAP_TILE_HOSTS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Security headers of every answer but the collector's (helmet). The Content-Security-Policy is the one
 * the built client runs under: scripts only from the gateway itself (no inline script, no eval); styles
 * from itself plus inline <style> elements, which Chakra's emotion inserts at run time; images from
 * itself, data: URLs (Leaflet's icons), blob: URLs (a chart drawn to PNG for download) and the map tile hosts; every fetch to the gateway itself. No
 * framing anywhere (clickjacking), no MIME sniffing, no Referer (reset and invitation links carry tokens
 * in their URL), and HSTS only when the public address is https (a plain-http deployment would lock itself out).
 */
export function securityHeaders(config: Config): RequestHandler {
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileHostsOf(config)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}
