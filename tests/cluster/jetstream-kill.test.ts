import { rmSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { redisKeys } from '../../gateway/src/shared/redis';
import { jetStreamNames } from '../../gateway/src/stream/jetstream/names';
import { BROWSER_UA } from '../support/browser-agent';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { PrivateNats } from '../support/nats';
import { ingest, seedCustomer, superAdminToken, waitForIdle, type IngestLine } from '../support/pipeline';
import { freePort } from '../pipeline/outages';

/**
 * docs/scaling.md#the-hit-log-on-a-nats-cluster: the hit log on 3 nats-server nodes of the test's own (loopback
 * ports, stores in temp folders), its stream with 3 replicas. While bulk ingest and pixels flow, the stream's
 * leader is killed with -9, then restarted: every acknowledged event (a bulk line answered 200, a pixel
 * answered its GIF) is stored exactly once after the ETL drains.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let nodes: PrivateNats[] = [];
let t: TestGateway;
let token: string;

beforeAll(async () => {
  const ports = await Promise.all([0, 1, 2].map(() => freePort()));
  const routes = await Promise.all([0, 1, 2].map(() => freePort()));
  nodes = ports.map((p, i) => new PrivateNats(p, `node${i + 1}`, { port: routes[i], routes }));
  await Promise.all(nodes.map((n) => n.start()));
  // JetStream answers once the nodes have elected their meta leader.
  const nc = await connect({ servers: nodes.map((n) => n.url) });
  for (let i = 0; ; i++) {
    try {
      await (await jetstreamManager(nc, { timeout: 2000 })).getAccountInfo();
      break;
    } catch (e) {
      if (i > 60) throw e;
      await sleep(500);
    }
  }
  await nc.close();
  process.env.ETL_CLAIM_IDLE_MS = '3000';
  t = await startTestGateway({
    HIT_LOG: 'jetstream',
    NATS_URL: nodes.map((n) => n.url).join(','),
    NATS_REPLICAS: '3',
    WORKER: '1',
  });
  token = await superAdminToken(t);
});

afterAll(async () => {
  const spool = t?.config.SPOOL_DIR;
  await t?.close();
  if (spool) rmSync(spool, { recursive: true, force: true });
  for (const n of nodes) await n.stop();
});

/** The name of the server leading the hit stream's replicas. */
async function streamLeader(): Promise<string> {
  const nc = await connect({ servers: nodes.filter((n) => n.running).map((n) => n.url) });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(jetStreamNames(redisKeys(t.config.REDIS_PREFIX)).stream);
    expect(info.config.num_replicas).toBe(3);
    return info.cluster?.leader ?? '';
  } finally {
    await nc.close();
  }
}

test('kill -9 of the stream leader during ingest: every acknowledged event is stored exactly once', async () => {
  const world = await seedCustomer(t);
  const tag = world.impressionTags[0];
  const ts = new Date(Date.now() - 3600_000).toISOString();
  let stop = false;
  let acknowledged = 0;
  let retried = 0;
  // Bulk ingest: 250 lines a request, each a household of its own; a 503 or a dropped connection is sent again.
  const bulk = (async () => {
    for (let chunk = 0; !stop; chunk++) {
      const lines: IngestLine[] = Array.from({ length: 250 }, (_, i) => ({
        type: 'impression',
        tag: tag.key,
        ts,
        household: String(1_000_000 + chunk * 250 + i),
        id: `kill-${chunk}-${i}`,
      }));
      for (;;) {
        const r = await ingest(t, token, lines).catch(() => null);
        if (r?.status === 200) break;
        retried++;
        await sleep(200);
      }
      acknowledged += lines.length;
    }
  })();
  // Pixels: always answered (spooled when JetStream does not acknowledge in time).
  let pixels = 0;
  const pixelLoop = (async () => {
    for (let i = 0; !stop; i++) {
      const res = await fetch(`${t.url}/t/i/${tag.key}?hh=${5_000_000 + i}`, { headers: { 'user-agent': BROWSER_UA } });
      await res.arrayBuffer();
      if (res.status === 200) pixels++;
    }
  })();
  // Killed mid-stream: once a few thousand events are acknowledged.
  for (let i = 0; i < 300 && acknowledged < 5000; i++) await sleep(100);
  const leader = await streamLeader();
  const victim = nodes.find((n) => n.name === leader);
  expect(victim).toBeDefined();
  const killedAt = acknowledged;
  await victim?.kill();
  await sleep(8000);
  await victim?.start();
  await sleep(4000);
  stop = true;
  await Promise.all([bulk, pixelLoop]);
  const newLeader = await streamLeader();
  console.log(
    `JetStream R3: ${acknowledged} bulk events (${killedAt} before the kill, ${retried} requests retried) and ${pixels} pixels acknowledged; leader ${leader} killed, ${newLeader} leads now`,
  );
  expect(acknowledged).toBeGreaterThan(killedAt);
  await waitForIdle(t, token, 180_000);
  const [row] = await t.gateway.app.ds.query(
    'SELECT COUNT(*) AS n, COUNT(DISTINCT household_id) AS households FROM impression_event WHERE impression_tag_id = ? AND household_id BETWEEN 1000000 AND 4999999',
    [tag.id],
  );
  expect(Number(row.n)).toBe(acknowledged);
  expect(Number(row.households)).toBe(acknowledged);
  const [px] = await t.gateway.app.ds.query(
    'SELECT COUNT(*) AS n, COUNT(DISTINCT household_id) AS households FROM impression_event WHERE impression_tag_id = ? AND household_id >= 5000000',
    [tag.id],
  );
  expect(Number(px.n)).toBe(pixels);
  expect(Number(px.households)).toBe(pixels);
});
