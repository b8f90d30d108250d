import { referenceAnswers } from '../reference/metrics';
import type { TestGateway } from '../support/gateway';
import { call } from '../support/http';
import {
  hitLine,
  impressionLine,
  type IngestLine,
  ingestAndSettle,
  startPipelineGateway,
  superAdminToken,
} from '../support/pipeline';
import { answerMismatches, gqlCall, restCall, SECTION_4_CALLS } from './compare';
import { generateEvents } from './generate';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from './world';

/**
 * End to end: generated events pushed through POST /api/ingest/events, the Redis stream and the ETL
 * worker; every dashboard call (REST and GraphQL) must then equal the reference computed from the
 * same events. Also a duplicate re-send must not change a number.
 */
let t: TestGateway;
let token: string;
// Every event goes through the real collector and ETL: a shared CI machine can take minutes where a quiet one takes
// seconds, and a timeout is a safety net here, not a speed target (speed lives in the benches).
jest.setTimeout(240_000);

let c: WorldCustomer;
let events: ReturnType<typeof generateEvents>;
const CALLS = SECTION_4_CALLS;

beforeAll(async () => {
  t = await startPipelineGateway();
  token = await superAdminToken(t);
  const orgs = await makeBroadcasterWorld(t);
  c = await makeCustomer(t, orgs.broadcasterId, {
    name: 'Pipeline Ltd',
    creatives: 3,
    siteTags: 3,
    bookings: [
      { campaign: 0, channel: 0, cpm: 11, start: '2026-09-01', end: '2026-10-31' },
      { campaign: 1, channel: 1, cpm: 25.5, start: '2026-09-01', end: '2026-10-31' },
    ],
  });
  events = generateEvents(c, {
    seed: 23,
    fromMs: Date.parse('2026-09-18T00:00:00Z'),
    toMs: Date.parse('2026-10-05T00:00:00Z'),
    impressions: 900,
  });
  const answer = await ingestAndSettle(t, token, linesOf(events));
  expect(answer.rejected).toBe(0);
}, 120_000);
afterAll(() => t.close());

/** The ingest lines of generated events. */
function linesOf(e: ReturnType<typeof generateEvents>): IngestLine[] {
  const impKey = new Map([...c.impressionTags.values()].map((x) => [`${x.bookingId}:${x.creativeId}`, x.key]));
  const siteKey = new Map(c.siteTags.map((s) => [s.id, s.key]));
  return [
    ...e.impressions.map((i) => impressionLine(i, (x) => impKey.get(`${x.bookingId}:${x.creativeId}`)!)),
    ...e.hits.map((h) => hitLine(h, (x) => siteKey.get(x.siteTagId)!)),
  ];
}

async function compareAll(): Promise<string[]> {
  const problems: string[] = [];
  for (const { name, filter } of filterCases(c, '2026-09-20', '2026-10-04')) {
    const expected = referenceAnswers(refCustomer(c), events.impressions, events.hits, filter);
    await Promise.all(
      CALLS.map(async (callName) => {
        const rest = await restCall(t, token, callName, payloadOf(filter));
        problems.push(
          ...answerMismatches(callName, rest.body, (expected as any)[callName]).map((p) => `${name} REST ${p}`),
        );
        const g = await gqlCall(t, token, callName, payloadOf(filter));
        if (g.errors) problems.push(`${name} GQL ${callName} ${JSON.stringify(g.errors)}`);
        else
          problems.push(
            ...answerMismatches(callName, g.data[callName], (expected as any)[callName]).map((p) => `${name} GQL ${p}`),
          );
      }),
    );
  }
  return problems;
}

test('every call equals the reference after the real pipeline, for every filter case', async () => {
  expect((await compareAll()).slice(0, 20)).toEqual([]);
  // The one-site case was answered from the per-site summaries, built for its range's days.
  expect(await siteSummaryDays()).toEqual({ built: 15, behind: 0 });
  // The one-creative cases from the per-creative summaries, built for the range's days.
  expect(await creativeSummaryDays()).toEqual({ built: 15, behind: 0 });
});

/**
 * Days of the range whose per-creative summaries were built, and of those how many are behind the
 * writers' marks of the visits' days (the marks they are rebuilt from).
 */
async function creativeSummaryDays(): Promise<{ built: number; behind: number }> {
  const [r] = await t.gateway.app.ds.query(
    `SELECT COUNT(*) AS built, SUM(CASE WHEN m.version > b.version THEN 1 ELSE 0 END) AS behind
       FROM summary_built_day b LEFT JOIN summary_stale_day m
         ON m.customer_id = b.customer_id AND m.summary = 2 AND m.local_date = b.local_date
      WHERE b.customer_id = ? AND b.summary = 8 AND b.local_date BETWEEN '2026-09-20' AND '2026-10-04'`,
    [c.id],
  );
  return { built: Number(r.built), behind: Number(r.behind ?? 0) };
}

/** Days of the range whose per-site summaries were built, and of those how many lag visit_attribution's. */
async function siteSummaryDays(): Promise<{ built: number; behind: number }> {
  const [r] = await t.gateway.app.ds.query(
    `SELECT COUNT(*) AS built, SUM(CASE WHEN a.version = s.version THEN 0 ELSE 1 END) AS behind
       FROM summary_built_day s JOIN summary_built_day a
         ON a.customer_id = s.customer_id AND a.summary = 2 AND a.local_date = s.local_date
      WHERE s.customer_id = ? AND s.summary = 7 AND s.local_date BETWEEN '2026-09-20' AND '2026-10-04'`,
    [c.id],
  );
  return { built: Number(r.built), behind: Number(r.behind ?? 0) };
}

test('the overview counts the pipeline rollups of each booking', async () => {
  const r = await call(t.url, 'GET', '/api/dashboard/summary?start_date=2026-09-20&end_date=2026-10-04', { token });
  for (const b of c.bookings) {
    const row = r.body.find((x: any) => x.booking_id === b.id);
    const expected = referenceAnswers(refCustomer(c), events.impressions, events.hits, {
      customerId: c.id,
      start: '2026-09-20',
      end: '2026-10-04',
      bookings: [b.id],
    }).impression_summary.summary_data;
    expect(row.impressions).toBe(expected.Actual_Impressions);
    expect(row.spend).toBeCloseTo(expected.Ad_Spend, 9);
  }
});

test('re-sending the same events changes no number', async () => {
  const impKey = new Map([...c.impressionTags.values()].map((x) => [`${x.bookingId}:${x.creativeId}`, x.key]));
  const again = events.impressions
    .slice(0, 200)
    .map((i) => impressionLine(i, (x) => impKey.get(`${x.bookingId}:${x.creativeId}`)!));
  await ingestAndSettle(t, token, again);
  expect((await compareAll()).slice(0, 20)).toEqual([]);
});

test('late events after the summaries were built: the ETL marks the days it changed and every call follows', async () => {
  // An unfiltered read first: the range's summaries are built (and must not be trusted after the load).
  await restCall(
    t,
    token,
    'impression_summary',
    payloadOf({ customerId: c.id, start: '2026-09-20', end: '2026-10-04' }),
  );
  const [{ n }] = await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM response_day_views WHERE customer_id = ?', [
    c.id,
  ]);
  expect(Number(n)).toBeGreaterThan(0);
  // The same households (same seed) 17 minutes after the first events: late hits join or bridge
  // stored visits (re-sessionised under new ids, some across midnight), late impressions touch stored visits.
  const late = generateEvents(c, {
    seed: 23,
    prefix: 'late',
    fromMs: Date.parse('2026-09-18T00:17:00Z'),
    toMs: Date.parse('2026-10-05T00:17:00Z'),
    impressions: 400,
  });
  // The one-creative case's responses before the late events (its summaries are built: see above).
  const oneCreative = filterCases(c, '2026-09-20', '2026-10-04').find((x) => x.name === 'one creative')!.filter;
  const creativeAnswer = () =>
    referenceAnswers(refCustomer(c), events.impressions, events.hits, oneCreative).impression_summary;
  const creativeBefore = creativeAnswer();
  // Hits first (visits rebuilt: the days the writer notes), then impressions (touches of stored visits).
  for (const part of [
    { impressions: [], hits: late.hits },
    { impressions: late.impressions, hits: [] },
  ]) {
    await ingestAndSettle(t, token, linesOf(part));
    dashboardFlights.clear();
    events = { impressions: [...events.impressions, ...part.impressions], hits: [...events.hits, ...part.hits] };
    // The creative-filtered numbers first, from summaries built before these events: they must follow.
    expect(await creativeSummaryDays()).toMatchObject({ built: 15 });
    expect((await compareAll()).slice(0, 20)).toEqual([]);
    expect(await siteSummaryDays()).toEqual({ built: 15, behind: 0 });
    expect(await creativeSummaryDays()).toEqual({ built: 15, behind: 0 });
  }
  // The late events changed the creative-filtered numbers (so the summaries above had to follow them).
  expect(creativeAnswer()).not.toEqual(creativeBefore);
});
