import Redis from 'ioredis';
import { hitLogOf, hitStreamOf, shardOf } from '../../gateway/src/stream';
import { EtlWorker } from '../../gateway/src/etl/worker';
import { startTestGateway, type TestGateway } from '../support/gateway';
import {
  ingest,
  ingestStatus,
  seedCustomer,
  superAdminToken,
  waitForIdle,
  type IngestLine,
  type WorldCustomer,
} from '../support/pipeline';

/**
 * Hits are partitioned by household over shard streams, each shard read by one
 * worker at a time. Two workers split the shards and both store; a worker that dies mid-batch (no
 * acknowledgement, no release) loses its shards to the other within the claim time, with their
 * pending entries, and every event is stored and counted once. Entries left in the stream of the
 * versions before partitioning are drained.
 */
jest.setTimeout(120_000);

const CLAIM_MS = 1500;
let t: TestGateway;
let token: string;
let world: WorldCustomer;
const workers: EtlWorker[] = [];
const connections: Redis[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await startTestGateway({ WORKER: '0' });
  token = await superAdminToken(t);
  world = await seedCustomer(t, { bookings: 2 });
}, 60_000);

afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  // Each worker's own connection: left open, jest cannot exit after the file.
  for (const r of connections.splice(0)) r.disconnect();
});

afterAll(async () => {
  await t.close();
});

const startWorker = (consumer: string, patch?: (w: EtlWorker, redis: Redis) => void, batchHits = 500) => {
  const app = t.gateway.app;
  // A connection of the worker's own to the test's one Redis (reads block).
  const redis = new Redis(t.config.REDIS_URL);
  connections.push(redis);
  const w = new EtlWorker(app.ds, redis, app.keys, app.log, {
    consumer,
    claimIdleMs: CLAIM_MS,
    shards: t.config.ETL_SHARDS,
    batchHits,
  });
  patch?.(w, redis);
  workers.push(w);
  w.start();
  return w;
};

/** The first household of the next call of `lines`: each call has households of its own. */
let nextHousehold = 5000;

/** n impressions of `households` households (not another call's), ids `<prefix>-<i>`. */
const lines = (prefix: string, n: number, households = 400): IngestLine[] => {
  const first = nextHousehold;
  nextHousehold += households;
  return Array.from({ length: n }, (_, i) => ({
    type: 'impression' as const,
    tag: world.impressionTags[i % world.impressionTags.length].key,
    // 3 ms apart: a household's next impression comes more than a second after its last (the same tag within a
    // second would be a repeat, invalid traffic rule 6 of docs/invalid-traffic.md, and not counted).
    ts: new Date(Date.now() - 3600_000 + 3 * i).toISOString(),
    household: String(first + (i % households)),
    id: `${prefix}-${i}`,
  }));
};

const stored = async (prefix: string) => {
  const [row]: { n: number; distinct_ids: number }[] = await t.gateway.app.ds.query(
    'SELECT COUNT(*) AS n, COUNT(DISTINCT event_id) AS distinct_ids FROM impression_event WHERE event_id LIKE ?',
    [`${prefix}-%`],
  );
  return { n: Number(row.n), distinct_ids: Number(row.distinct_ids) };
};

const until = async (what: string, ok: () => boolean | Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
};

test('the shard of a household is fixed and households spread evenly over the shards', () => {
  // Fixed for good (collectors and workers of different versions must agree): FNV-1a (32 bits) of the
  // decimal id, modulo the shard count.
  expect([shardOf('1', 16), shardOf('2', 16), shardOf('12345678901234567', 16), shardOf('5000', 7)]).toEqual([
    12, 5, 12, 4,
  ]);
  const counts = new Array<number>(16).fill(0);
  for (let i = 0; i < 160_000; i++) counts[shardOf(String(1_000_000 + i * 7919), 16)]++;
  for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  const hashed = new Array<number>(16).fill(0);
  for (let i = 0; i < 16_000; i++) hashed[shardOf(((BigInt(i) * 0x9e3779b97f4a7c15n) % 2n ** 64n).toString(), 16)]++;
  for (const c of hashed) expect(Math.abs(c - 1000)).toBeLessThan(150);
});

test('two workers split the shards between them and both store events; every event once', async () => {
  const a = startWorker('split-a');
  const b = startWorker('split-b');
  await until('a fair share each', () => a.leases.owned.size === 8 && b.leases.owned.size === 8, 10_000);
  expect([...a.leases.owned].filter((n) => b.leases.owned.has(n))).toEqual([]);
  const before = await ingestStatus(t, token);
  const sent = lines('split', 6000);
  for (let i = 0; i < sent.length; i += 1000)
    expect((await ingest(t, token, sent.slice(i, i + 1000))).status).toBe(200);
  const after = await waitForIdle(t, token, 60_000);
  expect(await stored('split')).toEqual({ n: 6000, distinct_ids: 6000 });
  expect(after.processed - before.processed).toBe(6000);
  expect(after.duplicates - before.duplicates).toBe(0);
  expect(a.stored).toBeGreaterThan(0);
  expect(b.stored).toBeGreaterThan(0);
  expect(a.stored + b.stored).toBe(6000);
  // Each stored exactly its own shards' households.
  const ownedBy = (n: number) => (a.leases.owned.has(n) ? 'a' : 'b');
  const perWorker = { a: 0, b: 0 };
  for (const l of sent) perWorker[ownedBy(shardOf(String(l.household), t.config.ETL_SHARDS))]++;
  expect({ a: a.stored, b: b.stored }).toEqual(perWorker);
});

test('a worker killed mid-batch loses its shards and their pending entries to the other within the claim time', async () => {
  const before = await ingestStatus(t, token);
  let killedAt = 0;
  const a = startWorker('dies', (w, redis) => {
    redis.multi = (() => {
      // The batch committed; the process dies before acknowledging: no ack, no lease given up.
      if (!killedAt) {
        killedAt = Date.now();
        void w.stop(false);
      }
      throw new Error('killed between commit and acknowledgement');
    }) as never;
  });
  const b = startWorker('survives');
  await until('a fair share each', () => a.leases.owned.size === 8 && b.leases.owned.size === 8, 10_000);
  const sent = lines('kill', 6000);
  for (let i = 0; i < sent.length; i += 1000)
    expect((await ingest(t, token, sent.slice(i, i + 1000))).status).toBe(200);
  await until('the worker died', () => killedAt > 0, 30_000);
  const pendingAtDeath = (await ingestStatus(t, token)).consumers.find((c: { name: string }) => c.name === 'dies');
  expect(pendingAtDeath?.pending).toBeGreaterThan(0);
  await until('the survivor holds every shard', () => b.leases.owned.size === 16, CLAIM_MS * 3);
  expect(Date.now() - killedAt).toBeLessThan(CLAIM_MS * 3);
  const after = await waitForIdle(t, token, 60_000);
  expect(await stored('kill')).toEqual({ n: 6000, distinct_ids: 6000 });
  expect(after.processed - before.processed).toBe(6000);
  expect(after.duplicates - before.duplicates).toBe(0);
  expect(after.pending).toBe(0);
  expect(after.consumers.find((c: { name: string }) => c.name === 'dies')?.pending ?? 0).toBe(0);
  const [ledger]: { n: number }[] = await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM etl_ledger');
  expect(Number(ledger.n)).toBe(0);
});

test('entries left in the stream before partitioning are drained after an upgrade', async () => {
  const redis = new Redis(t.config.REDIS_URL);
  try {
    const legacy = hitStreamOf(t.gateway.app.keys, null);
    // As the previous version left it: one stream, group "etl", entries of mixed households, one
    // delivered to a worker that died with it.
    await redis.xgroup('CREATE', legacy, 'etl', '0', 'MKSTREAM').catch(() => undefined);
    const hits = lines('legacy', 900).map((l, i) => ({
      i: l.id,
      k: 'i',
      t: l.tag,
      ts: Date.parse(l.ts),
      h: l.household,
      r: i % 2 ? 'AUK' : undefined,
    }));
    for (let i = 0; i < hits.length; i += 300)
      await redis.xadd(legacy, '*', 'h', JSON.stringify(hits.slice(i, i + 300)));
    await redis.xreadgroup('GROUP', 'etl', 'old-version-worker', 'COUNT', 1, 'STREAMS', legacy, '>');
    const before = await ingestStatus(t, token);
    expect(before.pending).toBe(1);
    expect(before.undelivered).toBeGreaterThan(0);
    startWorker('upgraded');
    const after = await waitForIdle(t, token, 30_000);
    expect(await stored('legacy')).toEqual({ n: 900, distinct_ids: 900 });
    expect(after.processed - before.processed).toBe(900);
    expect(await redis.xlen(legacy)).toBe(0);
  } finally {
    redis.disconnect();
  }
});

test('a batch of tens of thousands of one-hit entries (pixels spread over the shards) is acknowledged in one go', async () => {
  const before = await ingestStatus(t, token);
  const app = t.gateway.app;
  const hits = lines('small', 50_000, 3000).map((l) => ({
    i: l.id!,
    k: 'i' as const,
    t: l.tag,
    ts: Date.parse(l.ts),
    h: String(l.household),
  }));
  await hitLogOf(app).ensure();
  await hitLogOf(app).append(hits, 1);
  const w = startWorker('one-batch', undefined, 50_000);
  const after = await waitForIdle(t, token, 60_000);
  expect(await stored('small')).toEqual({ n: 50_000, distinct_ids: 50_000 });
  expect(after.processed - before.processed).toBe(50_000);
  expect(after.dead_letters).toBe(before.dead_letters);
  expect(w.stored).toBe(50_000);
});
