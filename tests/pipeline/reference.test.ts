import fc from 'fast-check';
import { referenceRepeatNat } from '../reference/invalid-traffic';
import { attachTouches, localParts, sessionise } from '../reference/sessions';
import type { RefHit, RefImpression } from '../reference/types';
import type { TestGateway } from '../support/gateway';
import {
  hitLine,
  impressionLine,
  ingest,
  seedCustomer,
  startPipelineGateway,
  storedVisits,
  superAdminToken,
  waitForIdle,
  type WorldCustomer,
} from '../support/pipeline';

/**
 * The ETL against the independent reference (tests/reference): random event sets — out of order,
 * sent in several requests (late arrivals across batches), duplicate ids, DST changes in
 * Pacific/Auckland, local midnights, exact 30-minute and 7-day edges — must give exactly the
 * reference's visits, pages, touches and local dates/dayparts.
 */
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
// Around the NZ DST end (2026-04-05 03:00 NZDT -> 02:00 NZST) and start (2026-09-27 02:00 -> 03:00).
const BASES = [
  Date.parse('2026-04-04T12:00:00Z'),
  Date.parse('2026-09-26T12:00:00Z'),
  Date.parse('2026-10-20T10:59:00Z'),
];
const REGIONS = ['AUK', 'WGN', 'CAN', 'UNK'];

let t: TestGateway;
let token: string;

beforeAll(async () => {
  t = await startPipelineGateway();
  token = await superAdminToken(t);
});
afterAll(async () => {
  await t.close();
});

/** Offsets that land on the rule's edges: whole 30-minute steps, 7 days, a millisecond either side. */
const offset = fc.oneof(
  fc.integer({ min: 0, max: 9 * DAY }),
  fc.integer({ min: 0, max: 40 }).map((k) => k * 30 * MIN),
  fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom(-1, 0, 1)).map(([k, d]) => k * 7 * DAY + d),
  fc.tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom(-1, 0, 1)).map(([k, d]) => k * 30 * MIN + 3 * DAY + d),
);

const eventSet = fc.record({
  base: fc.constantFrom(...BASES),
  impressions: fc.array(
    fc.record({ hh: fc.integer({ min: 0, max: 3 }), at: offset, tag: fc.nat(3), region: fc.constantFrom(...REGIONS) }),
    { maxLength: 40 },
  ),
  hits: fc.array(
    fc.record({ hh: fc.integer({ min: 0, max: 3 }), at: offset, tag: fc.nat(1), region: fc.constantFrom(...REGIONS) }),
    { minLength: 1, maxLength: 40 },
  ),
  duplicates: fc.array(fc.nat(), { maxLength: 8 }),
  parts: fc.integer({ min: 1, max: 3 }),
  seed: fc.nat(),
});

const households = ['1', '18446744073709551615', '9007199254740993', '424242'];

type EventSet = typeof eventSet extends fc.Arbitrary<infer T> ? T : never;

function build(world: WorldCustomer, spec: EventSet) {
  const impressions: RefImpression[] = spec.impressions.map((e, n) => {
    const tag = world.impressionTags[e.tag % world.impressionTags.length];
    return {
      id: `i${world.id}-${n}`,
      customerId: world.id,
      household: households[e.hh],
      ts: spec.base + e.at,
      bookingId: tag.bookingId,
      campaignId: tag.campaignId,
      creativeId: tag.creativeId,
      channelId: tag.channelId,
      region: e.region,
    };
  });
  const hits: RefHit[] = spec.hits.map((e, n) => ({
    id: `h${world.id}-${n}`,
    customerId: world.id,
    household: households[e.hh],
    ts: spec.base + e.at,
    siteTagId: world.siteTags[e.tag % world.siteTags.length].id,
    region: e.region,
  }));
  const impKey = new Map(world.impressionTags.map((tg) => [`${tg.bookingId}|${tg.creativeId}`, tg.key]));
  const siteKey = new Map(world.siteTags.map((s) => [s.id, s.key]));
  const lines = [
    ...impressions.map((i) => impressionLine(i, (x) => impKey.get(`${x.bookingId}|${x.creativeId}`)!)),
    ...hits.map((h) => hitLine(h, (x) => siteKey.get(x.siteTagId)!)),
  ];
  for (const d of spec.duplicates) if (lines.length) lines.push(lines[d % lines.length]);
  // Deterministic shuffle from the seed: arrival order has nothing to do with event time.
  let s = spec.seed || 1;
  for (let i = lines.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [lines[i], lines[j]] = [lines[j], lines[i]];
  }
  return { impressions, hits, lines };
}

test('visits, pages, touches and local dates equal the reference for random event sets', async () => {
  await fc.assert(
    fc.asyncProperty(eventSet, async (spec) => {
      const world = await seedCustomer(t, { bookings: 2, creativesPerBooking: 2, siteTags: 2 });
      const { impressions, hits, lines } = build(world, spec);
      const size = Math.ceil(lines.length / spec.parts);
      for (let p = 0; p < lines.length; p += size) {
        const r = await ingest(t, token, lines.slice(p, p + size));
        expect(r.status).toBe(200);
        expect(r.body.rejected).toBe(0);
        await waitForIdle(t, token);
      }
      // Invalid traffic rules 6-7 (docs/invalid-traffic.md): the reference's own reading decides what counts; the
      // parts arrive one after the other, so a later part moves stored impressions either way.
      const { counted, invalid } = referenceRepeatNat(impressions);
      const expected = attachTouches(sessionise(hits), counted);
      const stored = await storedVisits(t, world.id);
      expect(
        stored.map((v) => ({
          household: v.household,
          ts: new Date(v.ts).toISOString(),
          localDate: v.localDate,
          region: v.region,
          siteTagIds: v.siteTagIds,
          touches: v.touches.map((x) => x.id),
        })),
      ).toEqual(
        expected.map((v) => ({
          household: v.household,
          ts: new Date(v.ts).toISOString(),
          localDate: localParts(v.ts, world.timeZone).date,
          region: v.region,
          siteTagIds: v.siteTagIds,
          touches: v.touches.map((x) => x.id),
        })),
      );
      const rows: { event_id: string; local_date: string; weekday: number; daypart: number }[] =
        await t.gateway.app.ds.query(
          "SELECT event_id, DATE_FORMAT(local_date, '%Y-%m-%d') AS local_date, weekday, daypart FROM impression_event WHERE customer_id = ? ORDER BY event_id",
          [world.id],
        );
      const unique = new Map(counted.map((i) => [i.id, i]));
      expect(rows.map((r) => [r.event_id, r.local_date, r.weekday, r.daypart])).toEqual(
        [...unique.values()]
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .map((i) => {
            const p = localParts(i.ts, world.timeZone);
            return [i.id, p.date, p.weekday, p.daypart];
          }),
      );
      const [rollup]: { n: string | null }[] = await t.gateway.app.ds.query(
        'SELECT SUM(impressions) AS n FROM impression_rollup WHERE customer_id = ?',
        [world.id],
      );
      expect(Number(rollup.n ?? 0)).toBe(unique.size);
      const apart: { event_id: string; reason: string }[] = await t.gateway.app.ds.query(
        'SELECT event_id, reason FROM invalid_event WHERE customer_id = ? ORDER BY event_id',
        [world.id],
      );
      expect(apart.map((r) => [r.event_id, r.reason])).toEqual(
        invalid.map((x) => [x.event.id, x.reason]).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }),
    { numRuns: 50 },
  );
}, 300_000); // a property over random event sets: about 30 s quiet, 85-165 s on a loaded 2-core machine
