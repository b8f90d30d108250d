import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createPool, type Pool } from 'mysql2/promise';
import { redisKeys } from '../../gateway/src/shared/redis';
import { jetStreamNames } from '../../gateway/src/stream/jetstream/names';
import { answerMismatches, gqlCall, restCall, SECTION_4_CALLS } from '../dashboard/compare';
import { generateEvents } from '../dashboard/generate';
import { filterCases, payloadOf, refCustomer } from '../dashboard/scenario';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from '../dashboard/world';
import { referenceAnswers } from '../reference/metrics';
import { makeUser } from '../support/actors';
import { BROWSER_UA } from '../support/browser-agent';
import { call } from '../support/http';
import type { TestGateway } from '../support/gateway';
import {
  hitLine,
  impressionLine,
  seedCustomer,
  waitForIdle,
  type IngestLine,
  type WorldCustomer as LoadCustomer,
} from '../support/pipeline';

/**
 * docs/scaling.md#chaos: the whole cluster of `npm run cluster -- start` (3 NATS, 3 Galera behind HAProxy,
 * 2 collectors, 2 ETL workers, 2 gateways) under a bounded ingest (bulk ingest through both gateways, pixels
 * through both collectors) and a dashboard load on both gateways, while one member of each tier in turn is
 * killed with -9 and restarted: the NATS stream leader, the Galera node HAProxy writes to, an ETL worker, a
 * collector, a gateway. Clients act as a load balancer would: a request that gets no answer is sent to the
 * other gateway (bulk ingest until acknowledged; an idempotent dashboard read once). Afterwards every
 * acknowledged event is stored exactly once and the dashboard's numbers equal the reference calculator's.
 */
const ROOT = path.resolve(__dirname, '../..');
const DIR = path.resolve(process.env.CLUSTER_DIR ?? path.join(ROOT, '.cluster'));
const GATEWAYS = ['http://127.0.0.1:4101', 'http://127.0.0.1:4102'];
const COLLECTORS = ['http://127.0.0.1:4111', 'http://127.0.0.1:4112'];
/** Event ids of this run (event_id is the primary key across customers: a rerun must not collide). */
const RUN = `chaos${Date.now().toString(36)}`;
const RANGE = { start: '2026-09-20', end: '2026-10-04' };
/** Reference events: 6,000 impressions and ~3,300 site hits; the load customer takes bulk and pixels on top. */
const REFERENCE_IMPRESSIONS = 6000;
const FILLER_MAX = 16_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `scripts/cluster.mjs`, without blocking this process (the load loops go on while it runs). */
function cluster(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/cluster.mjs'), ...args], { cwd: ROOT });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`cluster ${args.join(' ')}: ${out}`))));
  });
}

const pidOf = (name: string) => Number(readFileSync(path.join(DIR, `${name}.pid`), 'utf8'));

let env: Record<string, string>;
let pool: Pool;
let token: string;
let ref: WorldCustomer;
let load: LoadCustomer;
let events: ReturnType<typeof generateEvents>;

/** A query through HAProxy's write port, tried again while a failover is under way. */
async function q(sql: string, params: unknown[] = []): Promise<any> {
  for (let i = 0; ; i++) {
    try {
      return (await pool.query(sql, params))[0];
    } catch (e) {
      if (i >= 60) throw e;
      await sleep(500);
    }
  }
}

/** What the suites' helpers need of a TestGateway: its URL, the secret tokens are signed with, a query. */
const handle = (url: string) =>
  ({ url, config: { JWT_SECRET: env.JWT_SECRET }, gateway: { app: { ds: { query: q } } } }) as unknown as TestGateway;

beforeAll(async () => {
  console.log(await cluster('start'));
  env = Object.fromEntries(
    readFileSync(path.join(DIR, 'app.env'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  pool = createPool({ uri: env.MYSQL_URL, connectionLimit: 4 });
  // Causal reads: a count waits until this node has applied what any node committed before it.
  pool.on('connection', (c) => void c.query('SET SESSION wsrep_sync_wait = 1'));
  const t = handle(GATEWAYS[0]);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  const orgs = await makeBroadcasterWorld(t);
  ref = await makeCustomer(t, orgs.broadcasterId, {
    name: `Chaos ${RUN}`,
    creatives: 3,
    siteTags: 3,
    bookings: [
      { campaign: 0, channel: 0, cpm: 11, start: '2026-09-01', end: '2026-10-31' },
      { campaign: 1, channel: 1, cpm: 25.5, start: '2026-09-01', end: '2026-10-31' },
    ],
  });
  events = generateEvents(ref, {
    seed: 41,
    prefix: RUN,
    fromMs: Date.parse('2026-09-18T00:00:00Z'),
    toMs: Date.parse('2026-10-05T00:00:00Z'),
    impressions: REFERENCE_IMPRESSIONS,
    households: 600,
  });
  load = await seedCustomer(t, { name: `Chaos load ${RUN}`, bookings: 1, creativesPerBooking: 1, siteTags: 1 });
}, 900_000);

afterAll(async () => {
  await pool?.end();
  if (process.env.CLUSTER_KEEP !== '1') console.log(await cluster('stop'));
}, 300_000);

// ---- load ------------------------------------------------------------------------------------------------------

let stopLoad = false;
/** Bulk ingest: event ids acknowledged (answered 200 with every line accepted). */
const ackedBulk = new Set<string>();
let bulkRetries = 0;
/** Pixels: households of those answered with their GIF, and of those that got no answer (may be stored once). */
const pixels = { i: new Set<number>(), v: new Set<number>(), failedI: new Set<number>(), failedV: new Set<number>() };
let nextGateway = 0;

/** Sends one batch until a gateway acknowledges it, each try on the next gateway (a load balancer's retry). */
async function sendBulk(lines: IngestLine[]): Promise<void> {
  const body = lines.map((l) => JSON.stringify(l)).join('\n');
  for (let i = 0; ; i++) {
    const url = GATEWAYS[nextGateway++ % GATEWAYS.length];
    const r = await fetch(`${url}/api/ingest/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
      body,
      signal: AbortSignal.timeout(60_000),
    }).then(
      async (res) => ({ status: res.status, body: await res.json().catch(() => null) }),
      () => null,
    );
    if (r?.status === 200) {
      expect(r.body.errors.slice(0, 2)).toEqual([]);
      expect(r.body.accepted).toBe(lines.length);
      for (const l of lines) ackedBulk.add(l.id!);
      return;
    }
    bulkRetries++;
    if (i > 600) throw new Error(`bulk ingest not acknowledged after ${i} tries: ${JSON.stringify(r)}`);
    await sleep(200);
  }
}

const loadLine = (id: string, household: number): IngestLine => ({
  type: 'impression',
  tag: load.impressionTags[0].key,
  ts: new Date(Date.now() - 3_600_000).toISOString(),
  household: String(household),
  id,
});

/** The reference events (impressions, then hits) in batches of 250, then filler for the load customer. */
async function bulkLoop() {
  const impKey = new Map([...ref.impressionTags.values()].map((x) => [`${x.bookingId}:${x.creativeId}`, x.key]));
  const siteKey = new Map(ref.siteTags.map((s) => [s.id, s.key]));
  const lines = [
    ...events.impressions.map((i) => impressionLine(i, (x) => impKey.get(`${x.bookingId}:${x.creativeId}`)!)),
    ...events.hits.map((h) => hitLine(h, (x) => siteKey.get(x.siteTagId)!)),
  ];
  for (let i = 0; i < lines.length; i += 250) {
    await sendBulk(lines.slice(i, i + 250));
    await sleep(400);
  }
  for (let n = 0; !stopLoad && n < FILLER_MAX; n += 250) {
    await sendBulk(Array.from({ length: 250 }, (_, k) => loadLine(`${RUN}-f-${n + k}`, 2_000_000 + n + k)));
    await sleep(400);
  }
}

/**
 * One pixel; a connection refused (the request never left) goes to the other collector, as a load balancer
 * does. Anything else unanswered is not sent again: the collector may have taken the hit before it died.
 */
async function pixel(c: number, target: string): Promise<boolean> {
  for (const url of [COLLECTORS[c], COLLECTORS[1 - c]]) {
    const r = await fetch(url + target, {
      headers: { 'user-agent': BROWSER_UA },
      signal: AbortSignal.timeout(30_000),
    }).then(
      async (res) => (await res.arrayBuffer(), res.status === 200),
      (e: { cause?: { code?: string } }) => (e.cause?.code === 'ECONNREFUSED' ? null : false),
    );
    if (r !== null) return r;
  }
  return false;
}

/** Pixels through both collectors in turn, an impression then a site hit, each with a household of its own. */
async function pixelLoop() {
  for (let n = 0; !stopLoad; n++) {
    const kind = n % 2 === 0 ? 'i' : 'v';
    const hh = (kind === 'i' ? 50_000_000 : 60_000_000) + n;
    const target =
      kind === 'i'
        ? `/t/i/${load.impressionTags[0].key}?hh=${hh}`
        : `/t/v/${load.siteTags[0].key}?hh=${hh}&u=${encodeURIComponent('https://shop.example/p/1')}`;
    const ok = await pixel(n % 2, target);
    (ok ? pixels[kind] : pixels[kind === 'i' ? 'failedI' : 'failedV']).add(hh);
    await sleep(15);
  }
}

/** The dashboard's 11 calls: the ten of docs/design.md#visits-and-attribution and the overview. */
const DASHBOARD = [...SECTION_4_CALLS, 'summary'] as const;
interface Tally {
  requests: number;
  answered: number;
}
const total: Tally = { requests: 0, answered: 0 };
let phase: Tally | null = null;

async function dashboardRead(url: string, name: string): Promise<number | null> {
  const init: RequestInit =
    name === 'summary'
      ? { headers: { authorization: `Bearer ${token}` } }
      : {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(payloadOf({ customerId: ref.id, ...RANGE })),
        };
  const route =
    name === 'summary'
      ? `/api/dashboard/summary?start_date=${RANGE.start}&end_date=${RANGE.end}`
      : `/api/dashboard/${name}`;
  return fetch(url + route, { ...init, signal: AbortSignal.timeout(30_000) }).then(
    async (res) => (await res.arrayBuffer(), res.status),
    () => null,
  );
}

/** One user's refreshes on one gateway: the 11 calls in turn; a read without an answer is sent once to the other. */
async function dashboardLoop(g: number) {
  while (!stopLoad) {
    for (const name of DASHBOARD) {
      if (stopLoad) return;
      const tally = phase;
      let status = await dashboardRead(GATEWAYS[g], name);
      if (status === null) status = await dashboardRead(GATEWAYS[1 - g], name);
      for (const x of tally ? [total, tally] : [total]) {
        x.requests++;
        if (status === 200) x.answered++;
      }
    }
  }
}

// ---- the kills -------------------------------------------------------------------------------------------------

/** The nats-server leading the hit stream's replicas, as a cluster process name (nats1..3). */
async function streamLeader(): Promise<string> {
  const nc = await connect({ servers: env.NATS_URL.split(',') });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(jetStreamNames(redisKeys(env.REDIS_PREFIX)).stream);
    expect(info.config.num_replicas).toBe(3);
    return info.cluster?.leader ?? '';
  } finally {
    await nc.close();
  }
}

/** The Galera node HAProxy sends writes to now. */
async function writeNode(): Promise<string> {
  const [row] = await q('SELECT @@wsrep_node_name AS node');
  return row.node;
}

/**
 * Time from the kill until the pipeline works end to end again: 32 new events (households over every shard),
 * sent after the kill, acknowledged and stored.
 */
async function probe(tier: string, killedAt: number): Promise<number> {
  const lines = Array.from({ length: 32 }, (_, k) => loadLine(`${RUN}-p-${tier}-${k}`, 3_000_000 + k * 7919));
  await sendBulk(lines);
  const ids = lines.map((l) => l.id);
  for (let i = 0; ; i++) {
    const [row] = await q('SELECT COUNT(*) AS n FROM impression_event WHERE event_id IN (?)', [ids]);
    if (Number(row.n) === ids.length) return Date.now() - killedAt;
    if (i > 1200) throw new Error(`${tier}: probe events not stored 4 min after the kill (${row.n}/32)`);
    await sleep(200);
  }
}

interface Outcome extends Tally {
  tier: string;
  victim: string;
  recovery_ms: number;
  restart_ms: number;
}

async function killAndRestart(tier: string, victim: string): Promise<Outcome> {
  const tally: Tally = { requests: 0, answered: 0 };
  phase = tally;
  const killedAt = Date.now();
  process.kill(pidOf(victim), 'SIGKILL');
  const recovery = await probe(tier, killedAt);
  // The killed member back: `cluster start` starts whatever is not running (a Galera node rejoins by IST/SST).
  await cluster('start');
  const restart = Date.now() - killedAt;
  await sleep(3000);
  phase = null;
  const outcome = { tier, victim, recovery_ms: recovery, restart_ms: restart, ...tally };
  console.log(JSON.stringify(outcome));
  return outcome;
}

test('every tier killed with -9 in turn under load: no acknowledged event lost or doubled, dashboards answer', async () => {
  const startedAt = Date.now();
  const loops = [bulkLoop(), pixelLoop(), dashboardLoop(0), dashboardLoop(1)];
  // The kills start once the pipeline is busy.
  while (ackedBulk.size < 3000) await sleep(200);
  const outcomes: Outcome[] = [];
  outcomes.push(await killAndRestart('nats-stream-leader', await streamLeader()));
  outcomes.push(await killAndRestart('galera-write-node', await writeNode()));
  outcomes.push(await killAndRestart('etl-worker', 'worker1'));
  outcomes.push(await killAndRestart('collector', 'collector1'));
  outcomes.push(await killAndRestart('gateway', 'gateway1'));
  stopLoad = true;
  await Promise.all(loops);
  const loadMs = Date.now() - startedAt;
  await waitForIdle(handle(GATEWAYS[1]), token, 300_000);
  const settledMs = Date.now() - startedAt;
  const pixelCount = pixels.i.size + pixels.v.size;
  console.log(
    JSON.stringify({
      bulk_events: ackedBulk.size,
      bulk_retries: bulkRetries,
      pixels: pixelCount,
      pixels_unanswered: pixels.failedI.size + pixels.failedV.size,
      dashboard_requests: total.requests,
      dashboard_answered: total.answered,
      load_ms: loadMs,
      idle_after_ms: settledMs,
      events_per_s: Math.round(((ackedBulk.size + pixelCount) * 1000) / settledMs),
    }),
  );

  // Every acknowledged bulk event stored once (event_id is the key: count what is there of what was sent).
  const [refImp] = await q('SELECT COUNT(*) AS n FROM impression_event WHERE customer_id = ?', [ref.id]);
  const [refHit] = await q('SELECT COUNT(*) AS n FROM site_hit WHERE customer_id = ?', [ref.id]);
  expect({ impressions: Number(refImp.n), hits: Number(refHit.n) }).toEqual({
    impressions: events.impressions.length,
    hits: events.hits.length,
  });
  const [loadBulk] = await q(
    'SELECT COUNT(*) AS n FROM impression_event WHERE customer_id = ? AND household_id < 50000000',
    [load.id],
  );
  expect(Number(loadBulk.n)).toBe(ackedBulk.size - events.impressions.length - events.hits.length);

  // Every answered pixel stored exactly once; one that got no answer at most once.
  for (const [table, answered, unanswered] of [
    ['impression_event', pixels.i, pixels.failedI],
    ['site_hit', pixels.v, pixels.failedV],
  ] as const) {
    const rows: { h: string; n: number }[] = await q(
      `SELECT CAST(household_id AS CHAR) AS h, COUNT(*) AS n FROM ${table} WHERE customer_id = ? AND household_id >= 50000000 GROUP BY household_id`,
      [load.id],
    );
    const stored = new Map(rows.map((r) => [Number(r.h), Number(r.n)]));
    expect([...stored.values()].filter((n) => n !== 1)).toEqual([]);
    expect([...answered].filter((h) => !stored.has(h)).slice(0, 10)).toEqual([]);
    expect([...stored.keys()].filter((h) => !answered.has(h) && !unanswered.has(h)).slice(0, 10)).toEqual([]);
  }

  // The dashboards afterwards: the reference calculator's numbers, on both gateways.
  const problems: string[] = [];
  const cases = filterCases(ref, RANGE.start, RANGE.end).filter((c) =>
    ['unfiltered', 'creative', 'site', 'combined', 'one creative'].includes(c.name),
  );
  for (const { name, filter } of cases) {
    const expected = referenceAnswers(refCustomer(ref), events.impressions, events.hits, filter) as any;
    for (const [g, url] of GATEWAYS.entries()) {
      for (const callName of SECTION_4_CALLS) {
        const rest = await restCall(handle(url), token, callName, payloadOf(filter));
        problems.push(...answerMismatches(callName, rest.body, expected[callName]).map((p) => `${name} REST${g} ${p}`));
      }
    }
    for (const callName of SECTION_4_CALLS) {
      const r = await gqlCall(handle(GATEWAYS[1]), token, callName, payloadOf(filter));
      if (r.errors) problems.push(`${name} GQL ${callName} ${JSON.stringify(r.errors)}`);
      else
        problems.push(
          ...answerMismatches(callName, r.data[callName], expected[callName]).map((p) => `${name} GQL ${p}`),
        );
    }
  }
  for (const url of GATEWAYS) {
    const r = await fetch(`${url}/api/dashboard/summary?start_date=${RANGE.start}&end_date=${RANGE.end}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((res) => res.json());
    for (const b of ref.bookings) {
      const row = r.find((x: any) => x.booking_id === b.id);
      const exp = referenceAnswers(refCustomer(ref), events.impressions, events.hits, {
        customerId: ref.id,
        ...RANGE,
        bookings: [b.id],
      }).impression_summary.summary_data;
      if (row?.impressions !== exp.Actual_Impressions) problems.push(`summary ${url} booking ${b.id} impressions`);
      if (Math.abs((row?.spend ?? NaN) - exp.Ad_Spend) > 1e-6) problems.push(`summary ${url} booking ${b.id} spend`);
    }
  }
  expect(problems.slice(0, 20)).toEqual([]);

  // During each failover, at least 99% of the dashboard's requests answered.
  for (const o of outcomes)
    expect({ tier: o.tier, share: o.answered / Math.max(1, o.requests) >= 0.99 }).toEqual({
      tier: o.tier,
      share: true,
    });
  expect(outcomes.every((o) => o.requests > 0)).toBe(true);
});

// ---- capacity figures ------------------------------------------------------------------------------------------

/** CPU seconds (user + system, from /proc) a cluster process has used so far. */
function cpuSeconds(name: string): number {
  const stat = readFileSync(`/proc/${pidOf(name)}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const GROUPS: Record<string, string[]> = {
  collectors: ['collector1', 'collector2'],
  gateways: ['gateway1', 'gateway2'],
  workers: ['worker1', 'worker2'],
  nats: ['nats1', 'nats2', 'nats3'],
  galera: ['galera1', 'galera2', 'galera3'],
};
/** CPU seconds each tier used while `work` ran, and the wall time. */
async function measure(work: () => Promise<void>) {
  const before = Object.fromEntries(
    Object.entries(GROUPS).map(([g, names]) => [g, names.reduce((a, n) => a + cpuSeconds(n), 0)]),
  );
  const t0 = Date.now();
  await work();
  const wall = (Date.now() - t0) / 1000;
  const cpu = Object.fromEntries(
    Object.entries(GROUPS).map(([g, names]) => [
      g,
      Math.round((names.reduce((a, n) => a + cpuSeconds(n), 0) - before[g]) * 100) / 100,
    ]),
  );
  return { wall_s: wall, cpu_s: cpu, loadavg_1m: Math.round(os.loadavg()[0] * 100) / 100 };
}

test('capacity on this machine: pixels, bulk ingest through the ETL, dashboard refreshes, with CPU per tier', async () => {
  // Pixels: 8 clients at once (4 on each collector) for 15 s.
  let answered = 0;
  let stop = false;
  const pix = await measure(async () => {
    const clients = Array.from({ length: 8 }, async (_, c) => {
      for (let n = 0; !stop; n++) {
        if (await pixel(c % 2, `/t/i/${load.impressionTags[0].key}?hh=${70_000_000 + c * 1_000_000 + n}`)) answered++;
      }
    });
    await sleep(15_000);
    stop = true;
    await Promise.all(clients);
  });
  console.log(
    JSON.stringify({
      measure: 'pixels',
      pixels: answered,
      per_s: Math.round(answered / pix.wall_s),
      per_collector_cpu_s: Math.round(answered / pix.cpu_s.collectors),
      ...pix,
    }),
  );
  expect(answered).toBeGreaterThan(0);

  // Bulk ingest: 24,000 events in batches of 1,000, two in flight, until the ETL has stored them all.
  const before = ackedBulk.size;
  const bulk = await measure(async () => {
    const batches = Array.from({ length: 24 }, (_, b) =>
      Array.from({ length: 1000 }, (_, k) => loadLine(`${RUN}-c-${b}-${k}`, 4_000_000 + b * 1000 + k)),
    );
    const senders = [0, 1].map(async (s) => {
      for (let b = s; b < batches.length; b += 2) await sendBulk(batches[b]);
    });
    await Promise.all(senders);
    await waitForIdle(handle(GATEWAYS[0]), token, 300_000);
  });
  const [stored] = await q('SELECT COUNT(*) AS n FROM impression_event WHERE event_id LIKE ?', [`${RUN}-c-%`]);
  expect(Number(stored.n)).toBe(ackedBulk.size - before);
  console.log(
    JSON.stringify({
      measure: 'bulk-ingest-to-stored',
      events: Number(stored.n),
      per_s: Math.round(Number(stored.n) / bulk.wall_s),
      per_worker_cpu_s: Math.round(Number(stored.n) / bulk.cpu_s.workers),
      ...bulk,
    }),
  );

  // Dashboard refreshes (the 11 calls), 2 users on each gateway for 15 s, each refresh a filter of its own.
  let refreshes = 0;
  let requests = 0;
  let ok = 0;
  stop = false;
  const dash = await measure(async () => {
    const users = [0, 1, 0, 1].map(async (g, u) => {
      for (let n = 0; !stop; n++) {
        const filter = {
          customerId: ref.id,
          start: RANGE.start,
          end: `2026-10-0${1 + ((n + u) % 4)}`,
          regions: [['AUK'], ['WGN', 'CAN'], ['OTA'], ['AUK', 'UNK']][(n * 3 + u) % 4],
        };
        const statuses = await Promise.all(
          SECTION_4_CALLS.map((name) =>
            call(GATEWAYS[g], 'POST', `/api/dashboard/${name}`, { token, body: payloadOf(filter) }).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        statuses.push(
          await call(GATEWAYS[g], 'GET', `/api/dashboard/summary?start_date=${filter.start}&end_date=${filter.end}`, {
            token,
          }).then(
            (r) => r.status,
            () => 0,
          ),
        );
        requests += statuses.length;
        ok += statuses.filter((x) => x === 200).length;
        refreshes++;
      }
    });
    await sleep(15_000);
    stop = true;
    await Promise.all(users);
  });
  console.log(
    JSON.stringify({
      measure: 'dashboard-refreshes',
      refreshes,
      requests,
      answered: ok,
      per_s: Math.round((refreshes / dash.wall_s) * 10) / 10,
      per_gateway_cpu_s: Math.round((refreshes / dash.cpu_s.gateways) * 10) / 10,
      ...dash,
    }),
  );
  expect(ok).toBe(requests);
});
