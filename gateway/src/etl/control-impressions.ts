import type { QueryRunner } from 'typeorm';
import { insertIgnore } from './bulk-load';
import { uniqueBy, type ImpressionRow } from './rows';
import { IMPRESSION_EVENT_COLUMNS, columnList, impressionEventRow, impressionEventText } from './tables';

/**
 * docs/design.md#reach-frequency-and-lift: control (holdout) impressions go to their own table, idempotent by event id, inside
 * the batch's transaction. Nothing else reads them: no rollup, no touches, no section 4 number.
 */
const COLUMNS = columnList(IMPRESSION_EVENT_COLUMNS);

export async function writeControlImpressions(qr: QueryRunner, rows: ImpressionRow[]): Promise<number> {
  const unique = uniqueBy(rows);
  return insertIgnore(qr, 'control_impression_event', COLUMNS, unique, impressionEventText, impressionEventRow);
}
