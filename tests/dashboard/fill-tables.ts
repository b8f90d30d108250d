import { attachTouches, localParts, sessionise } from '../reference/sessions';
import type { RefHit, RefImpression } from '../reference/types';
import type { TestGateway } from '../support/gateway';
import { markEveryDay } from '../../gateway/src/summaries/marks';

/**
 * Writes events straight into the event, visit, touch and rollup tables, computed with the
 * reference sessioniser (what the ETL must produce). Isolates the dashboard's SQL from the ETL. Like
 * every writer of those tables, it marks the days it wrote stale for the dashboard's summaries.
 */
export async function fillTables(
  t: TestGateway,
  customer: { id: number; timeZone: string },
  impressions: RefImpression[],
  hits: RefHit[],
  /** How far before a visit touches are written: the customer's touch-table width (default 7 x 24 h). */
  touchWindowMs?: number,
): Promise<void> {
  const ds = t.gateway.app.ds;
  const sqlTs = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const chunks = async <T>(rows: T[], size: number, write: (rows: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
  };
  const parts = new Map(impressions.map((i) => [i.id, localParts(i.ts, customer.timeZone)]));
  const rollup = new Map<string, { key: unknown[]; n: number }>();
  for (const i of impressions) {
    const lp = parts.get(i.id)!;
    const key = [
      customer.id,
      lp.date,
      i.bookingId,
      i.campaignId,
      i.creativeId,
      i.channelId,
      i.region,
      lp.weekday,
      lp.daypart,
    ];
    const k = key.join('|');
    const e = rollup.get(k) ?? { key, n: 0 };
    e.n++;
    rollup.set(k, e);
  }
  await chunks([...rollup.values()], 500, (rows) =>
    ds.query(
      `INSERT INTO impression_rollup (customer_id, local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart, impressions)
       VALUES ${rows.map(() => '(?,?,?,?,?,?,?,?,?,?)').join(',')}
       ON DUPLICATE KEY UPDATE impressions = impressions + VALUES(impressions)`,
      rows.flatMap((r) => [...r.key, r.n]),
    ),
  );
  const visits = attachTouches(sessionise(hits), impressions, touchWindowMs);
  const [{ next }]: { next: number }[] = await ds.query('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM visit');
  let id = Number(next);
  const visitRows: unknown[][] = [];
  const pageRows: unknown[][] = [];
  const touchRows: unknown[][] = [];
  for (const v of visits) {
    const vid = id++;
    const date = localParts(v.ts, customer.timeZone).date;
    visitRows.push([vid, customer.id, v.household, sqlTs(v.ts), sqlTs(v.ts), date, v.region, 1]);
    for (const s of v.siteTagIds) pageRows.push([vid, s, customer.id, date]);
    for (const tch of v.touches) {
      const lp = parts.get(tch.id)!;
      touchRows.push([
        vid,
        tch.id,
        customer.id,
        date,
        sqlTs(v.ts),
        sqlTs(tch.ts),
        lp.date,
        tch.bookingId,
        tch.campaignId,
        tch.creativeId,
        tch.channelId,
        tch.region,
        lp.weekday,
        lp.daypart,
      ]);
    }
  }
  await chunks(visitRows, 500, (rows) =>
    ds.query(
      `INSERT INTO visit (id, customer_id, household_id, start_ts, end_ts, local_date, region, hits) VALUES ${rows.map(() => '(?,?,?,?,?,?,?,?)').join(',')}`,
      rows.flat(),
    ),
  );
  await chunks(pageRows, 1000, (rows) =>
    ds.query(
      `INSERT INTO visit_page (visit_id, site_tag_id, customer_id, local_date) VALUES ${rows.map(() => '(?,?,?,?)').join(',')}`,
      rows.flat(),
    ),
  );
  await chunks(touchRows, 500, (rows) =>
    ds.query(
      `INSERT INTO touch (visit_id, impression_event_id, customer_id, visit_local_date, visit_ts, impression_ts, impression_local_date,
         booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart)
       VALUES ${rows.map(() => '(?,?,?,?,?,?,?,?,?,?,?,?,?,?)').join(',')}`,
      rows.flat(),
    ),
  );
  await markEveryDay(ds, customer.id);
}
