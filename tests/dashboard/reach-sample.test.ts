import { markEveryDay } from '../../gateway/src/summaries/marks';
import { DashboardData } from '../../gateway/src/modules/analytics/dashboard-data';
import { type DashboardFilter, rangeFilter } from '../../gateway/src/modules/analytics/filters/filter';
import { incrementalLift } from '../../gateway/src/modules/analytics/calls/incremental-lift';
import { reachFrequency } from '../../gateway/src/modules/analytics/calls/reach-frequency';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { gqlCall, restCall } from './compare';
import { payloadOf } from './scenario';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from './world';

/**
 * docs/design.md#reach-frequency-and-lift at scale: above REACH_SAMPLE_MIN_IMPRESSIONS (set low here, 1000) Reach comes from the
 * household sample when its error bound allows, labelled Approximate with its Sample_Rate, within 1%
 * of the exact reach; otherwise (here: three days, whose frequencies vary too much for the stored
 * 1 in 4) the exact answer, labelled exact. The data set is written with SQL: 30,000 households with
 * 8 to 12 impressions each over September (about 300,000), a visit for every fourth household.
 */
let t: TestGateway;
let token: string;
let c: WorldCustomer;
const HOUSEHOLDS = 30_000;
const SEPTEMBER = { start: '2026-09-01', end: '2026-09-30' };

const filterOf = (narrower: Partial<DashboardFilter> = {}) =>
  rangeFilter(c.id, SEPTEMBER.start, SEPTEMBER.end, narrower);

/** Both calls computed the exact way (no sample whatever the size), straight from the tables. */
async function exact(f: DashboardFilter) {
  dashboardFlights.clear();
  const data = new DashboardData(t.gateway.app.ds.manager, f, Number.POSITIVE_INFINITY);
  const answers = { reach_frequency: await reachFrequency(data), incremental_lift: await incrementalLift(data) };
  dashboardFlights.clear();
  return answers;
}

/** Households first.. first + count - 1 with `least` + 0..4 impressions each (1 each with least 1, spread 1). */
async function addImpressions(first: number, count: number, from: string, days: number, least = 8, spread = 5) {
  const b = c.bookings[0];
  const tag = c.impressionTags.get(`${b.id}:${c.creatives[0].id}`)!.id;
  const creatives = c.creatives.map((x) => x.id);
  await t.gateway.app.ds.query(
    `INSERT INTO impression_event (event_id, customer_id, impression_tag_id, booking_id, campaign_id, creative_id,
       channel_id, household_id, ts, local_date, weekday, daypart, region)
     SELECT CONCAT('s', h, '-', i), ?, ?, ?, ?, ELT(1 + (h + i) % 3, ?, ?, ?), ?, h, ts, DATE(ts), WEEKDAY(ts) + 1,
            1 + HOUR(ts) DIV 3, 'AUK'
     FROM (SELECT h.seq AS h, i.seq AS i,
                  TIMESTAMP(?) + INTERVAL CRC32(CONCAT(h.seq, '-', i.seq)) % ${days * 86400} SECOND AS ts
           FROM seq_${first}_to_${first + count - 1} h JOIN seq_1_to_12 i ON i.seq <= ${least} + CRC32(h.seq) % ${spread}) s`,
    [c.id, tag, b.id, b.campaignId, ...creatives, b.channelId, from],
  );
}

async function rebuildRollup() {
  const q = (sql: string, params: unknown[] = []) => t.gateway.app.ds.query(sql, params);
  await q('DELETE FROM impression_rollup WHERE customer_id = ?', [c.id]);
  await q(
    `INSERT INTO impression_rollup (customer_id, local_date, booking_id, campaign_id, creative_id, channel_id, region,
       weekday, daypart, impressions)
     SELECT customer_id, local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart, COUNT(*)
     FROM impression_event WHERE customer_id = ?
     GROUP BY customer_id, local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart`,
    [c.id],
  );
  // Like every writer of the event tables, mark the days written stale for the summaries.
  await markEveryDay(t.gateway.app.ds, c.id);
}

beforeAll(async () => {
  t = await startTestGateway({ REACH_SAMPLE_MIN_IMPRESSIONS: '1000' });
  const orgs = await makeBroadcasterWorld(t);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  c = await makeCustomer(t, orgs.broadcasterId, {
    name: 'Sample Ltd',
    timeZone: 'UTC',
    campaigns: 1,
    creatives: 3,
    siteTags: 1,
    bookings: [{ campaign: 0, channel: 0, cpm: 10, start: '2026-08-01', end: '2026-10-31' }],
  });
  await addImpressions(1, HOUSEHOLDS, SEPTEMBER.start, 30);
  await rebuildRollup();
  const q = (sql: string, params: unknown[] = []) => t.gateway.app.ds.query(sql, params);
  // A visit for every fourth household a day after one of its impressions, and for every eighth two
  // days before another (some before the household's first: the pre/post method's pre share); then
  // their touches as the ETL writes them.
  await q(
    `INSERT INTO visit (customer_id, household_id, start_ts, end_ts, local_date, region, hits)
     SELECT ?, household_id, v, v, DATE(v), 'AUK', 1
     FROM (SELECT household_id, IF(household_id % 4 = 0, ts + INTERVAL 1 DAY, ts - INTERVAL 2 DAY) AS v
           FROM impression_event WHERE customer_id = ? AND (household_id % 4 = 0 AND event_id LIKE 's%-3'
             OR household_id % 8 = 2 AND event_id LIKE 's%-1')) s`,
    [c.id, c.id],
  );
  await q(`INSERT INTO visit_page (visit_id, site_tag_id, customer_id, local_date)
           SELECT id, ${c.siteTags[0].id}, customer_id, local_date FROM visit WHERE customer_id = ${c.id}`);
  await q(
    `INSERT INTO touch (visit_id, impression_event_id, customer_id, visit_local_date, visit_ts, impression_ts,
       impression_local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart)
     SELECT v.id, i.event_id, i.customer_id, v.local_date, v.start_ts, i.ts, i.local_date, i.booking_id, i.campaign_id,
            i.creative_id, i.channel_id, i.region, i.weekday, i.daypart
     FROM visit v JOIN impression_event i ON i.customer_id = v.customer_id AND i.household_id = v.household_id
       AND i.ts > v.start_ts - INTERVAL 7 DAY AND i.ts <= v.start_ts
     WHERE v.customer_id = ?`,
    [c.id],
  );
}, 300_000);
afterAll(() => t.close());

const within = (actual: number, expected: number, share: number) =>
  Math.abs(actual - expected) <= share * Math.abs(expected);

test('a large I(F) with even frequencies: reach from the sample, labelled, within 1% on REST and GraphQL', async () => {
  const f = filterOf();
  const rest = await restCall(t, token, 'reach_frequency', payloadOf(f));
  const g = await gqlCall(t, token, 'reach_frequency', payloadOf(f));
  const lift = await restCall(t, token, 'incremental_lift', payloadOf(f));
  const want = await exact(f);
  expect(rest.status).toBe(200);
  const s = rest.body.summary_data;
  expect(s.Approximate).toBe(true);
  expect(s.Sample_Rate).toBeGreaterThan(0);
  expect(s.Sample_Rate).toBeLessThanOrEqual(0.25);
  expect(g.data.reach_frequency).toEqual(rest.body);
  const e = want.reach_frequency.summary_data;
  expect(e).toMatchObject({ Approximate: false, Sample_Rate: 1 });
  expect(e.Reach).toBe(HOUSEHOLDS);
  expect(within(s.Reach, e.Reach, 0.01)).toBe(true);
  expect(within(s.Avg_Frequency, e.Avg_Frequency, 0.01)).toBe(true);
  // The rows are the sample's shares of the estimated reach.
  const rows: { Households: number; Responding: number }[] = rest.body.table_data;
  expect(Math.abs(rows.reduce((a, r) => a + r.Households, 0) - s.Reach)).toBeLessThanOrEqual(rows.length);
  const responding = (list: { Responding: number }[]) => list.reduce((a, r) => a + r.Responding, 0);
  expect(within(responding(rows), responding(want.reach_frequency.table_data), 0.15)).toBe(true);
  // The lift's exposed side comes from the same sample: labelled, the sample's interval covers the exact lift.
  expect(lift.status).toBe(200);
  const l = lift.body.summary_data;
  const el = want.incremental_lift.summary_data;
  expect(l).toMatchObject({ Approximate: true, Sample_Rate: s.Sample_Rate, Method: el.Method });
  expect(el.Method).toBe('pre_post');
  expect(el.Exposed_Rate).toBeGreaterThan(0);
  // Within 4 standard errors of the sample (n = the sampled households kept) ...
  const n = l.Exposed_Households * s.Sample_Rate;
  expect(Math.abs(l.Exposed_Households - el.Exposed_Households)).toBeLessThan((4 * Math.sqrt(n)) / s.Sample_Rate);
  expect(Math.abs(l.Exposed_Rate - el.Exposed_Rate)).toBeLessThan(
    4 * Math.sqrt((el.Exposed_Rate * (1 - el.Exposed_Rate)) / n),
  );
  // ... and the interval is the sample's: wider than the exact one.
  expect(l.Lift_High - l.Lift_Low).toBeGreaterThan(el.Lift_High - el.Lift_Low);
}, 60_000);

test('uneven frequencies the stored sample cannot bound within 1%: the exact answer, labelled exact', async () => {
  // Three days of thirty: most households 1 or 2 impressions, some 3 or more (30,000 impressions).
  const f = filterOf({ start: '2026-09-01', end: '2026-09-03' });
  const rest = await restCall(t, token, 'reach_frequency', payloadOf(f));
  const lift = await restCall(t, token, 'incremental_lift', payloadOf(f));
  const want = await exact(f);
  expect(rest.body).toEqual(want.reach_frequency);
  expect(lift.body).toEqual(want.incremental_lift);
  expect(rest.body.summary_data).toMatchObject({ Approximate: false, Sample_Rate: 1 });
}, 60_000);

test('impressions added to a day already sampled: the next read rebuilds that day of the sample', async () => {
  const f = filterOf();
  await restCall(t, token, 'reach_frequency', payloadOf(f));
  // 1,000 more households with one impression each, all on 2026-09-15.
  await addImpressions(HOUSEHOLDS + 1, 1_000, '2026-09-15', 1, 1, 1);
  await rebuildRollup();
  dashboardFlights.clear();
  const rest = await restCall(t, token, 'reach_frequency', payloadOf(f));
  const want = await exact(f);
  expect(want.reach_frequency.summary_data.Reach).toBe(HOUSEHOLDS + 1_000);
  expect(rest.body.summary_data.Approximate).toBe(true);
  expect(within(rest.body.summary_data.Reach, want.reach_frequency.summary_data.Reach, 0.01)).toBe(true);
  // Without the rebuild the sample would not know them: |I(F)| / its average frequency (10) = 30,100, 3% short.
}, 60_000);
