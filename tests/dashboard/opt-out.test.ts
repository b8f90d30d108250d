import { request } from 'node:http';
import { householdOfIp } from '../../gateway/src/stream/hit';
import { BROWSER_UA } from '../support/browser-agent';
import type { TestGateway } from '../support/gateway';
import {
  hitLine,
  impressionLine,
  ingestAndSettle,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
} from '../support/pipeline';
import { restCall, SECTION_4_CALLS } from './compare';
import { generateEvents } from './generate';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from './world';

/**
 * docs/invalid-traffic.md#opt-out: a customer's public opt-out page and pixel record the requesting browser's
 * household (the collector's salted hash of its address); from then on that household's pixels for that customer
 * are stored apart as `opt_out` (after `gpc`, before `bot`), no section 4 number moves, and other customers still
 * count them.
 */
jest.setTimeout(240_000);

const OPTED = '192.0.2.77';
const OTHER = '192.0.2.78';
const DAY = 86_400_000;
let t: TestGateway;
let token: string;
let a: WorldCustomer;
let b: WorldCustomer;
const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
const filterOf = (c: WorldCustomer) => ({ client_id: c.id, startdate: monthAgo, enddate: today });

beforeAll(async () => {
  t = await startPipelineGateway({ TRUSTED_PROXIES: '127.0.0.1' });
  token = await superAdminToken(t);
  const orgs = await makeBroadcasterWorld(t);
  const plan = (name: string) => ({
    name,
    creatives: 2,
    siteTags: 2,
    bookings: [{ campaign: 0, channel: 0, cpm: 20, start: monthAgo, end: today }],
  });
  a = await makeCustomer(t, orgs.broadcasterId, { ...plan('Opted Ltd'), displayName: 'Opted & Co' });
  b = await makeCustomer(t, orgs.broadcasterId, plan('Other Ltd'));
  const events = generateEvents(a, {
    seed: 35,
    fromMs: Date.now() - 10 * DAY,
    toMs: Date.now() - DAY,
    impressions: 300,
  });
  const impKey = new Map([...a.impressionTags.values()].map((x) => [`${x.bookingId}:${x.creativeId}`, x.key]));
  const siteKey = new Map(a.siteTags.map((s) => [s.id, s.key]));
  const lines = [
    ...events.impressions.map((i) => impressionLine(i, (x) => impKey.get(`${x.bookingId}:${x.creativeId}`)!)),
    ...events.hits.filter((h) => h.ts < Date.now() - 60_000).map((h) => hitLine(h, (x) => siteKey.get(x.siteTagId)!)),
  ];
  const answer = await ingestAndSettle(t, token, lines);
  expect(answer.errors.slice(0, 3)).toEqual([]);
}, 200_000);
afterAll(() => t.close());

function get(path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
    const req = request(t.url + path, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
    });
    req.on('error', reject);
    req.end();
  });
}
const from = (ip: string, extra: Record<string, string> = {}) => ({
  'user-agent': BROWSER_UA,
  'x-forwarded-for': ip,
  ...extra,
});
const optOuts = (): Promise<{ customer_id: number; h: string }[]> =>
  t.gateway.app.ds.query('SELECT customer_id, CAST(household_id AS CHAR) AS h FROM opt_out ORDER BY id');

async function section4(c: WorldCustomer) {
  const out: Record<string, unknown> = {};
  for (const name of SECTION_4_CALLS) out[name] = (await restCall(t, token, name, filterOf(c))).body;
  return out;
}

test('the public page names the customer, its button records the hashed household; an unknown key is a 404', async () => {
  const key = a.siteTags[0].key;
  const pageAnswer = await get(`/optout/${key}`, from(OTHER));
  expect(pageAnswer.status).toBe(200);
  expect(pageAnswer.type).toMatch(/^text\/html/);
  expect(pageAnswer.body).toContain('Opted &amp; Co');
  expect(pageAnswer.body).toContain(`action="/optout/${key}"`);
  expect((await get('/optout/nosuchkey000', from(OTHER))).status).toBe(404);
  const done = await get(`/optout/${key}`, from(OTHER), 'POST');
  expect(done.status).toBe(200);
  expect(done.body).toContain('You have opted out');
  const salt = t.gateway.app.config.HOUSEHOLD_SALT;
  expect(await optOuts()).toEqual([{ customer_id: a.id, h: householdOfIp(salt, OTHER) }]);
  // Twice is once.
  await get(`/optout/${key}`, from(OTHER), 'POST');
  expect(await optOuts()).toHaveLength(1);
});

test("after the pixel, the household's hits for that customer count as opt_out and no section 4 number moves", async () => {
  const before = await section4(a);
  const countedB = await countImpressions(b);
  const gif = await get(`/api/optout?c=${a.siteTags[1].key}`, from(OPTED));
  expect(gif.status).toBe(200);
  expect(gif.type).toBe('image/gif');
  // An unknown key answers the same GIF and records nothing.
  expect((await get('/api/optout?c=nosuchkey000', from(OPTED))).type).toBe('image/gif');
  const salt = t.gateway.app.config.HOUSEHOLD_SALT;
  const household = householdOfIp(salt, OPTED);
  expect((await optOuts()).map((r) => r.h)).toEqual([householdOfIp(salt, OTHER), household]);

  const tagA = [...a.impressionTags.values()][0].key;
  const tagB = [...b.impressionTags.values()][0].key;
  const sends: [string, Record<string, string>][] = [
    [`/t/i/${tagA}`, from(OPTED)],
    [`/t/i/${tagA}?cb=2`, from(OPTED)],
    [`/t/v/${a.siteTags[0].key}?u=https%3A%2F%2Fopted.example%2F`, from(OPTED)],
    // Rule order: opt_out before bot, gpc before opt_out.
    [`/t/i/${tagA}?cb=3`, from(OPTED, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })],
    [`/t/i/${tagA}?cb=4`, from(OPTED, { 'sec-gpc': '1' })],
    // Another customer's pixel from the same household still counts.
    [`/t/i/${tagB}`, from(OPTED)],
  ];
  for (const [path, headers] of sends) expect((await get(path, headers)).status).toBe(200);
  await waitForIdle(t, token);

  const rows: { kind: string; reason: string; h: string | null }[] = await t.gateway.app.ds.query(
    `SELECT kind, reason, CAST(household_id AS CHAR) AS h FROM invalid_event
      WHERE customer_id = ? ORDER BY kind, reason, event_id`,
    [a.id],
  );
  expect(rows).toEqual([
    { kind: 'i', reason: 'gpc', h: null },
    { kind: 'i', reason: 'opt_out', h: household },
    { kind: 'i', reason: 'opt_out', h: household },
    { kind: 'i', reason: 'opt_out', h: household },
    { kind: 'v', reason: 'opt_out', h: household },
  ]);
  expect(await section4(a)).toEqual(before);
  expect(await countImpressions(b)).toBe(countedB + 1);
  // The dashboard's invalid traffic report shows them.
  const report = (await restCall(t, token, 'invalid_traffic', filterOf(a))).body;
  const optOut = report.table_data.find((r: { Reason: string }) => r.Reason === 'opt_out');
  expect(optOut).toMatchObject({ Label: 'Opted out', Invalid_Impressions: 3, Invalid_Visits: 1 });
});

async function countImpressions(c: WorldCustomer): Promise<number> {
  const [r]: { n: string }[] = await t.gateway.app.ds.query(
    'SELECT COUNT(*) AS n FROM impression_event WHERE customer_id = ?',
    [c.id],
  );
  return Number(r.n);
}
