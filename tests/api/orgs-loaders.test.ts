import { MysqlQueryRunner } from 'typeorm/driver/mysql/MysqlQueryRunner';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { makeUser } from '../support/actors';

/**
 * No N+1 (STYLE: "a test counts queries"): the list fields of organisation lists (taxonomy_desc,
 * country_list, operational_countries, owner_name, adtech_count) cost the same number of SQL
 * queries for 2 records as for 12, on GraphQL (DataLoaders) and REST (one IN query per field).
 */
let t: TestGateway;
let admin: string;
beforeAll(async () => {
  t = await startTestGateway();
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
});
afterAll(() => t.close());

async function queriesOf(run: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(MysqlQueryRunner.prototype, 'query');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

const LISTS = `{
  customers { id taxonomy_desc country_list operational_countries { country_code country_name } is_multi_country }
  broadcasters { id country_list }
  adtechs { id country_list }
  adtechGroups { id adtech_count adtech_ids }
  channels { id owner_name }
}`;

async function addRecords(n: number, from: number) {
  const post = async (path: string, body: object) => {
    const r = await call(t.url, 'POST', path, { token: admin, body });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return r.body.id as number;
  };
  for (let i = from; i < from + n; i++) {
    await post('/api/customers', {
      cust_name: `Client ${i}`,
      country_code: 'NZ',
      country_list: ['AU'],
      taxonomy_id: 1 + (i % 5),
    });
    const b = await post('/api/broadcasters', {
      broadcaster_name: `Broadcaster ${i}`,
      country_code: 'NZ',
      country_list: ['FJ'],
    });
    const a = await post('/api/adtechs', { adtech_name: `AdTech ${i}`, country_code: 'AU' });
    await post('/api/adtechgroups', { group_name: `Group ${i}`, adtech_ids: [a] });
    await post('/api/channels', { channel_name: `Channel B${i}`, owner_type: 'broadcaster', owner_id: b });
    await post('/api/channels', { channel_name: `Channel A${i}`, owner_type: 'adtech', owner_id: a });
  }
}

test('GraphQL and REST lists cost a constant number of queries', async () => {
  await addRecords(2, 0);
  const gqlSmall = await queriesOf(() => gql(t.url, LISTS, {}, admin));
  const restPaths = ['/api/customers/', '/api/broadcasters/', '/api/adtechs/', '/api/adtechgroups/', '/api/channels/'];
  const restSmall = await queriesOf(async () => {
    for (const p of restPaths) await call(t.url, 'GET', p, { token: admin });
  });
  await addRecords(10, 2);
  const result = await gql(t.url, LISTS, {}, admin);
  expect(result.data.customers).toHaveLength(12);
  expect(result.data.channels).toHaveLength(24);
  expect(result.data.channels.every((c: any) => typeof c.owner_name === 'string')).toBe(true);
  const gqlLarge = await queriesOf(() => gql(t.url, LISTS, {}, admin));
  const restLarge = await queriesOf(async () => {
    for (const p of restPaths) await call(t.url, 'GET', p, { token: admin });
  });
  expect(gqlSmall).toBeGreaterThan(0);
  expect(gqlLarge).toBe(gqlSmall);
  expect(restLarge).toBe(restSmall);
});
