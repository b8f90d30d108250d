import { referenceWhatIf, type RefFilter } from '../reference/metrics';
import type { RefHit, RefImpression } from '../reference/types';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { closeTo, gqlCall, restCall } from './compare';
import { fillImpressionEvents } from './fill-impression-events';
import { fillTables } from './fill-tables';
import { generateEvents, tagImpression } from './generate';
import { payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, relate, type WorldCustomer } from './world';

/**
 * docs/design.md#attribution-what-if: attribution_what_if on REST and GraphQL against referenceWhatIf, on a
 * constructed world whose visits come at every edge of the windows (59 min, exactly 1 h, 1 h + 1 s, ... 30 d,
 * 31 d after their latest impression) next to generated traffic, under several filters; at 7 d it is
 * impression_summary's Total_Responses; other tenants and bad filters are refused.
 */
jest.setTimeout(120_000);

const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const GAPS = [
  0,
  59 * MIN,
  HOUR,
  HOUR + S,
  6 * HOUR - 1,
  6 * HOUR,
  23 * HOUR,
  DAY,
  DAY + 1,
  2 * DAY,
  3 * DAY - S,
  6 * DAY,
  7 * DAY - S,
  7 * DAY,
  13 * DAY,
  14 * DAY,
  29 * DAY,
  30 * DAY - 1,
  30 * DAY,
  31 * DAY,
];
const T0 = Date.parse('2026-09-02T10:00:00Z');

let t: TestGateway;
let admin: string;
let mine: WorldCustomer;
let theirs: WorldCustomer;
let impressions: RefImpression[] = [];
let hits: RefHit[] = [];

/**
 * Per gap three households: one impression of booking 0 (campaign 0, AUK) and a visit to site 0; one of
 * booking 1 (campaign 1, WGN) and a visit to site 1; and an impression of booking 0 two days before one of
 * booking 1, the visit to site 2 (so the campaign filter moves the gap by two days). Plus a visit before any
 * impression and a visit at the same instant as its impression.
 */
function constructed(c: WorldCustomer): { impressions: RefImpression[]; hits: RefHit[] } {
  const imps: RefImpression[] = [];
  const hs: RefHit[] = [];
  const tag = (b: number) => ({ bookingId: c.bookings[b].id, creativeId: c.creatives[b].id });
  let n = 0;
  GAPS.forEach((gap, g) => {
    for (let v = 0; v < 3; v++) {
      const household = String(5_000_000 + g * 10 + v);
      const region = v === 1 ? 'WGN' : 'AUK';
      const imp = (b: number, ts: number) =>
        imps.push(tagImpression(c, tag(b), { id: `w-i-${String(n++).padStart(4, '0')}`, household, ts, region }));
      if (v === 0) imp(0, T0);
      if (v === 1) imp(1, T0);
      if (v === 2) {
        imp(0, T0 - 2 * DAY);
        imp(1, T0);
      }
      hs.push({
        id: `w-h-${g}-${v}`,
        customerId: c.id,
        household,
        ts: T0 + gap,
        siteTagId: c.siteTags[v].id,
        region,
      });
    }
  });
  // A visit an hour before the household's only impression: no response at any window.
  imps.push(tagImpression(c, tag(0), { id: 'w-i-late', household: '5999999', ts: T0 + HOUR, region: 'AUK' }));
  hs.push({
    id: 'w-h-early',
    customerId: c.id,
    household: '5999999',
    ts: T0,
    siteTagId: c.siteTags[0].id,
    region: 'AUK',
  });
  return { impressions: imps, hits: hs };
}

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  mine = await makeCustomer(t, orgs.broadcasterId, referencePlan('What If Ltd'));
  theirs = await makeCustomer(t, orgs.broadcasterId, referencePlan('Other Ltd'));
  await relate(t, mine.id, { broadcaster_id: orgs.broadcasterId });
  const built = constructed(mine);
  const generated = generateEvents(mine, {
    seed: 5,
    fromMs: Date.parse('2026-09-10T00:00:00Z'),
    toMs: Date.parse('2026-10-06T00:00:00Z'),
    impressions: 800,
  });
  impressions = [...built.impressions, ...generated.impressions];
  hits = [...built.hits, ...generated.hits];
  const tagId = (i: RefImpression) => mine.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
  await fillTables(t, mine, impressions, hits);
  await fillImpressionEvents(t, 'impression_event', mine, impressions, tagId);
  // The other tenant has events of the same households and days: none of them may leak into mine.
  const other = constructed(theirs);
  const otherTag = (i: RefImpression) => theirs.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
  const shifted = other.impressions.map((i) => ({ ...i, ts: i.ts - 3 * HOUR, id: `o-${i.id}` }));
  await fillTables(t, theirs, shifted, other.hits);
  await fillImpressionEvents(t, 'impression_event', theirs, shifted, otherTag);
});
afterAll(() => t.close());

const base = (): RefFilter => ({ customerId: mine.id, start: '2026-08-25', end: '2026-10-20' });
const cases = (): [string, RefFilter][] => [
  ['unfiltered', base()],
  ['campaign', { ...base(), campaigns: [mine.campaigns[0].id] }],
  ['site', { ...base(), sites: [mine.siteTags[1].id] }],
  ['region', { ...base(), regions: ['AUK'] }],
  [
    'booking, creative, channel',
    { ...base(), bookings: [mine.bookings[1].id], creatives: [mine.creatives[1].id], channels: [mine.channels[1].id] },
  ],
  ['weekday, daypart', { ...base(), weekdays: [3, 4, 5], dayparts: [1, 7, 8] }],
  ['combined', { ...base(), campaigns: [mine.campaigns[0].id], regions: ['AUK', 'WGN'], sites: [mine.siteTags[2].id] }],
  // The range starts after T0's local date: those impressions are outside I(F) and touch nothing.
  ['range after the first impressions', { ...base(), start: '2026-09-04', end: '2026-10-10' }],
  ['empty range', { ...base(), start: '2026-01-01', end: '2026-01-03' }],
];

test.each([0, 1, 2, 3, 4, 5, 6, 7, 8])('filter case %i equals referenceWhatIf on REST and GraphQL', async (i) => {
  const [name, filter] = cases()[i];
  const expected = referenceWhatIf(refCustomer(mine), impressions, hits, filter);
  const payload = payloadOf(filter);
  const rest = await restCall(t, admin, 'attribution_what_if', payload);
  expect(rest.status).toBe(200);
  const g = await gqlCall(t, admin, 'attribution_what_if', payload);
  expect(g.errors).toBeUndefined();
  expect(g.data.attribution_what_if).toEqual(rest.body);
  expect({ name, problems: closeTo(rest.body.table_data, expected) }).toEqual({ name, problems: [] });
  expect(rest.body.summary_data.Current_Window_Hours).toBe(168);
  // At the current window (7 d) every figure is impression_summary's.
  const summary = (await restCall(t, admin, 'impression_summary', payload)).body.summary_data;
  const week = rest.body.table_data.find((r: { Window_Hours: number }) => r.Window_Hours === 168);
  expect(week).toEqual({
    Window_Hours: 168,
    Total_Responses: summary.Total_Responses,
    Response_Rate: summary.Response_Rate,
    Current_CPR: summary.Current_CPR,
  });
  expect(rest.body.summary_data.Actual_Impressions).toBe(summary.Actual_Impressions);
  expect(rest.body.summary_data.Ad_Spend).toBeCloseTo(summary.Ad_Spend, 9);
});

test('the constructed visits land on both sides of every window edge', async () => {
  const only = { ...base(), bookings: [mine.bookings[0].id] };
  const r = await restCall(t, admin, 'attribution_what_if', payloadOf(only));
  const built = (hours: number) => GAPS.filter((g) => g < hours * HOUR).length;
  const generated = referenceWhatIf(
    refCustomer(mine),
    impressions.filter((i) => !i.id.startsWith('w-')),
    hits.filter((h) => !h.id.startsWith('w-')),
    only,
  );
  // Booking 0 alone: households v = 0 (their only impression) and v = 2 (the one two days earlier).
  const expected = [1, 6, 24, 48, 72, 168, 336, 720].map(
    (h, i) => built(h) + GAPS.filter((g) => g + 2 * DAY < h * HOUR).length + generated[i].Total_Responses,
  );
  expect(r.body.table_data.map((x: { Total_Responses: number }) => x.Total_Responses)).toEqual(expected);
  // 59 min and 0 are within 1 h; exactly 1 h is not. 30 d - 1 ms is within 30 d; 30 d and 31 d never are.
  expect(built(1)).toBe(2);
  expect(built(720)).toBe(GAPS.length - 2);
});

test("another client's what-if answers like an unknown client, on REST and GraphQL", async () => {
  const own = await makeUser(t, { entityType: 'CUSTOMER', entityId: mine.id, admin: false });
  const ok = await restCall(t, own.token, 'attribution_what_if', payloadOf(base()));
  expect(ok.status).toBe(200);
  expect(ok.body.table_data[7].Total_Responses).toBeGreaterThan(0);
  const other = await restCall(t, own.token, 'attribution_what_if', { ...payloadOf(base()), client_id: theirs.id });
  const unknown = await restCall(t, own.token, 'attribution_what_if', { ...payloadOf(base()), client_id: 999999 });
  expect(other.status).toBe(404);
  expect(other.body).toEqual(unknown.body);
  const g = await gqlCall(t, own.token, 'attribution_what_if', { ...payloadOf(base()), client_id: theirs.id });
  expect(g.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  // The other tenant's own what-if counts its own events only.
  const theirsAnswer = await restCall(t, admin, 'attribution_what_if', { ...payloadOf(base()), client_id: theirs.id });
  expect(theirsAnswer.body.summary_data.Actual_Impressions).toBe(GAPS.length * 4 + 1);
});

test.each([
  ['startdate', { startdate: '2026-13-01' }],
  ['enddate', { startdate: '2026-09-10', enddate: '2026-09-09' }],
  ['time_slots', { time_slots: [9] }],
  ['region', { region: ['ZZZ'] }],
])('a bad %s is a 400 naming it', async (field, extra) => {
  const r = await restCall(t, admin, 'attribution_what_if', { ...payloadOf(base()), ...extra });
  expect(r.status).toBe(400);
  expect(Object.keys(r.body.fields)).toEqual([field]);
  const g = await gqlCall(t, admin, 'attribution_what_if', { ...payloadOf(base()), ...extra });
  expect(g.errors?.[0].extensions?.code).toBe('VALIDATION');
  expect(Object.keys(g.errors?.[0].extensions?.fields ?? {})).toEqual([field]);
});
