import type { QueryRunner } from 'typeorm';
import { chunks } from '../shared/chunks';
import { localParts } from '../shared/time';
import type { ImpressionRow, SiteHitRow } from './rows';

/** daily_activity.subject: what subject_id names. */
export const ACTIVITY_SUBJECT = { booking: 1, siteTag: 2 } as const;

const CHUNK = 5000;

/**
 * Adds a batch's NEW events (never redeliveries) to daily_activity, inside the writer's transaction
 * so the counts commit or roll back with the events: impressions per booking, site hits per site
 * tag, on the customer's local day. Rows go in key order, the last locks the transaction takes, so
 * two workers cannot deadlock on them.
 */
export async function recordDailyActivity(
  qr: QueryRunner,
  impressions: ImpressionRow[],
  hits: SiteHitRow[],
): Promise<void> {
  const cells = new Map<string, [string, number, number, number, number]>();
  const add = (date: string, customerId: number, subject: number, subjectId: number) => {
    const key = `${date}|${String(customerId).padStart(10, '0')}|${subject}|${String(subjectId).padStart(10, '0')}`;
    const cell = cells.get(key);
    if (cell) cell[4]++;
    else cells.set(key, [date, customerId, subject, subjectId, 1]);
  };
  for (const r of impressions) add(r.localDate, r.customerId, ACTIVITY_SUBJECT.booking, r.bookingId);
  for (const h of hits) add(localParts(h.ts, h.timeZone).date, h.customerId, ACTIVITY_SUBJECT.siteTag, h.siteTagId);
  if (!cells.size) return;
  const rows = [...cells.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
  for (const part of chunks(rows, CHUNK)) {
    await qr.query(
      `INSERT INTO daily_activity (local_date, customer_id, subject, subject_id, hits) VALUES ?
       ON DUPLICATE KEY UPDATE hits = hits + VALUES(hits)`,
      [part],
    );
  }
}
