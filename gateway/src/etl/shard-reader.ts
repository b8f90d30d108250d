import type { HitLogReader, LogEntry } from '../stream';
import { turn } from '../shared/memo';
import { parseEntry } from './entries';
import type { ShardLeases } from './leases';

/** Entries a read ahead parses between turns of the event loop (~4,000 hits of bulk entries). */
const YIELD_ENTRIES = 8;

/** Entries per read (shared out over the shards read). */
const READ_COUNT = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Read = LogEntry;

/**
 * The worker's reading step: which shards it reads (its leases' fair share, rebalanced every second or
 * so), the pending entries of shards it took over and of its own failed reads (claimed), then new entries
 * up to a batch's worth of hits.
 */
export class ShardReader {
  /** Shards taken over whose pending entries are still to claim, with the claim cursor. */
  private readonly recovering = new Map<number, string | undefined>();
  private lastClaim = 0;
  private lastBalance = 0;
  private lastLegacyCheck = 0;

  constructor(
    private readonly reader: HitLogReader,
    private readonly leases: ShardLeases,
    private readonly claimMs: number,
    private readonly batchHits: number,
  ) {}

  /** What this worker reads now: its shards, and the source older than shards while it exists. */
  sources(): (number | null)[] {
    return this.reader.sources([...this.leases.owned].sort((a, b) => a - b));
  }

  /** Every second or so: fair share of the shards, and whether the stream before partitioning is still there. */
  async balance(): Promise<void> {
    const now = Date.now();
    if (now - this.lastBalance >= Math.min(1000, this.claimMs / 3)) {
      this.lastBalance = now;
      for (const n of await this.leases.balance()) this.recovering.set(n, undefined);
      for (const n of this.recovering.keys()) if (!this.leases.owned.has(n)) this.recovering.delete(n);
    }
    if (now - this.lastLegacyCheck >= 5000) {
      this.lastLegacyCheck = now;
      await this.reader.discover();
    }
  }

  /** Pending entries of `source` idle at least `minIdle` ms, to this worker, from `cursor`; answers the next cursor. */
  private async claim(
    source: number | null,
    minIdle: number,
    cursor: string | undefined,
    into: Read[],
    inHand?: Set<string>,
  ): Promise<string | null> {
    const claimed = await this.reader.claim(source, minIdle, READ_COUNT, cursor);
    for (const r of claimed.entries) if (!inHand?.has(r.ledgerId)) into.push(r);
    return claimed.next;
  }

  /**
   * Pending entries of shards taken over, then of this worker's own failed reads, then new ones. While a
   * batch is being written (`inHand`, its ledger ids) the shares are left alone (they change only between
   * batches) and the entries in hand are not claimed again.
   */
  async next(inHand?: Set<string>): Promise<Read[]> {
    if (!inHand) await this.balance();
    const limit = this.batchHits;
    const out: Read[] = [];
    const hitsOf = () => out.reduce((n, r) => n + parseEntry(r).length, 0);
    // A shard just taken: all of its pending entries are now this worker's (the lease says so).
    for (const [n, cursor] of this.recovering) {
      const next = await this.claim(n, 0, cursor, out, inHand);
      if (next === null) this.recovering.delete(n);
      else this.recovering.set(n, next);
      if (hitsOf() >= limit) return out;
    }
    if (out.length) return out;
    const now = Date.now();
    if (now - this.lastClaim > 1000) {
      this.lastClaim = now;
      // Entries read by a batch that failed on Redis (ours), or, in the stream before partitioning, by a
      // worker that died.
      for (const source of this.sources()) await this.claim(source, this.claimMs, undefined, out, inHand);
      if (out.length) return out;
    }
    const sources = this.sources();
    if (!sources.length) {
      await sleep(Math.min(500, this.claimMs / 3));
      return out;
    }
    // Up to a batch's worth of hits: while reads come back full, read on without blocking (entries
    // carry from one pixel to 500 bulk lines, so a fixed entry count makes batches of any size). The
    // entry count is shared out over the streams read, so one read stays about a batch.
    const count = Math.max(1, Math.ceil(READ_COUNT / sources.length));
    let hits = 0;
    let parsed = 0;
    // A read ahead never blocks: it shares the connection with the batch's acknowledgement.
    for (let block = !inHand; hits < limit; block = false) {
      const read = await this.reader.read(sources, count, block ? 500 : 0);
      for (const r of read.entries) {
        out.push(r);
        hits += parseEntry(r).length;
        // A read ahead is parsed while a batch is written: the event loop turns every few thousand
        // hits, so the batch's next statement is not held up behind the whole read's JSON.
        if (inHand && ++parsed % YIELD_ENTRIES === 0) await turn();
      }
      if (!read.full) break;
    }
    return out;
  }
}
