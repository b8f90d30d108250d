import type { RedisKeys } from '../../shared/redis';

/**
 * Names of the JetStream hit log (docs/operations.md#hit-log), derived from REDIS_PREFIX so that every
 * deployment (and every test file) sharing a NATS server has its own: the prefix with characters a stream
 * name may not hold (`.`, `*`, `>`, `:`, spaces) as `_`, then `hits`.
 */
export function jetStreamNames(keys: RedisKeys) {
  const base = `${keys.prefix.replace(/[^A-Za-z0-9_-]/g, '_')}hits`;
  return {
    /** The stream of every shard's entries (work-queue retention: an entry leaves once acknowledged). */
    stream: base,
    /** Shard n's subject. */
    subject: (n: number) => `${base}.shard.${n}`,
    /** The durable pull consumer of shard n, shared by whichever worker holds the shard's lease. */
    consumer: (n: number) => `etl-${n}`,
    /** The stream of dead letters (limits retention: kept until replayed). */
    dead: `${base}_dead`,
    deadSubject: `${base}.dead`,
  };
}

export type JetStreamNames = ReturnType<typeof jetStreamNames>;

/** The shard of a subject `<stream>.shard.<n>` (null for anything else). */
export function shardOfSubject(subject: string): number | null {
  const m = /\.shard\.(\d+)$/.exec(subject);
  return m ? Number(m[1]) : null;
}
