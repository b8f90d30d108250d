import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { localParts } from '../reference/sessions';
import { generateEvents } from '../dashboard/generate';
import { makeBroadcasterWorld, makeCustomer, referencePlan, relate, type WorldCustomer } from '../dashboard/world';
import type { RefHit, RefImpression } from '../reference/types';

/**
 * The live view (docs/design.md#live-view): the last 30 minutes per minute equal what was committed (counted
 * here independently from the written events), the stream pushes a new hit within seconds, and another
 * tenant's customer is refused (404) on the snapshot and the stream alike.
 */
let t: TestGateway;
let mine: WorldCustomer;
let theirs: WorldCustomer;
let agency: string;
let stranger: string;
let events: ReturnType<typeof generateEvents>;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  mine = await makeCustomer(t, orgs.broadcasterId, referencePlan('Live Ltd'));
  theirs = await makeCustomer(t, orgs.broadcasterId, referencePlan('Other Live Ltd'));
  await relate(t, mine.id, { agency_id: orgs.agencyId });
  agency = (await makeUser(t, { entityType: 'AGENCY', entityId: orgs.agencyId, admin: false })).token;
  stranger = (await makeUser(t, { entityType: 'CUSTOMER', entityId: theirs.id, admin: false })).token;
  // An hour of traffic ending now: half of it inside the live window.
  const now = Date.now();
  events = generateEvents(mine, { seed: 21, fromMs: now - 60 * MINUTE, toMs: now - 5_000, impressions: 200 });
  await writeEvents(events.impressions, events.hits);
});
afterAll(() => t.close());

/** Commits raw events as the ETL does (the event tables the live view reads). */
async function writeEvents(impressions: RefImpression[], hits: RefHit[]) {
  const sqlTs = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const ds = t.gateway.app.ds;
  if (impressions.length > 0) {
    await ds.query(
      `INSERT INTO impression_event (event_id, customer_id, impression_tag_id, booking_id, campaign_id, creative_id,
         channel_id, household_id, ts, local_date, weekday, daypart, region)
       VALUES ${impressions.map(() => '(?,?,?,?,?,?,?,?,?,?,?,?,?)').join(',')}`,
      impressions.flatMap((i) => {
        const lp = localParts(i.ts, mine.timeZone);
        const tag = mine.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
        return [
          i.id,
          mine.id,
          tag,
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
      }),
    );
  }
  if (hits.length > 0) {
    await ds.query(
      `INSERT INTO site_hit (event_id, customer_id, site_tag_id, household_id, ts, region, url)
       VALUES ${hits.map(() => '(?,?,?,?,?,?,NULL)').join(',')}`,
      hits.flatMap((h) => [h.id, mine.id, h.siteTagId, h.household, sqlTs(h.ts), h.region]),
    );
  }
}

/** The figures computed from the events themselves, for the window the answer reports. */
function expected(firstMinute: string, impressions: RefImpression[], hits: RefHit[]) {
  const start = Date.parse(firstMinute);
  const slot = (ts: number) => Math.floor((ts - start) / MINUTE);
  const perMinute = Array.from({ length: 30 }, () => ({ impressions: 0, hits: 0, responses: 0 }));
  for (const i of impressions) if (slot(i.ts) >= 0 && slot(i.ts) < 30) perMinute[slot(i.ts)].impressions++;
  const firstHit = new Map<string, number>();
  for (const h of hits) {
    if (slot(h.ts) < 0 || slot(h.ts) >= 30) continue;
    perMinute[slot(h.ts)].hits++;
    const touched = impressions.some(
      (i) => i.household === h.household && i.ts <= h.ts && i.ts > h.ts - 7 * 24 * 60 * MINUTE,
    );
    if (touched && (!firstHit.has(h.household) || h.ts < firstHit.get(h.household)!)) firstHit.set(h.household, h.ts);
  }
  for (const ts of firstHit.values()) perMinute[slot(ts)].responses++;
  const tags = new Map<string, { hits: number; last: number }>();
  const bump = (key: string, ts: number) => {
    const e = tags.get(key) ?? { hits: 0, last: 0 };
    e.hits++;
    e.last = Math.max(e.last, ts);
    tags.set(key, e);
  };
  for (const i of impressions) {
    if (slot(i.ts) < 0 || slot(i.ts) >= 30) continue;
    bump(`impression:${mine.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id}`, i.ts);
  }
  for (const h of hits) if (slot(h.ts) >= 0 && slot(h.ts) < 30) bump(`site:${h.siteTagId}`, h.ts);
  return {
    perMinute,
    tags: [...tags.entries()]
      .map(([k, v]) => ({ key: k, hits: v.hits, last_hit: new Date(v.last).toISOString() }))
      .sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
}

test('the snapshot equals the committed events of the last 30 minutes, per minute and per tag', async () => {
  const r = await call(t.url, 'GET', `/api/live/${mine.id}`, { token: agency });
  expect(r.status).toBe(200);
  expect(r.body.minutes).toHaveLength(30);
  const want = expected(r.body.minutes[0].minute, events.impressions, events.hits);
  expect(
    r.body.minutes.map((m: any) => ({ impressions: m.impressions, hits: m.hits, responses: m.responses })),
  ).toEqual(want.perMinute);
  expect(r.body.impressions).toBeGreaterThan(0);
  expect(r.body.hits).toBeGreaterThan(0);
  const got = r.body.tags
    .map((x: any) => ({ key: `${x.kind}:${x.id}`, hits: x.hits, last_hit: x.last_hit }))
    .sort((a: any, b: any) => (a.key < b.key ? -1 : 1));
  expect(got).toEqual(want.tags);
});

test("another tenant's customer is refused on the snapshot and the stream; no token is a 401", async () => {
  expect((await call(t.url, 'GET', `/api/live/${mine.id}`, { token: stranger })).status).toBe(404);
  const s = await fetch(`${t.url}/api/live/${mine.id}/stream`, { headers: { authorization: `Bearer ${stranger}` } });
  expect(s.status).toBe(404);
  expect(s.headers.get('content-type')).not.toContain('text/event-stream');
  await s.body?.cancel();
  const anonymous = await fetch(`${t.url}/api/live/${mine.id}/stream`);
  expect(anonymous.status).toBe(401);
  await anonymous.body?.cancel();
  expect((await call(t.url, 'GET', `/api/live/${theirs.id}`, { token: stranger })).status).toBe(200);
});

test('the stream pushes a snapshot at once and a new impression within seconds', async () => {
  const controller = new AbortController();
  const res = await fetch(`${t.url}/api/live/${mine.id}/stream`, {
    headers: { authorization: `Bearer ${agency}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const nextSnapshot = async (timeoutMs: number): Promise<any> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (block.includes('event: snapshot') && data) return JSON.parse(data.slice(6));
        continue;
      }
      if (Date.now() > deadline) throw new Error('no snapshot in time');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no snapshot in time')), deadline - Date.now()),
        ),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  try {
    const first = await nextSnapshot(5_000);
    const before = first.impressions;
    const tagsBefore = first.tags.length;
    // A brand-new household's impression, committed now.
    const at = Date.now();
    const b = mine.bookings[0];
    await writeEvents(
      [
        {
          id: `live-${at}`,
          customerId: mine.id,
          household: '777000111',
          ts: at,
          bookingId: b.id,
          campaignId: b.campaignId,
          creativeId: b.creativeIds[0],
          channelId: b.channelId,
          region: 'AUK',
        },
      ],
      [],
    );
    let pushed = await nextSnapshot(5_000);
    // A snapshot of older figures may be in flight: wait for the one with the new impression.
    while (pushed.impressions === before) pushed = await nextSnapshot(5_000 - (Date.now() - at));
    const seconds = (Date.now() - at) / 1000;
    expect(pushed.impressions).toBe(before + 1);
    expect(seconds).toBeLessThan(5);
    expect(pushed.tags.length).toBeGreaterThanOrEqual(tagsBefore);
    expect(pushed.tags[0].last_hit).toBe(new Date(at).toISOString());
  } finally {
    await reader.cancel().catch(() => undefined);
    controller.abort();
  }
});
