/** The hit itself and its codec live with the hit log (stream/hit.ts); here the pixel's answer. */
export { EVENT_ID, householdOfIp, newEventId, parseHousehold, TAG_KEY, type Hit } from '../stream/hit';

/** 43-byte transparent 1x1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/**
 * Headers of every pixel answer, built once (a flat [name, value, ...] list writeHead takes as is). The
 * ingest bench's bare Node server answers with the same list, so the two compare the same bytes.
 */
export const GIF_HEADERS = [
  'Content-Type',
  'image/gif',
  'Content-Length',
  String(GIF.length),
  'Cache-Control',
  'no-store, no-cache, must-revalidate',
  'Pragma',
  'no-cache',
];
