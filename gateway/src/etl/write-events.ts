import type { QueryRunner } from 'typeorm';
import { CHUNK, ConcurrentBatchError, SeenBefore } from './write-common';
import { chunks } from '../shared/chunks';
import { insertIgnore } from './bulk-load';
import type { EventKey } from './rows';
import { IMPRESSION_EVENT_COLUMNS, SITE_HIT_COLUMNS, columnList } from './tables';

/** The raw events' step: impressions and site hits inserted once per (customer, event id). */

export const IMPRESSION_EVENT = columnList(IMPRESSION_EVENT_COLUMNS);
export const SITE_HIT = columnList(SITE_HIT_COLUMNS);

/**
 * Inserts the rows whose event (customer and id: the key of the table) is not stored yet; answers exactly
 * those. Without `checkIds`, any event stored before aborts the attempt (SeenBefore) instead of costing a
 * lookup every time.
 */
export async function insertNew<T extends EventKey>(
  qr: QueryRunner,
  checkIds: boolean,
  table: 'impression_event' | 'site_hit',
  rows: T[],
  columns: string,
  row: (r: T) => unknown[],
  text: (r: T) => string,
): Promise<T[]> {
  if (!rows.length) return [];
  const existing = checkIds ? await storedEvents(qr, table, rows) : null;
  // The same array when all are new (the fast path): the batch's memoized cells and notes key on it.
  const fresh = existing?.size ? rows.filter((r) => !existing.has(eventKey(r))) : rows;
  const inserted = await insertIgnore(qr, table, columns, fresh, text, row);
  if (inserted !== fresh.length) {
    if (!checkIds) throw new SeenBefore();
    throw new ConcurrentBatchError(`${table}: events stored concurrently`);
  }
  return fresh;
}

const eventKey = (r: EventKey): string => `${r.customerId}/${r.eventId}`;

/** The events of `rows` stored already (as eventKey), read per customer through the table's key. */
async function storedEvents(qr: QueryRunner, table: string, rows: readonly EventKey[]): Promise<Set<string>> {
  const idsOf = new Map<number, string[]>();
  for (const r of rows) {
    const ids = idsOf.get(r.customerId);
    if (ids) ids.push(r.eventId);
    else idsOf.set(r.customerId, [r.eventId]);
  }
  const stored = new Set<string>();
  for (const [customerId, ids] of idsOf) {
    for (const part of chunks(ids, CHUNK)) {
      const found: { event_id: string }[] = await qr.query(
        `SELECT event_id FROM ${table} WHERE customer_id = ? AND event_id IN (?)`,
        [customerId, part],
      );
      for (const f of found) stored.add(`${customerId}/${f.event_id}`);
    }
  }
  return stored;
}
