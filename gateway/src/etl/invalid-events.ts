import type { QueryRunner } from 'typeorm';
import { chunks } from '../shared/chunks';
import { uniqueBy, type InvalidRow } from './rows';
import { sqlTime } from './tables';

/**
 * docs/invalid-traffic.md: hits of invalid traffic go to invalid_event with their reason, idempotent by customer and
 * event id, inside the batch's transaction. Rules 6-7 keep an impression's dimensions too (InvalidRow.detail). Nothing of sections 4 and 4b reads the table: no rollup, touch, visit
 * or summary; only the invalid traffic report counts it.
 */
export async function writeInvalidEvents(qr: QueryRunner, rows: readonly InvalidRow[]): Promise<number> {
  const unique = uniqueBy(rows);
  let inserted = 0;
  for (const part of chunks(unique, 2000)) {
    const res: { affectedRows: number } = await qr.query(
      `INSERT IGNORE INTO invalid_event
         (customer_id, event_id, kind, tag_id, booking_id, household_id, ts, local_date, reason, control,
          campaign_id, creative_id, channel_id, region, weekday, daypart)
       VALUES ?`,
      [
        part.map((r) => [
          r.customerId,
          r.eventId,
          r.kind,
          r.tagId,
          r.bookingId,
          r.household,
          sqlTime(r.ts),
          r.localDate,
          r.reason,
          r.control ? 1 : 0,
          r.detail?.campaignId ?? null,
          r.detail?.creativeId ?? null,
          r.detail?.channelId ?? null,
          r.detail?.region ?? null,
          r.detail?.weekday ?? null,
          r.detail?.daypart ?? null,
        ]),
      ],
    );
    inserted += res.affectedRows;
  }
  return inserted;
}
