import { localParts } from '../reference/sessions';
import type { RefImpression } from '../reference/types';
import type { TestGateway } from '../support/gateway';

/**
 * Writes raw impressions straight into impression_event, or control impressions into
 * control_impression_event (docs/design.md#reach-frequency-and-lift), as the ETL stores them (fillTables writes the derived tables).
 */
export async function fillImpressionEvents(
  t: TestGateway,
  table: 'impression_event' | 'control_impression_event',
  customer: { id: number; timeZone: string },
  controls: RefImpression[],
  tagIdOf: (i: RefImpression) => number,
): Promise<void> {
  const sqlTs = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const rows = controls.map((i) => {
    const lp = localParts(i.ts, customer.timeZone);
    return [
      i.id,
      customer.id,
      tagIdOf(i),
      i.bookingId,
      i.campaignId,
      i.creativeId,
      i.channelId,
      i.household,
      sqlTs(i.ts),
      lp.date,
      lp.weekday,
      lp.daypart,
      i.region,
    ];
  });
  for (let at = 0; at < rows.length; at += 500) {
    const part = rows.slice(at, at + 500);
    await t.gateway.app.ds.query(
      `INSERT INTO ${table} (event_id, customer_id, impression_tag_id, booking_id, campaign_id, creative_id,
         channel_id, household_id, ts, local_date, weekday, daypart, region)
       VALUES ${part.map(() => '(?,?,?,?,?,?,?,?,?,?,?,?,?)').join(',')}`,
      part.flat(),
    );
  }
}
