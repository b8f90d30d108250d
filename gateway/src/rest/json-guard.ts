import type { IncomingMessage } from 'node:http';

/** Deepest nesting of arrays and objects a JSON body may have: every real form and filter stays far below. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The nesting depth of a JSON text (brackets inside strings do not count); one pass over the bytes. */
export function jsonDepth(buf: Buffer): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) max = depth;
      if (max > MAX_JSON_DEPTH) return max;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return max;
}

/**
 * body-parser's `verify` hook: refuses a body nested deeper than MAX_JSON_DEPTH before it is parsed, so a
 * small body of 100,000 brackets never reaches JSON.parse or any code walking the input (400, not a
 * stack overflow). The size limit is body-parser's own (BODY_LIMIT, 413).
 */
export function refuseDeepJson(_req: IncomingMessage, _res: unknown, buf: Buffer): void {
  if (jsonDepth(buf) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error(TOO_DEEP), { status: 400, type: 'entity.too.deep', expose: true });
  }
}
