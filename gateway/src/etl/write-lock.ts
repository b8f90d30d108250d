import type { QueryRunner } from 'typeorm';
import { shardOf } from '../stream';
import { memoized } from '../shared/memo';

/** The batch's first step: its households' shards locked (docs/operations.md#shards-and-leases). */

/** The household shards of rows, made once per array and shard count (prepareBatch makes them ahead). */
const shardSets = memoized(() => new Map<number, Set<number>>());
export const shardsOf = (rows: readonly { household: string }[], shards: number): Set<number> => {
  const sets = shardSets(rows);
  let set = sets.get(shards);
  if (!set) {
    set = new Set();
    for (const r of rows) set.add(shardOf(r.household, shards));
    sets.set(shards, set);
  }
  return set;
};

/**
 * Locks the household shard of every row of the batch (shardOf, the stream a household's hits go to),
 * in shard order (no deadlocks between batches): from here on this transaction alone rebuilds the
 * sessions and touches of those households. Normally a shard has one owner (its lease) and the lock
 * is never waited on; it keeps two writers apart when a lease lapses mid-batch or the old single
 * stream is drained beside the shards.
 */
export async function lockShards(
  qr: QueryRunner,
  lists: (readonly { household: string }[])[],
  shards: number,
): Promise<void> {
  const owned = new Set<number>();
  for (const rows of lists) for (const n of shardsOf(rows, shards)) owned.add(n);
  if (!owned.size) return;
  const sorted = [...owned].sort((a, b) => a - b);
  await qr.query('INSERT INTO etl_shard_lock (shard) VALUES ? ON DUPLICATE KEY UPDATE shard = shard', [
    sorted.map((n) => [n]),
  ]);
}
