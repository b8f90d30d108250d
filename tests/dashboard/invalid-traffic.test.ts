import { request } from 'node:http';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { referenceAnswers } from '../reference/metrics';
import {
  referenceInvalidTraffic,
  referenceReason,
  referenceRepeatNat,
  type RefInvalid,
  type RefSignals,
} from '../reference/invalid-traffic';
import type { RefHit, RefImpression } from '../reference/types';
import type { TestGateway } from '../support/gateway';
import { gql } from '../support/http';
import {
  hitLine,
  impressionLine,
  type IngestLine,
  ingestAndSettle,
  ingestStatus,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
} from '../support/pipeline';
import { answerMismatches, closeTo, gqlCall, restCall, SECTION_4_CALLS } from './compare';
import { generateEvents } from './generate';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from './world';

/**
 * docs/invalid-traffic.md, rules 1-5: a hostile mix (bots by user agent, a data-centre range, prefetches, GPC) sent
 * through bulk ingest and the pixel collector next to human traffic. Every section 4 number (REST and GraphQL)
 * must equal the reference computed on what the reference's own classifier calls human; the invalid hits are
 * stored apart with their reason and never in the event tables.
 */
jest.setTimeout(240_000);

const FIXTURE = join(__dirname, '../fixtures/datacenter-cidrs.txt');
const DATACENTER = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .map((l) => l.replace(/#.*/, '').trim())
  .filter((l) => l && !l.includes(':'));
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'curl/8.5.0',
  'python-requests/2.31',
];

let t: TestGateway;
let token: string;
let c: WorldCustomer;
let human: { impressions: RefImpression[]; hits: RefHit[] };
let invalid: RefInvalid[];
const sent: { line: IngestLine & { ua?: string }; signals: RefSignals; event: RefImpression | RefHit }[] = [];

beforeAll(async () => {
  t = await startPipelineGateway({ DATACENTER_CIDRS_FILE: FIXTURE, TRUSTED_PROXIES: '127.0.0.1' });
  token = await superAdminToken(t);
  const orgs = await makeBroadcasterWorld(t);
  c = await makeCustomer(t, orgs.broadcasterId, {
    name: 'Hostile Ltd',
    creatives: 3,
    siteTags: 3,
    bookings: [
      { campaign: 0, channel: 0, cpm: 12, start: '2026-09-01', end: '2026-10-31' },
      { campaign: 1, channel: 1, cpm: 30, start: '2026-09-01', end: '2026-10-31' },
    ],
  });
  const events = generateEvents(c, {
    seed: 34,
    fromMs: Date.parse('2026-09-18T00:00:00Z'),
    toMs: Date.parse('2026-10-05T00:00:00Z'),
    impressions: 500,
  });
  const impKey = new Map([...c.impressionTags.values()].map((x) => [`${x.bookingId}:${x.creativeId}`, x.key]));
  const siteKey = new Map(c.siteTags.map((s) => [s.id, s.key]));
  const add = (line: IngestLine & { ua?: string }, event: RefImpression | RefHit) =>
    sent.push({ line, signals: { ua: line.ua, ip: line.ip }, event });
  for (const [n, i] of events.impressions.entries()) {
    const line = impressionLine(i, (x) => impKey.get(`${x.bookingId}:${x.creativeId}`)!);
    // Human lines carry a browser's agent and an address outside the list (the household still identifies them).
    add({ ...line, ua: n % 2 ? CHROME : undefined, ip: `192.0.2.${n % 250}` }, i);
    if (n % 3 === 0) add({ ...line, id: `bot-${i.id}`, ua: BOTS[n % BOTS.length] }, { ...i, id: `bot-${i.id}` });
    if (n % 4 === 0) {
      const { household: _, ...rest } = line;
      add({ ...rest, id: `dc-${i.id}`, ip: `203.0.113.${n % 250}` }, { ...i, id: `dc-${i.id}` });
    }
  }
  for (const [n, h] of events.hits.entries()) {
    const line = hitLine(h, (x) => siteKey.get(x.siteTagId)!);
    add({ ...line, ua: CHROME }, h);
    if (n % 5 === 0) add({ ...line, id: `bot-${h.id}`, ua: BOTS[n % BOTS.length] }, { ...h, id: `bot-${h.id}` });
    if (n % 7 === 0) add({ ...line, id: `dc-${h.id}`, ip: `198.51.100.${200 + (n % 50)}` }, { ...h, id: `dc-${h.id}` });
  }
  // The reference applies its own rules to the whole mix: what it calls human is what must count.
  const kept = sent.filter((s) => referenceReason(s.signals, DATACENTER) === null).map((s) => s.event);
  invalid = sent.flatMap((s) => {
    const reason = referenceReason(s.signals, DATACENTER);
    return reason ? [{ event: s.event, reason }] : [];
  });
  // Rules 6-7 on the impressions rules 1-5 left (repeats, NAT households): whatever they set apart is invalid too.
  const later = referenceRepeatNat(kept.filter((e): e is RefImpression => 'bookingId' in e));
  invalid.push(...later.invalid);
  human = {
    impressions: later.counted,
    hits: kept.filter((e): e is RefHit => 'siteTagId' in e),
  };
  // Arrival order has nothing to do with validity: hostile lines interleave with human ones.
  const lines = sent.map((s) => s.line).sort((a, b) => (a.ts < b.ts ? -1 : 1));
  const answer = await ingestAndSettle(t, token, lines, 1500);
  expect(answer.rejected).toBe(0);
}, 200_000);
afterAll(() => t.close());

test('the mix is hostile: the reference itself filters a good part of it', () => {
  expect(human.impressions.length).toBe(500);
  expect(sent.length - human.impressions.length - human.hits.length).toBeGreaterThan(250);
});

test('every section 4 number equals the reference computed on the human traffic alone', async () => {
  const problems: string[] = [];
  for (const { name, filter } of filterCases(c, '2026-09-20', '2026-10-04')) {
    const expected = referenceAnswers(refCustomer(c), human.impressions, human.hits, filter);
    for (const callName of SECTION_4_CALLS) {
      const rest = await restCall(t, token, callName, payloadOf(filter));
      problems.push(
        ...answerMismatches(callName, rest.body, (expected as any)[callName]).map((p) => `${name} REST ${p}`),
      );
      const g = await gqlCall(t, token, callName, payloadOf(filter));
      if (g.errors) problems.push(`${name} GQL ${callName} ${JSON.stringify(g.errors)}`);
      else
        problems.push(
          ...answerMismatches(callName, g.data[callName], (expected as any)[callName]).map((p) => `${name} GQL ${p}`),
        );
    }
  }
  expect(problems.slice(0, 20)).toEqual([]);
});

test('invalid_traffic (REST and GraphQL) counts the hostile mix per reason, its spend and share, for every filter', async () => {
  const problems: string[] = [];
  let labelled = 0;
  for (const { name, filter } of filterCases(c, '2026-09-20', '2026-10-04')) {
    const expected = referenceInvalidTraffic(refCustomer(c), human.impressions, human.hits, invalid, filter);
    const rest = await restCall(t, token, 'invalid_traffic', payloadOf(filter));
    const g = await gqlCall(t, token, 'invalid_traffic', payloadOf(filter));
    if (g.errors) problems.push(`${name} GQL ${JSON.stringify(g.errors)}`);
    for (const [via, answer] of [
      ['REST', rest.body],
      ['GQL', g.data?.invalid_traffic],
    ] as const) {
      // Labels are the server's words: present for every reason; the figures are compared with the reference.
      const rows = (answer?.table_data ?? []).map(({ Label, ...r }: { Label: string }) => {
        if (Label) labelled++;
        return r;
      });
      problems.push(...closeTo({ ...answer, table_data: rows }, expected).map((p) => `${name} ${via} ${p}`));
    }
  }
  expect(problems.slice(0, 20)).toEqual([]);
  expect(labelled).toBeGreaterThan(0);
  // The unfiltered answer: a real share, bots and data-centre hits both present, spend priced.
  const all = referenceInvalidTraffic(refCustomer(c), human.impressions, human.hits, invalid, {
    customerId: c.id,
    start: '2026-09-20',
    end: '2026-10-04',
  });
  expect(all.summary_data.Filtered_Share).toBeGreaterThan(0.2);
  expect(all.summary_data.Invalid_Spend).toBeGreaterThan(0);
  expect(all.table_data.find((r) => r.Reason === 'bot')!.Invalid_Visits).toBeGreaterThan(0);
});

test('bulk invalid lines are stored apart with their reason, none in the event tables', async () => {
  const q = (sql: string) => t.gateway.app.ds.query(sql, [c.id]);
  const byReason: { kind: string; reason: string; n: string }[] = await q(
    `SELECT kind, reason, COUNT(*) AS n FROM invalid_event WHERE customer_id = ? AND event_id NOT LIKE 'px-%'
      GROUP BY kind, reason ORDER BY kind, reason`,
  );
  const expected = new Map<string, number>();
  // Every reason the reference gave (rules 6-7 too, should the mix hold repeats).
  for (const { event, reason } of invalid) {
    const k = `${'bookingId' in event ? 'i' : 'v'}:${reason}`;
    expected.set(k, (expected.get(k) ?? 0) + 1);
  }
  expect(Object.fromEntries(byReason.map((r) => [`${r.kind}:${r.reason}`, Number(r.n)]))).toEqual(
    Object.fromEntries([...expected].sort()),
  );
  // The ingest status counts the same per reason (only bulk lines have been sent so far).
  const perReason: Record<string, number> = {};
  for (const [k, n] of expected) perReason[k.slice(2)] = (perReason[k.slice(2)] ?? 0) + n;
  expect((await ingestStatus(t, token)).invalid_by_reason).toEqual(perReason);
  // Monitoring's ETL Pipeline Status: every reason in order, with its label.
  const g = await gql(t.url, '{ etlPipelineStatus { invalid_by_reason { reason label hits } } }', {}, token);
  expect(g.errors).toBeUndefined();
  const monitored: { reason: string; label: string; hits: number }[] = g.data.etlPipelineStatus.invalid_by_reason;
  expect(monitored.map((r) => r.reason)).toEqual(['gpc', 'opt_out', 'bot', 'prefetch', 'datacenter', 'repeat', 'nat']);
  expect(monitored.every((r) => r.label.length > 0)).toBe(true);
  expect(Object.fromEntries(monitored.filter((r) => r.hits).map((r) => [r.reason, r.hits]))).toEqual(perReason);
  const leaked: { n: string }[] = await q(
    `SELECT (SELECT COUNT(*) FROM impression_event e JOIN invalid_event x USING (customer_id, event_id) WHERE e.customer_id = ?)
          + (SELECT COUNT(*) FROM site_hit h JOIN invalid_event x USING (customer_id, event_id) WHERE h.customer_id = ${c.id}) AS n`,
  );
  expect(Number(leaked[0].n)).toBe(0);
});

/** One pixel request with the given headers (node:http: fetch would refuse some of them). */
function pixel(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(t.url + path, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

test('pixels: bots, prefetches, GPC and data-centre addresses are classified; GPC keeps no household', async () => {
  const tag = [...c.impressionTags.values()][0].key;
  // The second human pixel is of another tag: two of one tag within a second would be a repeat (rule 6).
  const other = [...c.impressionTags.values()][1].key;
  const site = c.siteTags[0].key;
  const hh = '7770034';
  const sends: [string, Record<string, string>][] = [
    [`/t/i/${tag}?hh=${hh}`, { 'user-agent': CHROME }],
    [`/t/i/${other}?hh=${hh}&cb=2`, { 'user-agent': CHROME }],
    [`/t/i/${tag}?hh=${hh}`, { 'user-agent': BOTS[0] }],
    [`/t/i/${tag}?hh=${hh}`, { 'user-agent': CHROME, 'sec-purpose': 'prefetch;prerender' }],
    [`/t/i/${tag}?hh=${hh}`, { 'user-agent': CHROME, purpose: 'prefetch' }],
    [`/t/i/${tag}?hh=${hh}`, { 'user-agent': BOTS[0], 'sec-gpc': '1' }],
    [`/t/i/${tag}`, { 'user-agent': CHROME, 'x-forwarded-for': '203.0.113.77' }],
    [`/t/v/${site}?hh=${hh}&u=https%3A%2F%2Fshop.example%2F`, { 'user-agent': BOTS[1] }],
    [`/t/v/${site}?hh=${hh}&u=https%3A%2F%2Fshop.example%2F`, { 'user-agent': CHROME, 'x-moz': 'prefetch' }],
  ];
  for (const [path, headers] of sends) expect(await pixel(path, headers)).toBe(200);
  await waitForIdle(t, token);
  const since = 'ts >= NOW() - INTERVAL 1 DAY';
  const rows: { kind: string; reason: string; household: string | null }[] = await t.gateway.app.ds.query(
    `SELECT kind, reason, CAST(household_id AS CHAR) AS household FROM invalid_event
      WHERE customer_id = ? AND ${since} ORDER BY kind, reason, household`,
    [c.id],
  );
  const salted = rows.find((r) => r.reason === 'datacenter')?.household;
  expect(rows).toEqual([
    { kind: 'i', reason: 'bot', household: hh },
    { kind: 'i', reason: 'datacenter', household: salted },
    { kind: 'i', reason: 'gpc', household: null },
    { kind: 'i', reason: 'prefetch', household: hh },
    { kind: 'i', reason: 'prefetch', household: hh },
    { kind: 'v', reason: 'bot', household: hh },
    { kind: 'v', reason: 'prefetch', household: hh },
  ]);
  // The data-centre pixel's household is the salted hash of its address, never the address itself.
  expect(salted).toMatch(/^\d+$/);
  const counted: { n: string }[] = await t.gateway.app.ds.query(
    `SELECT COUNT(*) AS n FROM impression_event WHERE customer_id = ? AND ${since}`,
    [c.id],
  );
  // Only the two human pixels count.
  expect(Number(counted[0].n)).toBe(2);
});
