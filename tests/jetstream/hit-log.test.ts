import { rmSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import Redis from 'ioredis';
import { EtlWorker } from '../../gateway/src/etl/worker';
import { createLogger } from '../../gateway/src/shared/logger';
import { redisKeys } from '../../gateway/src/shared/redis';
import { createHitLog, type Hit, hitLogOptions, type HitLog } from '../../gateway/src/stream';
import { jetStreamNames } from '../../gateway/src/stream/jetstream/names';
import { MAX_DELIVERIES } from '../../gateway/src/stream/jetstream/reader';
import { BROWSER_UA } from '../support/browser-agent';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { PrivateNats } from '../support/nats';
import { ingestStatus, seedCustomer, superAdminToken, waitForIdle, type WorldCustomer } from '../support/pipeline';
import { freePort } from '../pipeline/outages';

/**
 * The JetStream hit log (docs/operations.md#hit-log) where it differs from Redis Streams: a NATS server of
 * the test's own is killed with -9 during pixels (they spool, then land once), a retried publish is
 * de-duplicated by its message id, and an entry delivered MAX_DELIVERIES times without a commit is set
 * aside as a dead letter, then replayed and stored.
 */
jest.setTimeout(120_000);

let nats: PrivateNats;
let t: TestGateway;
let token: string;
let world: WorldCustomer;
let redis: Redis;
let log: HitLog;

const count = async (sql: string, params: unknown[] = []) => Number((await t.gateway.app.ds.query(sql, params))[0].n);

beforeAll(async () => {
  nats = new PrivateNats(await freePort());
  await nats.start();
  // No worker in the gateway: each test runs the ETL it needs.
  t = await startTestGateway({ HIT_LOG: 'jetstream', NATS_URL: nats.url, WORKER: '0' });
  token = await superAdminToken(t);
  world = await seedCustomer(t);
  redis = new Redis(t.config.REDIS_URL);
  log = createHitLog(redis, t.gateway.app.keys, hitLogOptions(t.config, 'test'));
  await log.ensure();
});

afterAll(async () => {
  await log?.close();
  redis?.disconnect();
  const spool = t?.config.SPOOL_DIR;
  await t?.close();
  if (spool) rmSync(spool, { recursive: true, force: true });
  await nats?.stop();
});

/** An ETL worker in this process, on the gateway's database (stopped by the caller). */
function worker(): { worker: EtlWorker; stop: () => Promise<void> } {
  const r = new Redis(t.config.REDIS_URL);
  const w = new EtlWorker(t.gateway.app.ds, r, t.gateway.app.keys, createLogger('silent'), {
    claimIdleMs: 1000,
    shards: t.config.ETL_SHARDS,
    hitLog: hitLogOptions(t.config, 'etl'),
  });
  w.start();
  return {
    worker: w,
    stop: async () => {
      await w.stop();
      r.disconnect();
    },
  };
}

async function pixel(hh: number): Promise<number> {
  const res = await fetch(`${t.url}/t/i/${world.impressionTags[0].key}?hh=${hh}`, {
    headers: { 'user-agent': BROWSER_UA },
  });
  await res.arrayBuffer();
  return res.status;
}

const impressionsOf = (from: number, to: number) =>
  count('SELECT COUNT(*) AS n FROM impression_event WHERE impression_tag_id = ? AND household_id BETWEEN ? AND ?', [
    world.impressionTags[0].id,
    from,
    to,
  ]);

test('pixels while the NATS server is killed with -9 are answered, spooled and stored once it is back', async () => {
  const etl = worker();
  try {
    for (let i = 0; i < 100; i++) expect(await pixel(100_000 + i)).toBe(200);
    await nats.kill();
    for (let i = 100; i < 200; i++) expect(await pixel(100_000 + i)).toBe(200);
    // The status needs JetStream: while it is away, a 503 to retry rather than made-up figures.
    const down = await call(t.url, 'GET', '/api/ingest/status', { token });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    await nats.start();
    await waitForIdle(t, token, 60_000);
    expect(await impressionsOf(100_000, 100_199)).toBe(200);
    // Each household once: nothing stored twice after the spool's replay.
    expect(
      await count(
        'SELECT COUNT(DISTINCT household_id) AS n FROM impression_event WHERE impression_tag_id = ? AND household_id BETWEEN 100000 AND 100199',
        [world.impressionTags[0].id],
      ),
    ).toBe(200);
  } finally {
    await etl.stop();
  }
});

test('a publish retried after a lost acknowledgement is de-duplicated by JetStream (one message, stored once)', async () => {
  const hits: Hit[] = Array.from({ length: 5 }, (_, i) => ({
    i: `dedupe-${i}`,
    k: 'i',
    t: world.impressionTags[0].key,
    ts: Date.now() - 60_000,
    h: String(200_000 + i),
  }));
  await log.append(hits);
  const once = (await ingestStatus(t, token)).length;
  await log.append(hits);
  expect((await ingestStatus(t, token)).length).toBe(once);
  const before = await ingestStatus(t, token);
  const etl = worker();
  try {
    const s = await waitForIdle(t, token);
    expect(s.processed - before.processed).toBe(5);
    expect(s.duplicates - before.duplicates).toBe(0);
    expect(await impressionsOf(200_000, 200_004)).toBe(5);
  } finally {
    await etl.stop();
  }
});

test('an entry delivered too often without a commit becomes a dead letter; the replay stores it', async () => {
  const hit: Hit = { i: 'poison-1', k: 'i', t: world.impressionTags[0].key, ts: Date.now() - 60_000, h: '300000' };
  await log.append([hit]);
  const reader = log.reader('dies-every-time', 1000);
  await reader.ensure();
  const all = Array.from({ length: t.config.ETL_SHARDS }, (_, n) => n);
  // Each read takes the entry in hand; reading no shard gives it back (as a worker giving its shards up).
  for (let d = 1; d <= MAX_DELIVERIES; d++) {
    const read = await reader.read(all, 10, 3000);
    expect(read.entries.map((e) => JSON.parse(e.data)[0].i)).toEqual(['poison-1']);
    await reader.read([], 10, 0);
  }
  expect((await reader.read(all, 10, 3000)).entries).toEqual([]);
  const s = await ingestStatus(t, token);
  expect(s.dead_letters).toBe(1);
  expect(s.dead_letter_error).toBe(`delivered ${MAX_DELIVERIES + 1} times without a commit`);
  expect(s.idle).toBe(true);
  await reader.leave();

  const replay = await call<{ replayed: number }>(t.url, 'POST', '/api/ingest/dead-letters/replay', { token });
  expect(replay.status).toBe(200);
  expect(replay.body.replayed).toBe(1);
  const etl = worker();
  try {
    const after = await waitForIdle(t, token);
    expect(after.dead_letters).toBe(0);
    expect(await impressionsOf(300_000, 300_000)).toBe(1);
  } finally {
    await etl.stop();
  }
});

test('the hit log is one stream and one of dead letters, named after REDIS_PREFIX', async () => {
  const names = jetStreamNames(redisKeys(t.config.REDIS_PREFIX));
  const nc = await connect({ servers: nats.url });
  const jsm = await jetstreamManager(nc);
  const streams: string[] = [];
  for await (const s of jsm.streams.list()) streams.push(s.config.name);
  await nc.close();
  expect(streams.sort()).toEqual([names.stream, names.dead].sort());
});
