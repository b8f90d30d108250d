import { localParts } from '../reference/sessions';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { fillTables } from '../dashboard/fill-tables';
import { generateEvents } from '../dashboard/generate';
import { makeBroadcasterWorld, makeCustomer, referencePlan, relate, type WorldCustomer } from '../dashboard/world';

/**
 * Annotations (docs/design.md#annotations) on both transports: a user of an organisation related to the
 * customer adds, edits and removes notes; another tenant can neither read nor change them (404 like an
 * unknown id); the automatic markers are the bookings' starts and ends and each creative's first impression.
 */
let t: TestGateway;
let mine: WorldCustomer;
let theirs: WorldCustomer;
let agency: string;
let stranger: string;
let events: ReturnType<typeof generateEvents>;

const RANGE = { startdate: '2026-09-01', enddate: '2026-10-31' };
const list = (token: string, c: WorldCustomer, range = RANGE) =>
  call(t.url, 'GET', `/api/annotations?client_id=${c.id}&startdate=${range.startdate}&enddate=${range.enddate}`, {
    token,
  });

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  mine = await makeCustomer(t, orgs.broadcasterId, referencePlan('Noted Ltd'));
  theirs = await makeCustomer(t, orgs.broadcasterId, referencePlan('Elsewhere Ltd'));
  await relate(t, mine.id, { agency_id: orgs.agencyId });
  agency = (await makeUser(t, { entityType: 'AGENCY', entityId: orgs.agencyId, admin: false })).token;
  // A customer user of the other customer: sees only that one.
  stranger = (await makeUser(t, { entityType: 'CUSTOMER', entityId: theirs.id, admin: false })).token;
  events = generateEvents(mine, {
    seed: 3,
    fromMs: Date.parse('2026-09-10T00:00:00Z'),
    toMs: Date.parse('2026-10-01T00:00:00Z'),
    impressions: 300,
  });
  await fillTables(t, mine, events.impressions, events.hits);
});
afterAll(() => t.close());

test('a related user adds a note over REST, reads it on GraphQL, edits and removes it', async () => {
  const created = await call(t.url, 'POST', '/api/annotations', {
    token: agency,
    body: {
      customer_id: mine.id,
      campaign_id: mine.campaigns[0].id,
      start_date: '2026-09-15',
      note: 'TV flight starts with the new 30s spot',
    },
  });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({
    customer_id: mine.id,
    campaign_id: mine.campaigns[0].id,
    campaign_name: mine.campaigns[0].name,
    start_date: '2026-09-15',
    end_date: '2026-09-15',
    note: 'TV flight starts with the new 30s spot',
    created_by_name: 'AGENCY User',
  });
  const id = created.body.id;

  const q = `query($c: Int!, $s: String!, $e: String!) { annotations(client_id: $c, startdate: $s, enddate: $e) {
    notes { id note start_date end_date campaign_id } automatic { kind date text } } }`;
  const g = await gql(t.url, q, { c: mine.id, s: '2026-09-01', e: '2026-09-30' }, agency);
  expect(g.errors).toBeUndefined();
  expect(g.data.annotations.notes).toEqual([
    {
      id,
      note: 'TV flight starts with the new 30s spot',
      start_date: '2026-09-15',
      end_date: '2026-09-15',
      campaign_id: mine.campaigns[0].id,
    },
  ]);
  // Outside the range asked: not listed.
  const later = await list(agency, mine, { startdate: '2026-09-16', enddate: '2026-09-30' });
  expect(later.body.notes).toEqual([]);

  const m = `mutation($id: Int!, $i: AnnotationInput!) { updateAnnotation(id: $id, input: $i) { id note start_date end_date campaign_id } }`;
  const edited = await gql(
    t.url,
    m,
    { id, i: { note: 'Flight moved a day', start_date: '2026-09-16', end_date: '2026-09-18', campaign_id: null } },
    agency,
  );
  expect(edited.errors).toBeUndefined();
  expect(edited.data.updateAnnotation).toEqual({
    id,
    note: 'Flight moved a day',
    start_date: '2026-09-16',
    end_date: '2026-09-18',
    campaign_id: null,
  });
  // A range note is listed wherever it overlaps.
  expect((await list(agency, mine, { startdate: '2026-09-18', enddate: '2026-09-20' })).body.notes).toHaveLength(1);

  const removed = await call(t.url, 'DELETE', `/api/annotations/${id}`, { token: agency });
  expect(removed.status).toBe(200);
  expect((await list(agency, mine)).body.notes).toEqual([]);
});

test("another tenant can neither read, add, edit nor remove a customer's notes (404 like an unknown one)", async () => {
  const note = await call(t.url, 'POST', '/api/annotations', {
    token: agency,
    body: { customer_id: mine.id, start_date: '2026-09-20', note: 'Radio burst' },
  });
  expect(note.status).toBe(200);
  const id = note.body.id;
  expect((await list(stranger, mine)).status).toBe(404);
  const add = await call(t.url, 'POST', '/api/annotations', {
    token: stranger,
    body: { customer_id: mine.id, start_date: '2026-09-20', note: 'not mine' },
  });
  expect(add.status).toBe(404);
  expect((await call(t.url, 'PUT', `/api/annotations/${id}`, { token: stranger, body: { note: 'x' } })).status).toBe(
    404,
  );
  expect((await call(t.url, 'DELETE', `/api/annotations/${id}`, { token: stranger })).status).toBe(404);
  const g = await gql(t.url, `mutation { deleteAnnotation(id: ${id}) }`, {}, stranger);
  expect(g.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  // Moving a note to another customer is refused.
  const move = await call(t.url, 'PUT', `/api/annotations/${id}`, {
    token: agency,
    body: { customer_id: theirs.id },
  });
  expect(move.status).toBe(400);
  // Still there, unchanged.
  const still = await list(agency, mine);
  expect(still.body.notes.map((n: any) => [n.id, n.note])).toEqual([[id, 'Radio burst']]);
  // Its own customer's list is its own: empty.
  expect((await list(stranger, theirs)).body.notes).toEqual([]);
});

test('bad input is a 400 naming the field', async () => {
  const post = (body: object) => call(t.url, 'POST', '/api/annotations', { token: agency, body });
  const cases: [object, string][] = [
    [{ customer_id: mine.id, start_date: '2026-02-30', note: 'x' }, 'start_date'],
    [{ customer_id: mine.id, start_date: '2026-09-10', end_date: '2026-09-01', note: 'x' }, 'end_date'],
    [{ customer_id: mine.id, start_date: '2026-09-10', note: '   ' }, 'note'],
    [{ customer_id: mine.id, start_date: '2026-09-10', note: 'x'.repeat(501) }, 'note'],
    [{ customer_id: mine.id, start_date: '2026-09-10', note: 'x', campaign_id: theirs.campaigns[0].id }, 'campaign_id'],
  ];
  for (const [body, field] of cases) {
    const r = await post(body);
    expect({ field, status: r.status }).toEqual({ field, status: 400 });
    expect(JSON.stringify(r.body)).toContain(field);
  }
  const badRange = await call(t.url, 'GET', `/api/annotations?client_id=${mine.id}&startdate=2026-10-01&enddate=x`, {
    token: agency,
  });
  expect(badRange.status).toBe(400);
});

test("automatic markers: each booking's start and end in range, and each creative's first impression", async () => {
  const r = await list(agency, mine);
  expect(r.status).toBe(200);
  const expected: { kind: string; date: string; text: string }[] = [];
  for (const b of mine.bookings) {
    for (const [kind, date, verb] of [
      ['booking_start', b.start, 'starts'],
      ['booking_end', b.end, 'ends'],
    ] as const) {
      if (date >= RANGE.startdate && date <= RANGE.enddate) expected.push({ kind, date, text: `${b.name} ${verb}` });
    }
  }
  const first = new Map<number, string>();
  for (const i of events.impressions) {
    const d = localParts(i.ts, mine.timeZone).date;
    if (!first.has(i.creativeId) || d < first.get(i.creativeId)!) first.set(i.creativeId, d);
  }
  for (const [creativeId, date] of first) {
    const c = mine.creatives.find((x) => x.id === creativeId)!;
    expected.push({ kind: 'first_impression', date, text: `First impression of ${c.description}` });
  }
  const got = r.body.automatic.map((m: any) => ({ kind: m.kind, date: m.date, text: m.text }));
  const order = (a: any, b: any) => (a.date + a.text < b.date + b.text ? -1 : 1);
  expect(got.sort(order)).toEqual(expected.sort(order));
  expect(first.size).toBeGreaterThan(0);
  // A range after everything started: no first impressions.
  const late = await list(agency, mine, { startdate: '2026-10-20', enddate: '2026-10-25' });
  expect(late.body.automatic.filter((m: any) => m.kind === 'first_impression')).toEqual([]);
});

test("a deleted campaign's notes stay as the customer's notes, campaign detached", async () => {
  const made: { insertId: number } = await t.gateway.app.ds.query(
    "INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, 'Short-lived push', '2026-09-01', '2026-09-30')",
    [mine.id],
  );
  const campaignId = made.insertId;
  const note = await call(t.url, 'POST', '/api/annotations', {
    token: agency,
    body: { customer_id: mine.id, campaign_id: campaignId, start_date: '2026-09-20', note: 'Radio push, then pulled' },
  });
  expect(note.status).toBe(200);
  expect(note.body).toMatchObject({ campaign_id: campaignId, campaign_name: 'Short-lived push' });

  const deleted = await call(t.url, 'DELETE', `/api/campaigns/${campaignId}`, { token: agency });
  expect(deleted.status).toBe(200);

  const after = await list(agency, mine);
  expect(after.status).toBe(200);
  const kept = after.body.notes.find((n: { id: number }) => n.id === note.body.id);
  expect(kept).toMatchObject({
    customer_id: mine.id,
    campaign_id: null,
    campaign_name: null,
    start_date: '2026-09-20',
    note: 'Radio push, then pulled',
  });
  // Still the customer's: another tenant does not see it.
  const theirs404 = await call(t.url, 'PUT', `/api/annotations/${note.body.id}`, {
    token: stranger,
    body: { note: 'x' },
  });
  expect(theirs404.status).toBe(404);
});
