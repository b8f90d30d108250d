import type { QueryRunner } from 'typeorm';
import { CHUNK } from './write-common';
import { chunks } from '../shared/chunks';
import {
  DEFAULT_NAT_HOURLY_LIMIT,
  HOUR_MS,
  REPEAT_MS,
  classifyRepeatNat,
  hoursTouchedBy,
} from '../shared/invalid-traffic';
import type { ImpressionRow, InvalidRow } from './rows';
import { sqlTime } from './tables';
import type { StoredImpression } from './write-touches';

/**
 * Rules 6-7 of invalid traffic (`repeat`, `nat`; docs/invalid-traffic.md#rules-6-and-7), applied in the batch's
 * transaction before its impressions are stored. They read the impressions around each one, so per customer x
 * household the batch's new impressions are classified together with the stored ones of the hours they can change
 * (counted ones in impression_event, repeats and nats in invalid_event), and every stored impression whose class
 * changed is moved: counted -> invalid_event, invalid_event -> counted, or its reason rewritten. The writer then
 * treats the moved rows as it treats new and erased impressions (rollup, daily_activity, touches, stale days).
 */

export type RepeatReason = 'repeat' | 'nat';

export interface RepeatOutcome {
  /** The batch's new impressions that count (the batch's own array when rules 6-7 set none apart). */
  counted: ImpressionRow[];
  /** The batch's new impressions set apart as repeat or nat. */
  invalid: InvalidRow[];
  /** Stored counted impressions that are now repeat or nat: leave impression_event (applyRepeatMoves). */
  movedOut: (ImpressionRow & { reason: RepeatReason })[];
  /** Stored repeats or nats that now count: leave invalid_event for impression_event (applyRepeatMoves). */
  movedIn: ImpressionRow[];
  /** Stored repeats that became nat and the other way round. */
  relabelled: { customerId: number; eventId: string; reason: RepeatReason }[];
  /** The change of hits stored apart, per reason (the ingest status' counters). */
  byReason: Record<string, number>;
  /** Batch impressions stored before (a redelivery): neither counted nor set apart again. */
  duplicates: number;
}

/** Stored impressions of a household as rules 6-7 read them: the row and where it is now. */
interface Stored {
  row: ImpressionRow;
  state: RepeatReason | null;
}

const IMPRESSION_COLUMNS = `event_id, CAST(household_id AS CHAR) AS hh, ts, DATE_FORMAT(local_date, '%Y-%m-%d') AS local_date,
  booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart`;

/** A stored impression (counted or set apart) with its tag, and its reason when set apart. */
type StoredRow = StoredImpression & { tag_id: number; reason?: string };

const rowOf = (customerId: number, r: StoredRow): ImpressionRow => ({
  eventId: r.event_id,
  customerId,
  tagId: Number(r.tag_id),
  bookingId: Number(r.booking_id),
  campaignId: Number(r.campaign_id),
  creativeId: Number(r.creative_id),
  channelId: Number(r.channel_id),
  household: r.hh,
  ts: r.ts.getTime(),
  localDate: r.local_date,
  weekday: Number(r.weekday),
  daypart: Number(r.daypart),
  region: r.region,
});

/** An impression set apart by rule 6 or 7, with its dimensions (so it can count again when its class changes). */
export const invalidOf = (r: ImpressionRow, reason: RepeatReason): InvalidRow => ({
  eventId: r.eventId,
  customerId: r.customerId,
  kind: 'i',
  tagId: r.tagId,
  bookingId: r.bookingId,
  household: r.household,
  ts: r.ts,
  localDate: r.localDate,
  reason,
  control: false,
  detail: {
    campaignId: r.campaignId,
    creativeId: r.creativeId,
    channelId: r.channelId,
    region: r.region,
    weekday: r.weekday,
    daypart: r.daypart,
  },
});

/** H per customer (customer.nat_hourly_limit), read in the batch's transaction. */
async function limitsOf(qr: QueryRunner, customerIds: number[]): Promise<Map<number, number>> {
  const rows: { id: number; nat_hourly_limit: number }[] = await qr.query(
    'SELECT id, nat_hourly_limit FROM customer WHERE id IN (?)',
    [customerIds],
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.nat_hourly_limit)]));
}

/**
 * Classifies the batch's new impressions (unique per customer and event id, households locked by the batch) under
 * rules 6-7 with the stored impressions of the hours they can change, and says what moves. Writes nothing.
 */
export async function classifyRepeats(qr: QueryRunner, impressions: ImpressionRow[]): Promise<RepeatOutcome> {
  const out: RepeatOutcome = {
    counted: impressions,
    invalid: [],
    movedOut: [],
    movedIn: [],
    relabelled: [],
    byReason: {},
    duplicates: 0,
  };
  if (!impressions.length) return out;
  const byCustomer = new Map<number, Map<string, ImpressionRow[]>>();
  for (const r of impressions) {
    let households = byCustomer.get(r.customerId);
    if (!households) byCustomer.set(r.customerId, (households = new Map()));
    const list = households.get(r.household);
    if (list) list.push(r);
    else households.set(r.household, [r]);
  }
  const limits = await limitsOf(qr, [...byCustomer.keys()]);
  const setApart = new Map<ImpressionRow, RepeatReason>();
  const stale = new Set<ImpressionRow>();
  const count = (reason: string | null, n: number) => {
    if (reason) out.byReason[reason] = (out.byReason[reason] ?? 0) + n;
  };
  for (const [customerId, households] of byCustomer) {
    const limit = limits.get(customerId) ?? DEFAULT_NAT_HOURLY_LIMIT;
    for (const part of chunks([...households.keys()], CHUNK)) {
      let lo = Infinity;
      let hi = -Infinity;
      for (const household of part)
        for (const r of households.get(household)!) {
          lo = Math.min(lo, r.ts);
          hi = Math.max(hi, r.ts);
        }
      // From REPEAT_MS before the first hour touched to the end of the last one.
      const from = Math.floor(lo / HOUR_MS) * HOUR_MS - REPEAT_MS;
      const to = (Math.floor((hi + REPEAT_MS) / HOUR_MS) + 1) * HOUR_MS;
      const storedOf = await readStored(qr, customerId, part, from, to);
      for (const household of part) {
        const stored = storedOf.get(household) ?? new Map<string, Stored>();
        const fresh: ImpressionRow[] = [];
        for (const r of households.get(household)!) {
          if (stored.has(r.eventId)) {
            stale.add(r);
            out.duplicates++;
          } else fresh.push(r);
        }
        if (!fresh.length) continue;
        const hours = new Set(fresh.flatMap((r) => hoursTouchedBy(r.ts)));
        const all = [...[...stored.values()].map((s) => s.row), ...fresh];
        const classes = classifyRepeatNat(all, hours, limit);
        for (const r of fresh) {
          const reason = classes.get(r.eventId) ?? null;
          if (reason) {
            setApart.set(r, reason);
            count(reason, 1);
          }
        }
        for (const s of stored.values()) {
          if (!classes.has(s.row.eventId)) continue;
          const reason = classes.get(s.row.eventId) ?? null;
          if (reason === s.state) continue;
          count(s.state, -1);
          count(reason, 1);
          if (s.state === null) out.movedOut.push({ ...s.row, reason: reason! });
          else if (reason === null) out.movedIn.push(s.row);
          else out.relabelled.push({ customerId, eventId: s.row.eventId, reason });
        }
      }
    }
  }
  if (setApart.size || stale.size) {
    out.counted = impressions.filter((r) => !setApart.has(r) && !stale.has(r));
    out.invalid = [...setApart].map(([r, reason]) => invalidOf(r, reason));
  }
  for (const [k, n] of Object.entries(out.byReason)) if (n === 0) delete out.byReason[k];
  return out;
}

/**
 * The stored impressions of the households between two times, per household and event id: counted ones and those
 * set apart by rules 6-7 (other reasons never count, so rules 6-7 do not see them; nor control impressions).
 */
async function readStored(
  qr: QueryRunner,
  customerId: number,
  households: string[],
  from: number,
  to: number,
): Promise<Map<string, Map<string, Stored>>> {
  const ids = households.map(BigInt);
  const counted: StoredRow[] = await qr.query(
    `SELECT ${IMPRESSION_COLUMNS}, impression_tag_id AS tag_id FROM impression_event
      WHERE customer_id = ? AND household_id IN (?) AND ts >= ? AND ts < ?`,
    [customerId, ids, sqlTime(from), sqlTime(to)],
  );
  const apart: StoredRow[] = await qr.query(
    `SELECT ${IMPRESSION_COLUMNS}, tag_id, reason FROM invalid_event
      WHERE customer_id = ? AND household_id IN (?) AND ts >= ? AND ts < ? AND kind = 'i' AND control = 0
        AND reason IN ('repeat', 'nat')`,
    [customerId, ids, sqlTime(from), sqlTime(to)],
  );
  const out = new Map<string, Map<string, Stored>>();
  for (const r of [...counted, ...apart]) {
    let events = out.get(r.hh);
    if (!events) out.set(r.hh, (events = new Map()));
    events.set(r.event_id, { row: rowOf(customerId, r), state: (r.reason as RepeatReason | undefined) ?? null });
  }
  return out;
}

/**
 * Moves the stored impressions whose class changed (classifyRepeats): counted ones out of impression_event (their
 * touches deleted; they go to invalid_event with the batch's invalid rows), repeats and nats that now count out of
 * invalid_event into impression_event (before the visits are rebuilt, so rebuilt visits find them), relabelled ones
 * rewritten. The rollup, daily_activity and the stale days follow in the writer's later steps.
 */
export async function applyRepeatMoves(qr: QueryRunner, o: RepeatOutcome): Promise<void> {
  for (const [customerId, rows] of byCustomerOf(o.movedOut)) {
    for (const part of chunks(rows, CHUNK)) {
      const ids = part.map((r) => r.eventId);
      await qr.query('DELETE FROM impression_event WHERE customer_id = ? AND event_id IN (?)', [customerId, ids]);
      // Their touches: the visits of their households that start after the first of them (a touch's visit starts
      // after its impression), matched by the touch's key (visit, impression).
      const visits: { id: string }[] = await qr.query(
        `SELECT CAST(id AS CHAR) AS id FROM visit WHERE customer_id = ? AND household_id IN (?) AND start_ts >= ?`,
        [
          customerId,
          [...new Set(part.map((r) => r.household))].map(BigInt),
          sqlTime(Math.min(...part.map((r) => r.ts))),
        ],
      );
      for (const v of chunks(visits, CHUNK))
        await qr.query('DELETE FROM touch WHERE visit_id IN (?) AND impression_event_id IN (?)', [
          v.map((x) => x.id),
          ids,
        ]);
    }
  }
  for (const [customerId, rows] of byCustomerOf(o.movedIn)) {
    for (const part of chunks(rows, CHUNK))
      await qr.query('DELETE FROM invalid_event WHERE customer_id = ? AND event_id IN (?)', [
        customerId,
        part.map((r) => r.eventId),
      ]);
  }
  for (const r of o.relabelled)
    await qr.query('UPDATE invalid_event SET reason = ? WHERE customer_id = ? AND event_id = ?', [
      r.reason,
      r.customerId,
      r.eventId,
    ]);
}

function byCustomerOf<T extends { customerId: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.customerId);
    if (list) list.push(r);
    else out.set(r.customerId, [r]);
  }
  return out;
}
