import type { QueryRunner } from 'typeorm';
import { insertIgnoreRows } from './bulk-load';
import type { ImpressionRow } from './rows';
import { IMPRESSION_EVENT_COLUMNS, columnList, impressionEventRow } from './tables';

/**
 * DESIGN 4b: control (holdout) impressions go to their own table, idempotent by event id, inside
 * the batch's transaction. Nothing else reads them: no rollup, no touches, no section 4 number.
 */
const COLUMNS = columnList(IMPRESSION_EVENT_COLUMNS);
const CHUNK = 5000;

export async function writeControlImpressions(qr: QueryRunner, rows: ImpressionRow[]): Promise<number> {
  const seen = new Set<string>();
  const unique = rows.filter((r) => (seen.has(r.eventId) ? false : (seen.add(r.eventId), true)));
  let inserted = 0;
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK).map(impressionEventRow);
    inserted += await insertIgnoreRows(qr, 'control_impression_event', COLUMNS, part);
  }
  return inserted;
}
