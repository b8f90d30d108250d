import type { ChildProcess } from 'node:child_process';
import { BROWSER } from '../support/browser-agent';
import { startEtlWorker } from '../../gateway/src/etl/task';
import { makeUser } from '../support/actors';
import type { TestGateway } from '../support/gateway';
import { gql } from '../support/http';
import {
  ingest,
  ingestStatus,
  seedCustomer,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
  type WorldCustomer,
} from '../support/pipeline';
import { siblings } from '../support/sibling';

/**
 * System Health (spec 7) on a fresh demo: the demo loads its data through a gateway it then stops with
 * SIGTERM. A process that leaves cleanly answers what it holds and deregisters, so nothing calls it silent;
 * one that is killed is still named once its silence passes the threshold (COLLECTOR_SILENT_MS, short
 * here), and an ETL worker stopped cleanly no longer counts as a consumer. Read through the GraphQL calls
 * the System Health tab makes.
 */
jest.setTimeout(180_000);

const SILENT_MS = 5000;
let t: TestGateway;
let admin: string;
let ingestToken: string;
let world: WorldCustomer;
const processes = siblings(() => t);
/** Another process of the same installation (same database and Redis prefix): a gateway or a collector. */
const startProcess = (kind: 'gateway' | 'collector') => processes.start(kind);

beforeAll(async () => {
  t = await startPipelineGateway({ COLLECTOR_SILENT_MS: String(SILENT_MS) });
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  ingestToken = await superAdminToken(t);
  world = await seedCustomer(t, { bookings: 1 });
}, 60_000);

afterAll(async () => {
  processes.close();
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const stop = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });

interface Health {
  status: string;
  servers: { pid: number; active: boolean }[];
  issues: { code: string; message: string }[];
  consumers: number;
}

/** The System Health tab's reads: cache health (with the collectors and the critical issues) and the pipeline. */
async function health(): Promise<Health> {
  const r = await gql(
    t.url,
    `{ redisHealth { status } redisInfo { edge_servers { servers { pid active } } }
       redisStrainSummary { critical_issues { code message } } etlPipelineStatus { consumers } }`,
    {},
    admin,
  );
  expect(r.errors).toBeUndefined();
  return {
    status: r.data.redisHealth.status,
    servers: r.data.redisInfo.edge_servers.servers,
    issues: r.data.redisStrainSummary.critical_issues,
    consumers: r.data.etlPipelineStatus.consumers,
  };
}

const silentAbout = (h: Health, pid: number | undefined) =>
  h.issues.filter((i) => i.code === 'silent_collector' && i.message.includes(`(pid ${pid})`));

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (last: ${JSON.stringify(v)})`);
    await sleep(200);
  }
}

const listed = (h: Health, pid: number | undefined) => h.servers.some((s) => s.pid === pid);

test('a gateway stopped with SIGTERM (the demo loader) answers its pixels, then leaves without an alarm', async () => {
  const loader = await startProcess('gateway');
  const tag = world.impressionTags[0];
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      fetch(`${loader.url}/t/i/${tag.key}?hh=${6000 + i}`, BROWSER).then((r) => r.status),
    ),
  );
  expect(answers.every((s) => s === 200)).toBe(true);
  await until('the loader is listed as a collector', health, (h) => listed(h, loader.child.pid), 10_000);

  expect(await stop(loader.child, 'SIGTERM')).toBe(0);
  expect(listed(await health(), loader.child.pid)).toBe(false);
  // Past the silence threshold (and a heartbeat period), still nothing about it.
  await sleep(SILENT_MS + 2500);
  const after = await health();
  expect(listed(after, loader.child.pid)).toBe(false);
  expect(after.issues.filter((i) => i.code === 'silent_collector')).toEqual([]);
  expect(after.status).toBe(after.issues.length ? 'degraded' : 'healthy');
  await waitForIdle(t, ingestToken);
  const [stored] = await t.gateway.app.ds.query(
    'SELECT COUNT(*) AS n FROM impression_event WHERE impression_tag_id = ?',
    [tag.id],
  );
  expect(Number(stored.n)).toBe(40);
});

test('a collector stopped with SIGTERM leaves no trace; one killed with SIGKILL is named once it has been silent', async () => {
  const clean = await startProcess('collector');
  const killed = await startProcess('collector');
  await until(
    'both collectors are listed',
    health,
    (h) => listed(h, clean.child.pid) && listed(h, killed.child.pid),
    10_000,
  );
  expect(await stop(clean.child, 'SIGTERM')).toBe(0);
  await stop(killed.child, 'SIGKILL');

  const now = await health();
  expect(listed(now, clean.child.pid)).toBe(false);
  expect(listed(now, killed.child.pid)).toBe(true);
  const alarmed = await until(
    'the killed collector is named silent',
    health,
    (h) => silentAbout(h, killed.child.pid).length === 1,
    SILENT_MS + 10_000,
  );
  expect(silentAbout(alarmed, killed.child.pid)[0].message).toMatch(/has been silent for \d+ s\.$/);
  expect(silentAbout(alarmed, clean.child.pid)).toEqual([]);
  expect(alarmed.status).toBe('degraded');
});

test('an ETL worker stopped cleanly no longer counts as a consumer', async () => {
  const names = async (): Promise<string[]> =>
    (await ingestStatus(t, ingestToken)).consumers.map((c: { name: string }) => c.name).sort();
  const stopWorker = await startEtlWorker(t.gateway.app);
  // A consumer is listed once entries were delivered to it: events for every shard until both workers
  // (the gateway's and this one, each with its share of the shards) have read some.
  let batch = 0;
  const both = await until(
    'both workers have read',
    async () => {
      const lines = Array.from({ length: 64 }, (_, i) => ({
        type: 'impression' as const,
        tag: world.impressionTags[0].key,
        ts: new Date(Date.now() - 60_000).toISOString(),
        household: String(90_000 + batch * 64 + i),
      }));
      batch++;
      expect((await ingest(t, ingestToken, lines)).status).toBe(200);
      await waitForIdle(t, ingestToken);
      return names();
    },
    (list) => list.length === 2,
    60_000,
  );
  await stopWorker();
  const left = await names();
  expect(left).toHaveLength(1);
  expect(both).toContain(left[0]);
  expect((await health()).consumers).toBe(1);
});
