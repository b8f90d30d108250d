import { shardOf } from '../../gateway/src/stream';
import { EtlWorker, isNonTransient } from '../../gateway/src/etl/worker';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { makeUser } from '../support/actors';
import {
  ingest,
  ingestStatus,
  seedCustomer,
  superAdminToken,
  waitForIdle,
  type WorldCustomer,
} from '../support/pipeline';

/**
 * Nothing lost, nothing stuck. A batch that fails for a non-transient reason is split,
 * its good entries commit, and only the failing entry goes to the dead-letter stream after a few
 * attempts (visible in the ingest status, replayed by the super admin on either transport). The
 * `processed` counter stays exact when a worker dies between its commit and its acknowledgement.
 */
let t: TestGateway;
let token: string;
let world: WorldCustomer;
const workers: EtlWorker[] = [];

beforeAll(async () => {
  t = await startTestGateway({ WORKER: '0' });
  token = await superAdminToken(t);
  world = await seedCustomer(t, { bookings: 1 });
}, 60_000);
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
});

const startWorker = (
  consumer: string,
  patch?: (w: EtlWorker, redis: ReturnType<typeof t.gateway.app.redis.duplicate>) => void,
) => {
  const app = t.gateway.app;
  const redis = app.redis.duplicate();
  const w = new EtlWorker(app.ds, redis, app.keys, app.log, { consumer, claimIdleMs: 100 });
  patch?.(w, redis);
  workers.push(w);
  w.start();
  return w;
};

/** The first household of the next call of `lines` without one: each call has households of its own. */
let nextHousehold = 2000;

/**
 * n impressions of n households (not another call's: one household's impressions of a tag within a second are
 * repeats, invalid traffic rule 6 of docs/invalid-traffic.md), or of one household (one stream entry) when
 * `household` is given.
 */
const lines = (prefix: string, n: number, household?: number) => {
  const first = nextHousehold;
  if (household === undefined) nextHousehold += n;
  return Array.from({ length: n }, (_, i) => ({
    type: 'impression' as const,
    tag: world.impressionTags[0].key,
    // One household's impressions more than a second apart (else all but the first would be repeats).
    ts: new Date(Date.now() - 60_000 + (household === undefined ? i : 1001 * i)).toISOString(),
    household: String(household ?? first + i),
    id: `${prefix}-${i}`,
  }));
};

const storedWithPrefix = async (prefix: string): Promise<number> => {
  const [row]: { n: number }[] = await t.gateway.app.ds.query(
    'SELECT COUNT(*) AS n FROM impression_event WHERE event_id LIKE ?',
    [`${prefix}-%`],
  );
  return Number(row.n);
};

test('a worker killed between its commit and its acknowledgement: the next one counts the batch exactly once', async () => {
  const before = await ingestStatus(t, token);
  const sent = lines('ledger', 40);
  expect((await ingest(t, token, sent)).body.accepted).toBe(40);
  let killed = false;
  const a = startWorker('dies-before-ack', (w, redis) => {
    redis.multi = (() => {
      // The commit is done; the process "dies" before the MULTI that acknowledges and counts.
      killed = true;
      void w.stop();
      throw new Error('killed between commit and acknowledgement');
    }) as never;
  });
  for (let i = 0; i < 100 && !killed; i++) await new Promise((r) => setTimeout(r, 50));
  await a.stop();
  expect(killed).toBe(true);
  expect(await storedWithPrefix('ledger')).toBe(40);
  const mid = await ingestStatus(t, token);
  // One entry per shard the 40 households fall in, all read into the one batch that died.
  const entries = new Set(sent.map((l) => shardOf(l.household, t.config.ETL_SHARDS))).size;
  expect(entries).toBeGreaterThan(1);
  expect({ pending: mid.pending, processed: mid.processed }).toEqual({ pending: entries, processed: before.processed });

  startWorker('claims-it');
  const after = await waitForIdle(t, token, 20_000);
  expect(after.processed - before.processed).toBe(40);
  expect(after.duplicates - before.duplicates).toBe(0);
  expect(await storedWithPrefix('ledger')).toBe(40);
  const [ledger]: { n: number }[] = await t.gateway.app.ds.query('SELECT COUNT(*) AS n FROM etl_ledger');
  expect(Number(ledger.n)).toBe(0);
  for (const w of workers.splice(0)) await w.stop();
}, 60_000);

test('a poison entry goes to the dead letters, the rest flows on, and the super admin replays it', async () => {
  // A rule the database enforces on some events only: a non-transient failure (no retry fixes it).
  await t.gateway.app.ds.query(
    `CREATE TRIGGER poison_events BEFORE INSERT ON impression_event FOR EACH ROW
     BEGIN IF NEW.event_id LIKE 'poison-%' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'poison event refused'; END IF; END`,
  );
  const before = await ingestStatus(t, token);
  // Three requests, their stream entries read together into one batch by the worker; the poison lines
  // are one household's, so one entry.
  await ingest(t, token, lines('good-a', 30));
  await ingest(t, token, lines('poison', 5, 1000));
  await ingest(t, token, lines('good-b', 30));
  startWorker('etl-dl');
  const settled = await waitForIdle(t, token, 30_000);
  expect(await storedWithPrefix('good-a')).toBe(30);
  expect(await storedWithPrefix('good-b')).toBe(30);
  expect(await storedWithPrefix('poison')).toBe(0);
  expect(settled.processed - before.processed).toBe(60);
  expect(settled.dead_letters).toBe(1);
  expect(settled.dead_letter_error).toContain('poison event refused');

  // Nothing is stuck behind it: later traffic flows on.
  await ingest(t, token, lines('good-c', 10));
  await waitForIdle(t, token, 20_000);
  expect(await storedWithPrefix('good-c')).toBe(10);

  // Only the super admin replays, on either transport.
  const orgAdmin = await makeUser(t, { entityType: 'CUSTOMER', entityId: world.id, admin: true });
  expect((await call(t.url, 'POST', '/api/ingest/dead-letters/replay', { token: orgAdmin.token })).status).toBe(403);
  const denied = await gql(t.url, 'mutation { ingestReplayDeadLetters { replayed } }', {}, orgAdmin.token);
  expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect((await call(t.url, 'POST', '/api/ingest/dead-letters/replay')).status).toBe(401);
  expect((await ingestStatus(t, token)).dead_letters).toBe(1);

  // The cause is fixed; the replay stores the events.
  await t.gateway.app.ds.query('DROP TRIGGER poison_events');
  const replay = await gql(t.url, 'mutation { ingestReplayDeadLetters { replayed } }', {}, token);
  expect(replay.data.ingestReplayDeadLetters).toEqual({ replayed: 1 });
  const done = await waitForIdle(t, token, 20_000);
  expect(await storedWithPrefix('poison')).toBe(5);
  expect({ dead_letters: done.dead_letters, dead_letter_error: done.dead_letter_error }).toEqual({
    dead_letters: 0,
    dead_letter_error: null,
  });
  expect(done.processed - before.processed).toBe(75);
  const again = await call(t.url, 'POST', '/api/ingest/dead-letters/replay', { token });
  expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: { replayed: 0 } });
}, 90_000);

test('only errors no retry can fix count as non-transient: outages and lock conflicts are retried forever', () => {
  const sql = (code: string, sqlState: string, fatal = false) =>
    Object.assign(new Error(code), { code, sqlState, fatal });
  expect(isNonTransient(sql('ER_SIGNAL_EXCEPTION', '45000'))).toBe(true);
  expect(isNonTransient(sql('ER_DATA_TOO_LONG', '22001'))).toBe(true);
  expect(isNonTransient({ driverError: sql('ER_BAD_NULL_ERROR', '23000') })).toBe(true);
  expect(isNonTransient(new TypeError("Cannot read properties of null (reading 'k')"))).toBe(true);
  for (const transient of [
    sql('ER_LOCK_DEADLOCK', '40001'),
    sql('ER_LOCK_WAIT_TIMEOUT', 'HY000'),
    sql('ER_CON_COUNT_ERROR', '08004'),
    sql('PROTOCOL_CONNECTION_LOST', 'HY000', true),
    Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', fatal: true }),
    new Error('Connection is closed.'),
  ]) {
    expect(isNonTransient(transient)).toBe(false);
  }
});
