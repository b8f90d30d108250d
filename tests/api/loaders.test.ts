import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { buildRecordsWorld, insert, isoDay, type RecordsWorld } from '../support/records-fixtures';

/**
 * No N+1 (STYLE): a list's related names come through per-request DataLoaders, so the number of SQL
 * statements for a list of 50 bookings equals that for 5.
 *
 * How statements are counted: every statement TypeORM sends (repositories, query builders and
 * ds.query alike) passes through the data source's logger (`logQuery`) before it goes to MySQL, whatever
 * the logging setting. The gateway runs in this process on its own data source, so wrapping that one
 * logger counts exactly the gateway's statements and nothing from other suites sharing the server —
 * unlike the server-wide Com_select status counters.
 */
let t: TestGateway;
let w: RecordsWorld;
let statements: string[] = [];

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
  const logger = t.gateway.app.ds.logger;
  const original = logger.logQuery.bind(logger);
  logger.logQuery = (query, parameters, runner) => {
    statements.push(query);
    return original(query, parameters, runner);
  };
  // Tenant a gets 50 bookings, tenant b 5; each booking on its own campaign, with two creatives, by a different creator.
  for (const [tenant, n] of [
    [w.a, 49],
    [w.b, 4],
  ] as const) {
    const [c1, c2] = [
      await insert(t, "INSERT INTO creative (customer_id, description, creative_format) VALUES (?, 'One', '30s')", [
        tenant.customerId,
      ]),
      await insert(t, "INSERT INTO creative (customer_id, description, creative_format) VALUES (?, 'Two', '15s')", [
        tenant.customerId,
      ]),
    ];
    for (let i = 0; i < n; i++) {
      const campaign = await insert(
        t,
        'INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, ?, ?, ?)',
        [tenant.customerId, `Campaign ${i}`, isoDay(-1), isoDay(1)],
      );
      const creator = i % 2 ? tenant.users.agency.user.userId : tenant.users.broadcaster.admin.userId;
      const booking = await insert(
        t,
        `INSERT INTO booking (customer_id, campaign_id, channel_id, booking_name, cpm, start_date, end_date, created_by)
         VALUES (?, ?, ?, ?, 10, ?, ?, ?)`,
        [
          tenant.customerId,
          campaign,
          i % 2 ? tenant.adtechChannelId : tenant.broadcasterChannelId,
          `Booking ${i}`,
          isoDay(-1),
          isoDay(1),
          creator,
        ],
      );
      await insert(t, 'INSERT INTO booking_creative (booking_id, creative_id) VALUES (?, ?), (?, ?)', [
        booking,
        c1,
        booking,
        c2,
      ]);
      await insert(
        t,
        'INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key) VALUES (?, ?, ?, ?), (?, ?, ?, ?)',
        [tenant.customerId, booking, c1, `k${booking}a`, tenant.customerId, booking, c2, `k${booking}b`],
      );
    }
  }
});
afterAll(() => t.close());

async function counted<T>(run: () => Promise<T>): Promise<{ result: T; count: number }> {
  statements = [];
  const result = await run();
  return { result, count: statements.length };
}

const BOOKINGS = (customerId: number) =>
  `{ bookings(customer_id: ${customerId}) { id booking_name campaign_name channel_name creative_ids created_by_name editable status } }`;

test('a GraphQL list of 50 bookings with campaign, channel, creatives and creator costs what 5 cost', async () => {
  const token = w.superAdmin.token;
  const big = await counted(() => gql(t.url, BOOKINGS(w.a.customerId), {}, token));
  const small = await counted(() => gql(t.url, BOOKINGS(w.b.customerId), {}, token));
  expect(big.result.errors).toBeUndefined();
  expect(big.result.data.bookings).toHaveLength(50);
  expect(small.result.data.bookings).toHaveLength(5);
  const sample = big.result.data.bookings.find((b: { booking_name: string }) => b.booking_name === 'Booking 7');
  expect(sample).toMatchObject({
    campaign_name: 'Campaign 7',
    channel_name: 'Alpha Stream',
    created_by_name: 'Alpha agency',
  });
  expect(sample.creative_ids).toHaveLength(2);
  console.log(JSON.stringify({ figure: 'sql_statements_graphql_bookings', n50: big.count, n5: small.count }));
  expect(big.count).toBe(small.count);
  expect(big.count).toBeLessThanOrEqual(10);
});

test('a GraphQL list of 99 impression tags with all names costs what 9 cost', async () => {
  const q = (c: number) =>
    `{ impressionTags(customer_id: ${c}) { id campaign_name booking_name creative_name channel_name booking_type } }`;
  const big = await counted(() => gql(t.url, q(w.a.customerId), {}, w.superAdmin.token));
  const small = await counted(() => gql(t.url, q(w.b.customerId), {}, w.superAdmin.token));
  expect(big.result.data.impressionTags).toHaveLength(99);
  expect(small.result.data.impressionTags).toHaveLength(9);
  expect(big.result.data.impressionTags.every((x: { campaign_name: string | null }) => x.campaign_name)).toBe(true);
  expect(big.count).toBe(small.count);
});

test('the /api lists use the same loaders: 50 bookings cost what 5 cost', async () => {
  const token = w.superAdmin.token;
  const big = await counted(() => call(t.url, 'GET', `/api/bookings/customer/${w.a.customerId}`, { token }));
  const small = await counted(() => call(t.url, 'GET', `/api/bookings/customer/${w.b.customerId}`, { token }));
  expect(big.result.body).toHaveLength(50);
  expect(big.count).toBe(small.count);
});

test('loaders live per request: a second request reads fresh names', async () => {
  const token = w.superAdmin.token;
  await t.gateway.app.ds.query('UPDATE campaign SET campaign_name = ? WHERE id = ?', [
    'Renamed spring',
    w.a.campaignId,
  ]);
  const r = await gql(t.url, BOOKINGS(w.a.customerId), {}, token);
  expect(r.data.bookings.find((b: { id: number }) => b.id === w.a.bookingId).campaign_name).toBe('Renamed spring');
});
