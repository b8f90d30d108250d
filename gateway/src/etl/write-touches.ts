import type { QueryRunner } from 'typeorm';
import { CHUNK, touchTableWidthMs } from './write-common';
import { chunks } from '../shared/chunks';
import { insertIgnore } from './bulk-load';
import type { ImpressionRow } from './rows';
import {
  TOUCH_COLUMNS,
  type TouchedVisit,
  type TouchingImpression,
  columnList,
  sqlTime,
  touchImpressionText,
  touchRow,
  touchVisitText,
} from './tables';

/** The touches' step: new impressions touch the stored visits of their households. */

const TOUCH = columnList(TOUCH_COLUMNS);

/**
 * One customer's touches to write, as visit x impression pairs: made into LOAD DATA text (each
 * visit's and impression's part made once) or, on the portable path, into rows (see insertIgnore).
 */
export class Touches {
  private readonly visits: TouchedVisit[] = [];
  private readonly impressions: TouchingImpression[] = [];

  constructor(private readonly customerId: number) {}

  get size(): number {
    return this.visits.length;
  }

  add(v: TouchedVisit, i: TouchingImpression): void {
    this.visits.push(v);
    this.impressions.push(i);
  }

  async write(qr: QueryRunner): Promise<void> {
    await insertIgnore(
      qr,
      'touch',
      TOUCH,
      Array.from({ length: this.size }, (_, n) => n),
      (n) => `${touchVisitText(this.customerId, this.visits[n])}\t${touchImpressionText(this.impressions[n])}\n`,
      (n) => touchRow(this.customerId, this.visits[n], this.impressions[n]),
    );
  }
}

export interface StoredImpression {
  event_id: string;
  hh: string;
  ts: Date;
  local_date: string;
  booking_id: number;
  campaign_id: number;
  creative_id: number;
  channel_id: number;
  region: string;
  weekday: number;
  daypart: number;
}

/**
 * New impressions touch the stored visits of their household within the next touch-table width (7 x 24 h, or the
 * customer's wider stored width: touchTableWidthMs). Matched in
 * memory from one indexed read of the households' visits per CHUNK distinct households (an INSERT ...
 * SELECT joining on a long IN list of event ids is planned badly by MariaDB): a household with
 * several of the batch's impressions is probed once, not once per chunk of impressions it falls in.
 * The visits this batch rebuilt (`rebuilt`) have all their touches already: they are not sent again.
 */
export async function touchExistingVisits(
  qr: QueryRunner,
  newImpressions: ImpressionRow[],
  rebuilt: Set<number>,
): Promise<void> {
  const byCustomer = new Map<number, Map<string, ImpressionRow[]>>();
  for (const r of newImpressions) {
    let households = byCustomer.get(r.customerId);
    if (!households) byCustomer.set(r.customerId, (households = new Map()));
    const list = households.get(r.household);
    if (list) list.push(r);
    else households.set(r.household, [r]);
  }
  for (const [customerId, households] of byCustomer) {
    const width = await touchTableWidthMs(qr, customerId);
    for (const part of chunks([...households.keys()], CHUNK)) {
      let lo = Infinity;
      let hi = -Infinity;
      for (const household of part) {
        for (const r of households.get(household)!) {
          if (r.ts < lo) lo = r.ts;
          if (r.ts > hi) hi = r.ts;
        }
      }
      const visits: { id: number; hh: string; start_ts: Date; local_date: string }[] = await qr.query(
        `SELECT id, CAST(household_id AS CHAR) AS hh, start_ts, local_date FROM visit
         WHERE customer_id = ? AND household_id IN (?) AND start_ts >= ? AND start_ts < ?`,
        [customerId, part.map(BigInt), sqlTime(lo), sqlTime(hi + width)],
      );
      if (!visits.length) continue;
      const visitsOf = new Map<string, TouchedVisit[]>();
      for (const v of visits) {
        const list = visitsOf.get(v.hh) ?? [];
        const start = v.start_ts.getTime();
        list.push({ id: Number(v.id), start, localDate: v.local_date, startSql: sqlTime(start) });
        visitsOf.set(v.hh, list);
      }
      const touches = new Touches(customerId);
      for (const [household, list] of visitsOf) {
        for (const r of households.get(household)!) {
          for (const v of list) {
            if (v.start < r.ts || v.start >= r.ts + width || rebuilt.has(v.id)) continue;
            touches.add(v, r);
          }
        }
      }
      await touches.write(qr);
    }
  }
}
