import { referenceWhatIf, type RefFilter } from '../reference/metrics';
import type { RefHit, RefImpression } from '../reference/types';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { closeTo, restCall } from './compare';
import { fillImpressionEvents } from './fill-impression-events';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { lateHits } from './late-hits';
import { payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * docs/design.md#attribution-what-if over touch tables of different depths (docs/architecture.md#summaries): the
 * ETL's 7 x 24 h; 14 days backfilled by a finished recompute; 30 days stored but complete to 7 days only (a
 * recompute widened the table, then was superseded part-way: its touches beyond a week exist for some visits
 * only). The what-if reads the touch table to the depth that is complete and the raw impressions beyond it, so
 * every depth gives the reference's numbers, with visits up to 30 days after their impressions.
 */
jest.setTimeout(120_000);
const HOUR = 3600 * 1000;
let t: TestGateway;
let token: string;
const world: { c: WorldCustomer; impressions: RefImpression[]; hits: RefHit[] }[] = [];

const SETUPS = [
  { name: 'the ETL week', filled: 168, stored: 168, done: null },
  { name: '14 days backfilled', filled: 336, stored: 336, done: 336 },
  { name: '30 days stored, complete to a week, some visits wider', filled: 168, stored: 720, done: null },
] as const;

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  for (const [n, s] of SETUPS.entries()) {
    const c = await makeCustomer(t, orgs.broadcasterId, referencePlan(`Depth ${n} Ltd`));
    const events = generateEvents(c, {
      seed: 41 + n,
      fromMs: Date.parse('2026-08-25T00:00:00Z'),
      toMs: Date.parse('2026-10-06T00:00:00Z'),
      impressions: 900,
    });
    const late = lateHits(c, events.impressions, `d${n}`, 3);
    const hits = [...events.hits, ...late];
    await fillTables(t, c, events.impressions, hits, s.filled * HOUR);
    const tagId = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
    await fillImpressionEvents(t, 'impression_event', c, events.impressions, tagId);
    if (s.stored === 720) {
      // The superseded run's partial backfill: the touches a week to 30 days deep of the visits before 2026-09-25.
      await t.gateway.app.ds.query(
        `INSERT IGNORE INTO touch (visit_id, customer_id, visit_local_date, visit_ts, impression_event_id, impression_ts,
                impression_local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart)
         SELECT v.id, v.customer_id, v.local_date, v.start_ts, i.event_id, i.ts, i.local_date, i.booking_id,
                i.campaign_id, i.creative_id, i.channel_id, i.region, i.weekday, i.daypart
           FROM visit v JOIN impression_event i ON i.customer_id = v.customer_id AND i.household_id = v.household_id
            AND i.ts > v.start_ts - INTERVAL 720 HOUR AND i.ts <= v.start_ts - INTERVAL 168 HOUR
          WHERE v.customer_id = ? AND v.local_date < '2026-09-25'`,
        [c.id],
      );
    }
    await t.gateway.app.ds.query('UPDATE customer SET touch_table_hours = ? WHERE id = ?', [s.stored, c.id]);
    if (s.done) {
      await t.gateway.app.ds.query(
        `INSERT INTO attribution_change (customer_id, from_touch_hours, from_same_day_hours, touch_hours, same_day_hours, status)
         VALUES (?, 168, 24, ?, 24, 'done')`,
        [c.id, s.done],
      );
      await t.gateway.app.ds.query('UPDATE customer SET touch_window_hours = ? WHERE id = ?', [s.done, c.id]);
    }
    world.push({ c, impressions: events.impressions, hits });
  }
});
afterAll(() => t.close());

describe.each(SETUPS.map((s, n) => [n, s.name] as const))('customer %i (%s)', (n) => {
  const filters = (c: WorldCustomer): RefFilter[] => [
    { customerId: c.id, start: '2026-09-01', end: '2026-10-05' },
    { customerId: c.id, start: '2026-09-10', end: '2026-10-05', campaigns: [c.campaigns[0].id] },
    { customerId: c.id, start: '2026-09-01', end: '2026-10-05', sites: [c.siteTags[1].id], regions: ['AUK', 'WGN'] },
  ];
  test.each([0, 1, 2])('filter %i: every window equals referenceWhatIf', async (i) => {
    const { c, impressions, hits } = world[n];
    const f = filters(c)[i];
    const r = await restCall(t, token, 'attribution_what_if', payloadOf(f));
    expect(r.status).toBe(200);
    const expected = referenceWhatIf(refCustomer(c), impressions, hits, f);
    expect(closeTo(r.body.table_data, expected)).toEqual([]);
    // The late visits make the long windows count more than the week.
    const at = (h: number) => r.body.table_data.find((x: { Window_Hours: number }) => x.Window_Hours === h);
    if (i === 0) expect(at(720).Total_Responses).toBeGreaterThan(at(168).Total_Responses);
  });
});
