/**
 * How hits are spread over the log, whatever its engine: by household, over `ETL_SHARDS` shards
 * (docs/architecture.md#the-hit-path).
 */

/** Shards when ETL_SHARDS is not set. */
export const DEFAULT_SHARDS = 16;

/**
 * The shard of a household: FNV-1a (32 bits) of its decimal id, modulo the shard count. Fixed for good:
 * every collector, bulk ingest and replay must send a household's hits to the same stream, so that its
 * hits meet in one worker's batches (the ETL rebuilds a household's visits from all of its hits). The
 * household alone, not (customer, household): the collector knows only the tag key, and a household's
 * hits of every customer in one shard keeps each (customer, household) in one shard as well.
 */
export function shardOf(household: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < household.length; i++) h = Math.imul(h ^ household.charCodeAt(i), 0x01000193);
  return (h >>> 0) % shards;
}

/** Bulk ingest packs this many hits into one stream entry (one XADD, one XACK). */
export const HITS_PER_ENTRY = 500;
