import { createHash } from 'node:crypto';
import type { ChainableCommander, default as Redis } from 'ioredis';
import type { RedisKeys } from '../../shared/redis';
import type { Hit } from '../hit';
import { HITS_PER_ENTRY, shardOf } from '../shards';
import { streamKeys } from './keys';

/** Creates the consumer group (and the stream) of every shard when missing; safe to call from every process. */
export async function ensureGroup(redis: Redis, keys: RedisKeys, shards: number): Promise<void> {
  const k = streamKeys(keys);
  const pipe = redis.pipeline();
  for (let n = 0; n < shards; n++) pipe.xgroup('CREATE', k.shard(n), k.group, '0', 'MKSTREAM');
  for (const [err] of (await pipe.exec()) ?? []) {
    if (err && !String(err.message).includes('BUSYGROUP')) throw err;
  }
}

/** XADDs each ARGV entry (a JSON array of hits) to the stream of the same position in KEYS. */
const APPEND_ALL = `for i = 1, #KEYS do redis.call('XADD', KEYS[i], '*', 'h', ARGV[i]) end return #KEYS`;
const APPEND_ALL_SHA = createHash('sha1').update(APPEND_ALL).digest('hex');

/**
 * Appends hits to their households' shard streams, at most `perEntry` hits an entry (each entry a JSON
 * array), all in one round trip.
 */
export async function appendHits(
  redis: Redis,
  keys: RedisKeys,
  shards: number,
  hits: Hit[],
  perEntry = HITS_PER_ENTRY,
): Promise<void> {
  await appendEntries(redis, entriesOf(shardNames(keys, shards), hits, perEntry));
}

/** The shard streams' names, built once per RedisKeys (a pixel flush needs them every time). */
const namesOf = new WeakMap<RedisKeys, string[]>();
export function shardNames(keys: RedisKeys, shards: number): string[] {
  let names = namesOf.get(keys);
  if (!names || names.length !== shards) {
    const k = streamKeys(keys);
    names = Array.from({ length: shards }, (_, n) => k.shard(n));
    namesOf.set(keys, names);
  }
  return names;
}

/**
 * The stream entries of a list of hits: grouped by shard (`names`, one per shard), at most `perEntry`
 * hits an entry, each entry one JSON.stringify of its hits (the pixel flush's path: one call per shard, not
 * one per hit).
 */
export function entriesOf(names: string[], hits: Hit[], perEntry = HITS_PER_ENTRY): Entries {
  const byShard: Hit[][] = [];
  const out: Entries = { streams: [], entries: [] };
  for (const hit of hits) {
    const n = shardOf(String(hit?.h), names.length);
    const list = byShard[n];
    if (list) list.push(hit);
    else byShard[n] = [hit];
  }
  byShard.forEach((list, n) => {
    for (let i = 0; i < list.length; i += perEntry) {
      out.streams.push(names[n]);
      out.entries.push(JSON.stringify(list.length <= perEntry ? list : list.slice(i, i + perEntry)));
    }
  });
  return out;
}

/** Stream entries ready to append: the stream of each, and its JSON array of hits. */
export interface Entries {
  streams: string[];
  entries: string[];
}

/**
 * Appends entries in one round trip. Entries for several streams go as one script call: a pixel flush
 * spreads its few dozen hits over up to ETL_SHARDS streams, and one command instead of one XADD each
 * is what the collector's per-request CPU notices.
 */
export async function appendEntries(redis: Redis, { streams, entries }: Entries): Promise<void> {
  if (streams.length === 0) return;
  if (streams.length === 1) {
    await redis.xadd(streams[0], '*', 'h', entries[0]);
  } else if (streams.length <= SCRIPT_ENTRIES) {
    // By its digest: Redis neither receives nor hashes the script's text each time; sent in full once it
    // has forgotten it (a restart, SCRIPT FLUSH).
    await redis.evalsha(APPEND_ALL_SHA, streams.length, ...streams, ...entries).catch((e: unknown) => {
      if (!String((e as Error)?.message).startsWith('NOSCRIPT')) throw e;
      return redis.eval(APPEND_ALL, streams.length, ...streams, ...entries);
    });
  } else {
    // A spool replay or a big bulk request: pipelined, so Redis is never blocked by one long script.
    const pipe = redis.pipeline();
    streams.forEach((stream, i) => pipe.xadd(stream, '*', 'h', entries[i]));
    for (const [err] of (await pipe.exec()) ?? []) if (err) throw err;
  }
}

/** Up to this many entries go as one script call. */
const SCRIPT_ENTRIES = 64;

/** Queues the XADDs of appendHits on a pipeline or MULTI of the caller's. */
export function queueHits(
  pipe: ChainableCommander,
  keys: RedisKeys,
  shards: number,
  hits: Hit[],
  perEntry = HITS_PER_ENTRY,
): void {
  const { streams, entries } = entriesOf(shardNames(keys, shards), hits, perEntry);
  streams.forEach((stream, i) => pipe.xadd(stream, '*', 'h', entries[i]));
}

/**
 * The stream entries of hits added one by one: grouped by household shard, at most `perEntry` hits an
 * entry, in the order added within a shard. Each hit is encoded as it is added (the entry is the JSON
 * array of them, as JSON.stringify of the list would write it), so the hit objects die young whatever goes
 * through: bulk ingest streams its body through one of these, and what it holds is the encoded entries,
 * not the parsed lines.
 */
export class StreamEntries {
  private readonly pending = new Map<number, string[]>();
  private readonly done: Entries = { streams: [], entries: [] };
  private readonly names: string[];
  /** Hits added so far. */
  count = 0;

  constructor(
    keys: RedisKeys,
    private readonly shards: number,
    private readonly perEntry = HITS_PER_ENTRY,
  ) {
    this.names = shardNames(keys, shards);
  }

  add(hit: Hit): void {
    this.count++;
    const n = shardOf(String(hit?.h), this.shards);
    let list = this.pending.get(n);
    if (!list) this.pending.set(n, (list = []));
    list.push(JSON.stringify(hit));
    if (list.length >= this.perEntry) {
      this.encode(n, list);
      this.pending.delete(n);
    }
  }

  /** Every entry, the partly filled ones included. */
  finish(): Entries {
    for (const [n, list] of this.pending) this.encode(n, list);
    this.pending.clear();
    return this.done;
  }

  private encode(n: number, list: string[]): void {
    this.done.streams.push(this.names[n]);
    this.done.entries.push(`[${list.join(',')}]`);
  }
}
