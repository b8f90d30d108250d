import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { buildRecordsWorld, isoDay, type RecordsWorld } from '../support/records-fixtures';

/**
 * Text fields take text only (shared/input.ts): an object, a boolean, a number or a control character in
 * a text field is a 400 naming that field on both transports, and nothing is stored (never "[object Object]").
 */
let t: TestGateway;
let w: RecordsWorld;

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildRecordsWorld(t);
});
afterAll(() => t.close());

interface Operation {
  name: string;
  table: string;
  field: string;
  path: string;
  mutation: string;
  inputType: string;
  valid: () => Record<string, unknown>;
}

const OPERATIONS: Operation[] = [
  {
    name: 'agency',
    table: 'agency',
    field: 'agency_name',
    path: '/api/agencies/',
    mutation: 'createAgency',
    inputType: 'AgencyInput',
    valid: () => ({ agency_name: 'Typed Agency', domain: 'typed.example.com' }),
  },
  {
    name: 'campaign',
    table: 'campaign',
    field: 'campaign_name',
    path: '/api/campaigns/',
    mutation: 'createCampaign',
    inputType: 'CampaignInput',
    valid: () => ({
      customer_id: w.a.customerId,
      campaign_name: 'Typed Campaign',
      start_date: isoDay(1),
      end_date: isoDay(20),
    }),
  },
  {
    name: 'booking',
    table: 'booking',
    field: 'booking_name',
    path: '/api/bookings/',
    mutation: 'createBooking',
    inputType: 'BookingInput',
    valid: () => ({
      customer_id: w.a.customerId,
      booking_name: 'Typed Booking',
      channel_id: w.a.broadcasterChannelId,
      campaign_id: w.a.campaignId,
      booking_type: 1,
      cpm: 12.5,
      start_date: isoDay(2),
      end_date: isoDay(15),
    }),
  },
  {
    name: 'user',
    table: 'user',
    field: 'name',
    path: '/api/users/',
    mutation: 'createUser',
    inputType: 'UserInput',
    valid: () => ({
      name: 'Typed Person',
      email: `typed.${Date.now()}@example.com`,
      admin: false,
      entity_type: 3,
      entity_id: w.a.broadcasterId,
    }),
  },
];

const BAD: [string, unknown][] = [
  ['an object', { text: 'Sneaky' }],
  ['a boolean', true],
  ['a number', 1234567],
  ['a control character', 'Bell\u0007 name'],
];

const rows = async (table: string): Promise<number> =>
  Number((await t.gateway.app.ds.query(`SELECT COUNT(*) AS n FROM \`${table}\``))[0].n);

const stringsStored = async (table: string, field: string): Promise<string[]> =>
  (await t.gateway.app.ds.query(`SELECT \`${field}\` AS v FROM \`${table}\``)).map((r: { v: string }) => r.v);

describe.each(OPERATIONS)('$name: $field takes text only', (op) => {
  test('the valid form is accepted on both transports (the refusals below are about the one field)', async () => {
    const rest = await call(t.url, 'POST', op.path, { token: w.superAdmin.token, body: op.valid() });
    expect(rest.status).toBe(200);
    const graphql = await call(t.url, 'POST', '/graphql', {
      token: w.superAdmin.token,
      body: {
        query: `mutation($input: ${op.inputType}!) { ${op.mutation}(input: $input) { id } }`,
        variables: { input: op.valid() },
      },
    });
    expect({ status: graphql.status, errors: graphql.body.errors }).toEqual({ status: 200, errors: undefined });
  });

  test.each(BAD)('REST: %s is a 400 naming the field, nothing stored', async (_what, bad) => {
    const before = await rows(op.table);
    const r = await call(t.url, 'POST', op.path, {
      token: w.superAdmin.token,
      body: { ...op.valid(), [op.field]: bad },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields ?? {})).toEqual([op.field]);
    expect(r.body.message).toBe(r.body.fields[op.field]);
    expect(r.body.message).toMatch(new RegExp(`^${op.field} must`));
    expect(await rows(op.table)).toBe(before);
  });

  test.each(BAD)('GraphQL: %s is a 400 naming the field, nothing stored', async (_what, bad) => {
    const before = await rows(op.table);
    const r = await call(t.url, 'POST', '/graphql', {
      token: w.superAdmin.token,
      body: {
        query: `mutation($input: ${op.inputType}!) { ${op.mutation}(input: $input) { id } }`,
        variables: { input: { ...op.valid(), [op.field]: bad } },
      },
    });
    // A wrong-typed variable never reaches a resolver (HTTP 400); a control character reaches the service,
    // whose error travels like every GraphQL error (HTTP 200): both carry the 400 in extensions.
    expect([200, 400]).toContain(r.status);
    const error = r.body.errors?.[0];
    expect(Object.keys(error?.extensions?.fields ?? {})).toEqual([op.field]);
    expect(error.extensions.status).toBe(400);
    expect(error.message).toBe(error.extensions.fields[op.field]);
    expect(r.body.data ?? null).toBeNull();
    expect(await rows(op.table)).toBe(before);
  });

  test('no refused value was ever stored as text', async () => {
    const stored = await stringsStored(op.table, op.field);
    expect(stored.filter((v) => /\[object Object\]|^true$|^1234567$|\u0007/.test(String(v)))).toEqual([]);
  });
});
