import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { insertApiKey } from '../support/api-keys';
import type { TestGateway } from '../support/gateway';
import {
  ingest,
  seedCustomer,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
  type IngestLine,
  type WorldCustomer,
} from '../support/pipeline';

/**
 * docs/scaling.md: the gateway and its ETL on 3 Galera nodes behind HAProxy. The node HAProxy writes to is
 * killed with -9 between two ingests: every acknowledged event must still be stored exactly once, on every
 * node, and the killed node must rejoin.
 */
const ROOT = path.resolve(__dirname, '../..');
const DIR = process.env.CLUSTER_DIR ?? path.join(ROOT, '.cluster');
const cluster = (...args: string[]) => {
  const r = spawnSync('node', [path.join(ROOT, 'scripts/cluster.mjs'), ...args], {
    encoding: 'utf8',
    env: process.env,
  });
  if (r.status !== 0) throw new Error(`cluster ${args.join(' ')}: ${r.stdout}${r.stderr}`);
  return r.stdout;
};
const nodeQuery = async (port: number, sql: string, params: unknown[] = []) => {
  const c = await createConnection({ host: '127.0.0.1', port, user: 'root' });
  try {
    const [rows] = await c.query(sql, params);
    return rows as Record<string, any>[];
  } finally {
    await c.end();
  }
};

let t: TestGateway;
let w: WorldCustomer;
let key: string;
let admin: string;
const startedCluster = !/running/.test(
  cluster('status')
    .split('\n')
    .find((l) => l.startsWith('galera1')) ?? '',
);

beforeAll(async () => {
  console.log(cluster('start', '--engines-only'));
  // The gateway's own database is made through HAProxy's write port (tests/support/gateway.ts).
  process.env.TEST_MYSQL_SERVER = 'mysql://root@127.0.0.1:3310';
  process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';
  t = await startPipelineGateway();
  admin = await superAdminToken(t);
  w = await seedCustomer(t, { name: 'Cluster', bookings: 1, siteTags: 1 });
  key = (await insertApiKey(t, { entityType: 'CUSTOMER', entityId: w.id, scopes: ['ingest'] })).secret;
}, 600_000);
afterAll(async () => {
  await t?.close();
  if (startedCluster && process.env.CLUSTER_KEEP !== '1') cluster('stop');
}, 120_000);

const lines = (from: number, n: number): IngestLine[] =>
  Array.from({ length: n }, (_, k) => ({
    type: 'impression' as const,
    tag: w.impressionTags[0].key,
    ts: new Date(Date.now() - 3_600_000 + (from + k) * 1000).toISOString(),
    household: String(1000 + ((from + k) % 97)),
    id: `ev-${from + k}`,
  }));

/** Sends until the gateway acknowledges (a request in flight when a node dies may be refused; it is resent). */
async function send(batch: IngestLine[]) {
  const t0 = Date.now();
  for (;;) {
    const r = await ingest(t, key, batch).catch(() => null);
    if (r?.status === 200) {
      expect(r.body.errors.slice(0, 2)).toEqual([]);
      expect(r.body.accepted).toBe(batch.length);
      return Date.now() - t0;
    }
    if (Date.now() - t0 > 60_000) throw new Error(`ingest not answered 200 for 60 s: ${r?.status}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

const countOn = async (port: number) =>
  Number(
    (
      await nodeQuery(port, `SELECT COUNT(*) AS n FROM \`${t.database}\`.impression_event WHERE customer_id = ?`, [
        w.id,
      ])
    )[0].n,
  );

test('ingest goes on through a kill -9 of the Galera write node, counts exact on every node, node rejoins', async () => {
  await send(lines(0, 300));
  await waitForIdle(t, admin, 120_000);
  for (const port of [3311, 3312, 3313]) expect(await countOn(port)).toBe(300);

  const pid = Number(readFileSync(path.join(DIR, 'galera1.pid'), 'utf8'));
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  const ackMs = await send(lines(300, 300));
  await waitForIdle(t, admin, 180_000);
  const settledMs = Date.now() - killedAt;
  // Reads go on through HAProxy's read port and on the survivors, each with every acknowledged event once.
  for (const port of [3309, 3312, 3313]) expect(await countOn(port)).toBe(600);

  const rejoinAt = Date.now();
  cluster('start', '--engines-only');
  const rejoinMs = Date.now() - rejoinAt;
  const size = await nodeQuery(3311, "SHOW STATUS LIKE 'wsrep_cluster_size'");
  expect(size[0].Value).toBe('3');
  expect(await countOn(3311)).toBe(600);
  console.log(
    `galera write node killed: next ingest acknowledged after ${ackMs} ms, pipeline idle ${settledMs} ms after the kill, node rejoined in ${rejoinMs} ms`,
  );
});
