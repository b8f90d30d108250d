import type { IncomingMessage } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { DomainError } from '../../shared/errors';

/**
 * The NDJSON body of a bulk ingest request, read as it arrives (memory): lines come out in
 * batches of `batch`, and the next bytes are read only once the caller asks for the next batch, so TCP
 * holds back a sender faster than the stream takes its lines. Lines are split on '\n' exactly as
 * `body.split('\n')` would (a '\r' before it is trimmed by the line parser). Bodies in gzip, deflate or br
 * are inflated, as body-parser did; the limit counts inflated bytes (a Content-Length over it is refused
 * before reading).
 */
export async function* bodyLines(req: IncomingMessage, limit: number, batch = 2000): AsyncGenerator<string[]> {
  if (Number(req.headers['content-length']) > limit) throw tooLarge();
  const inflate = inflater(req);
  const body: Readable = inflate ? req.pipe(inflate) : req;
  const decoder = new StringDecoder('utf8');
  let size = 0;
  let lines: string[] = [];
  // The line being read, in parts: a line longer than a chunk is joined once, when its end comes.
  let partial: string[] = [];
  try {
    // Not destroyed on an early return (a 413, a failed batch): the answer still goes out on the socket.
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw tooLarge();
      const text = decoder.write(chunk);
      let at = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', at)) {
        partial.push(text.slice(at, nl));
        lines.push(partial.length === 1 ? partial[0] : partial.join(''));
        partial = [];
        at = nl + 1;
      }
      if (at < text.length) partial.push(text.slice(at));
      if (lines.length >= batch) {
        yield lines;
        lines = [];
      }
    }
    partial.push(decoder.end());
    lines.push(partial.join(''));
    yield lines;
  } finally {
    if (inflate) req.unpipe(inflate);
  }
}

const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', 'Request body is too large.');

function inflater(req: IncomingMessage): Transform | null {
  const encoding = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decompress =
    encoding === 'gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (decompress || encoding === 'identity') return decompress;
  throw new DomainError('BAD_REQUEST', `Unsupported content encoding "${encoding}".`);
}

/**
 * At most `limit` bulk bodies are read at once; the others wait their turn having read nothing (TCP holds
 * their bytes back), and past `queue` waiting the next is refused with 429 and Retry-After. So the
 * gateway's memory for bulk ingest is bounded by `limit` bodies in progress, whatever the senders do.
 */
export class IngestGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly queue: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.queue)
        throw new DomainError('TOO_MANY_REQUESTS', 'Too many bulk ingest requests at once; retry later.', undefined, 1);
      await new Promise<void>((r) => this.waiting.push(r));
    } else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line (active stays the same), else it is freed.
      if (next) next();
      else this.active--;
    }
  }
}
