import fc from 'fast-check';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, type RecordsWorld, sessionsOf, type Tenant } from '../support/records-fixtures';

/**
 * Tenant isolation under random id swaps (item 9): fast-check picks a role of tenant A, an
 * operation and one of tenant B's ids; the answer must be exactly the answer for an id that does not exist
 * (no existence leak), on REST and on GraphQL, and tenant B's rows never change.
 */
let t: TestGateway;
let w: RecordsWorld;
beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
});
afterAll(() => t.close());

type IdKind = 'customer' | 'campaign' | 'booking' | 'creative' | 'siteTag' | 'impressionTag';
const idOf = (v: Tenant, k: IdKind): number =>
  ({
    customer: v.customerId,
    campaign: v.campaignId,
    booking: v.bookingId,
    creative: v.creativeId,
    siteTag: v.siteTagId,
    impressionTag: v.impressionTagId,
  })[k];

interface Op {
  kind: IdKind;
  rest: (id: number) => [string, string, unknown?];
  graphql: (id: number) => string;
}
const OPS: Op[] = [
  {
    kind: 'customer',
    rest: (id) => ['GET', `/api/campaigns/customer/${id}`],
    graphql: (id) => `{ campaigns(customer_id: ${id}) { id } }`,
  },
  {
    kind: 'customer',
    rest: (id) => ['GET', `/api/bookings/customer/${id}`],
    graphql: (id) => `{ bookings(customer_id: ${id}) { id } }`,
  },
  {
    kind: 'customer',
    rest: (id) => ['GET', `/api/sitetags/customer/${id}`],
    graphql: (id) => `{ siteTags(customer_id: ${id}) { id tag } }`,
  },
  {
    kind: 'campaign',
    rest: (id) => ['PUT', `/api/campaigns/${id}`, { campaign_name: 'Swapped campaign' }],
    graphql: (id) => `mutation { updateCampaign(id: ${id}, input: { campaign_name: "Swapped campaign" }) { id } }`,
  },
  {
    kind: 'booking',
    rest: (id) => ['PUT', `/api/bookings/${id}`, { booking_name: 'Swapped booking' }],
    graphql: (id) => `mutation { updateBooking(id: ${id}, input: { booking_name: "Swapped booking" }) { id } }`,
  },
  {
    kind: 'creative',
    rest: (id) => ['PUT', `/api/creatives/${id}`, { description: 'Swapped' }],
    graphql: (id) => `mutation { updateCreative(id: ${id}, input: { description: "Swapped" }) { id } }`,
  },
  {
    kind: 'siteTag',
    rest: (id) => ['DELETE', `/api/sitetags/${id}`],
    graphql: (id) => `mutation { deleteSiteTag(id: ${id}) }`,
  },
  {
    kind: 'impressionTag',
    rest: (id) => ['DELETE', `/api/impressiontags/${id}`],
    graphql: (id) => `mutation { deleteImpressionTag(id: ${id}) }`,
  },
];

const rowsOf = async (customerId: number) => {
  const q = (sql: string) => t.gateway.app.ds.query(sql, [customerId]);
  return [
    await q('SELECT * FROM campaign WHERE customer_id = ? ORDER BY id'),
    await q('SELECT * FROM booking WHERE customer_id = ? ORDER BY id'),
    await q('SELECT * FROM creative WHERE customer_id = ? ORDER BY id'),
    await q('SELECT * FROM site_tag WHERE customer_id = ? ORDER BY id'),
    await q('SELECT * FROM impression_tag WHERE customer_id = ? ORDER BY id'),
  ];
};

// GraphQL's Int is 32-bit signed: ids beyond it are a validation error on that transport, not a lookup.
const unknownId = fc.integer({ min: 900_000, max: 2_147_483_647 });

test('REST: any role of tenant A, any operation, tenant B’s id answers exactly like an unknown id', async () => {
  const before = await rowsOf(w.b.customerId);
  const sessions = sessionsOf(w.a);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...sessions), fc.constantFrom(...OPS), unknownId, async ([, s], op, missing) => {
      const [method, path, body] = op.rest(idOf(w.b, op.kind));
      const [, missingPath] = op.rest(missing);
      const hidden = await call(t.url, method, path, { token: s.token, body });
      const absent = await call(t.url, method, missingPath, { token: s.token, body });
      expect(hidden.status).toBe(404);
      expect([hidden.status, hidden.body]).toEqual([absent.status, absent.body]);
    }),
    { numRuns: 60 },
  );
  expect(await rowsOf(w.b.customerId)).toEqual(before);
});

test('GraphQL: the same swaps answer NOT_FOUND exactly like an unknown id', async () => {
  const before = await rowsOf(w.b.customerId);
  const sessions = sessionsOf(w.a);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...sessions), fc.constantFrom(...OPS), unknownId, async ([, s], op, missing) => {
      const hidden = await gql(t.url, op.graphql(idOf(w.b, op.kind)), {}, s.token);
      const absent = await gql(t.url, op.graphql(missing), {}, s.token);
      expect(hidden.errors?.[0].extensions?.code).toBe('NOT_FOUND');
      const strip = (r: typeof hidden) => r.errors?.map((e) => [e.message, e.extensions?.code]);
      expect(strip(hidden)).toEqual(strip(absent));
      expect(hidden.data ?? null).toEqual(absent.data ?? null);
    }),
    { numRuns: 60 },
  );
  expect(await rowsOf(w.b.customerId)).toEqual(before);
});

test('the same operations succeed for tenant A’s own ids (the property is not refusing everything)', async () => {
  const s = w.a.users.customer.admin;
  for (const op of OPS.filter((o) => o.rest(0)[0] !== 'DELETE')) {
    const [method, path, body] = op.rest(idOf(w.a, op.kind));
    expect([path, (await call(t.url, method, path, { token: s.token, body })).status]).toEqual([path, 200]);
  }
});
