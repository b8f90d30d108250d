import { insertApiKey } from '../support/api-keys';
import { BROWSER } from '../support/browser-agent';
import type { TestGateway } from '../support/gateway';
import {
  ingest,
  seedCustomer,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
  type IngestLine,
  type WorldCustomer,
} from '../support/pipeline';

/**
 * Event ids are the sender's choice (docs/design.md#collection: `id` for idempotent re-sends), so they are unique per
 * customer, not across customers: one organisation's ingest key that sends another customer's ids first
 * (they are predictable: a sender's own numbering) must not make that customer's events vanish while
 * they are acknowledged. A customer's own re-sends stay idempotent.
 */
let t: TestGateway;
let admin: string;
let a: WorldCustomer;
let b: WorldCustomer;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  t = await startPipelineGateway();
  admin = await superAdminToken(t);
  a = await seedCustomer(t, { name: 'Squatter', bookings: 1, siteTags: 1 });
  b = await seedCustomer(t, { name: 'Victim', bookings: 1, siteTags: 1 });
  keyA = (await insertApiKey(t, { entityType: 'CUSTOMER', entityId: a.id, scopes: ['ingest'] })).secret;
  keyB = (await insertApiKey(t, { entityType: 'CUSTOMER', entityId: b.id, scopes: ['ingest'] })).secret;
}, 60_000);
afterAll(() => t.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** Impressions, control impressions and page hits of one household, with the given ids. */
const linesOf = (w: WorldCustomer, household: string): IngestLine[] => [
  ...[1, 2, 3, 4, 5].map((n) => ({
    type: 'impression' as const,
    tag: w.impressionTags[n % 2].key,
    ts: minutesAgo(60 - n),
    household,
    id: `imp-${n}`,
  })),
  ...[1, 2].map((n) => ({
    type: 'impression' as const,
    tag: w.impressionTags[0].key,
    ts: minutesAgo(50 - n),
    household,
    control: true,
    id: `ctl-${n}`,
  })),
  ...[1, 2, 3].map((n) => ({
    type: 'visit' as const,
    tag: w.siteTags[0].key,
    ts: minutesAgo(40 - n),
    household,
    url: `https://shop.example/${n}`,
    id: `hit-${n}`,
  })),
];

const count = async (sql: string, customerId: number): Promise<number> =>
  Number((await t.gateway.app.ds.query(sql, [customerId]))[0].n);

/** What a customer has stored: events of each kind, its visits and their touches. */
const storedOf = async (customerId: number) => ({
  impressions: await count('SELECT COUNT(*) AS n FROM impression_event WHERE customer_id = ?', customerId),
  controls: await count('SELECT COUNT(*) AS n FROM control_impression_event WHERE customer_id = ?', customerId),
  hits: await count('SELECT COUNT(*) AS n FROM site_hit WHERE customer_id = ?', customerId),
  visits: await count('SELECT COUNT(*) AS n FROM visit WHERE customer_id = ?', customerId),
  touches: await count('SELECT COUNT(*) AS n FROM touch WHERE customer_id = ?', customerId),
  rolledUp: await count(
    'SELECT COALESCE(SUM(impressions), 0) AS n FROM impression_rollup WHERE customer_id = ?',
    customerId,
  ),
});

test("another organisation's key sending a customer's ids first takes nothing from that customer", async () => {
  // The squatter goes first, with its own tags and the ids the victim is about to use.
  expect((await ingest(t, keyA, linesOf(a, '4100'))).body).toEqual({ accepted: 10, rejected: 0, errors: [] });
  await waitForIdle(t, admin);
  expect((await ingest(t, keyB, linesOf(b, '4200'))).body).toEqual({ accepted: 10, rejected: 0, errors: [] });
  await waitForIdle(t, admin);
  // One visit of three page hits, touched by the household's five impressions (controls never touch).
  const every = { impressions: 5, controls: 2, hits: 3, visits: 1, touches: 5, rolledUp: 5 };
  expect(await storedOf(b.id)).toEqual(every);
  expect(await storedOf(a.id)).toEqual(every);

  // A customer's own re-send is still stored once.
  expect((await ingest(t, keyB, linesOf(b, '4200'))).body.accepted).toBe(10);
  await waitForIdle(t, admin);
  expect(await storedOf(b.id)).toEqual(every);
  expect(await storedOf(a.id)).toEqual(every);
});

test("a key re-using the ids of another customer's pixels stores its own lines and leaves the pixels be", async () => {
  const imp = b.impressionTags[1].key;
  const site = b.siteTags[0].key;
  for (const path of [
    `/t/i/${imp}?hh=4300`,
    `/t/i/${imp}?hh=4300&ctl=1`,
    `/t/v/${site}?hh=4300&u=https%3A%2F%2Fb.test%2F`,
  ])
    expect((await fetch(t.url + path, BROWSER)).status).toBe(200);
  await waitForIdle(t, admin);
  const ids = async (table: string, customerId: number): Promise<string[]> =>
    (
      (await t.gateway.app.ds.query(`SELECT event_id FROM ${table} WHERE customer_id = ? AND household_id = 4300`, [
        customerId,
      ])) as { event_id: string }[]
    ).map((r) => r.event_id);
  const [pixelImpression] = await ids('impression_event', b.id);
  const [pixelControl] = await ids('control_impression_event', b.id);
  const [pixelHit] = await ids('site_hit', b.id);
  expect([pixelImpression, pixelControl, pixelHit].every((id) => typeof id === 'string')).toBe(true);
  const beforeB = await storedOf(b.id);
  const beforeA = await storedOf(a.id);

  const copied: IngestLine[] = [
    { type: 'impression', tag: a.impressionTags[0].key, ts: minutesAgo(20), household: '4400', id: pixelImpression },
    {
      type: 'impression',
      tag: a.impressionTags[0].key,
      ts: minutesAgo(20),
      household: '4400',
      control: true,
      id: pixelControl,
    },
    { type: 'visit', tag: a.siteTags[0].key, ts: minutesAgo(10), household: '4400', id: pixelHit },
  ];
  expect((await ingest(t, keyA, copied)).body).toEqual({ accepted: 3, rejected: 0, errors: [] });
  await waitForIdle(t, admin);
  expect(await storedOf(b.id)).toEqual(beforeB);
  expect(await storedOf(a.id)).toEqual({
    impressions: beforeA.impressions + 1,
    controls: beforeA.controls + 1,
    hits: beforeA.hits + 1,
    visits: beforeA.visits + 1,
    touches: beforeA.touches + 1,
    rolledUp: beforeA.rolledUp + 1,
  });
  expect(await ids('impression_event', b.id)).toEqual([pixelImpression]);
  expect(await ids('site_hit', b.id)).toEqual([pixelHit]);
});

test('a line whose address is not IPv4 or IPv6 is refused with a clear reason; good addresses pass', async () => {
  const tag = a.impressionTags[0].key;
  const r = await ingest(t, keyA, [
    { type: 'impression', tag, ts: minutesAgo(5), ip: '999.1.1.1' },
    { type: 'impression', tag, ts: minutesAgo(5), ip: '203.0.113.7' },
    { type: 'impression', tag, ts: minutesAgo(5), ip: '2001:db8::7' },
    { type: 'impression', tag, ts: minutesAgo(5), ip: 'not-an-address', household: '4500' },
  ]);
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    accepted: 2,
    rejected: 2,
    errors: [
      { line: 1, reason: 'ip must be an IPv4 or IPv6 address' },
      { line: 4, reason: 'ip must be an IPv4 or IPv6 address' },
    ],
  });
});
