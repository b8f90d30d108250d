import { startLeasedTask } from '../../gateway/src/shared/leased-task';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The leased periodic task (gateway/src/shared/leased-task.ts) that runs the alert evaluation, the report
 * scheduler and the summary keeper: two schedulers on one database run a due job once, and a scheduler started
 * after downtime catches a missed run up once, not once per missed interval.
 */
let t: TestGateway;
const LEASE = 'leased-task-test';
const PERIOD_MS = 1_000;

beforeAll(async () => {
  t = await startTestGateway();
  await t.gateway.app.ds.query(
    'CREATE TABLE leased_job_test (id INT AUTO_INCREMENT PRIMARY KEY, owner VARCHAR(100), due_at DATETIME(3), started_at DATETIME(3), ended_at DATETIME(3))',
  );
}, 120_000);
afterAll(async () => {
  await t.gateway.app.ds.query('DROP TABLE IF EXISTS leased_job_test');
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A periodic job as the report scheduler does it: a run is due every PERIOD_MS (at multiples of it); a round
 * runs the latest due run if no run of that time is recorded yet, however many it missed, and records it.
 * It takes longer than the task's interval, to show rounds never overlap.
 */
async function jobRound(owner: string): Promise<void> {
  const ds = t.gateway.app.ds;
  const due = new Date(Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS);
  const [done] = await ds.query('SELECT COUNT(*) AS n FROM leased_job_test WHERE due_at >= ?', [due]);
  if (Number(done.n) > 0) return;
  const started = new Date();
  await sleep(80);
  await ds.query('INSERT INTO leased_job_test (owner, due_at, started_at, ended_at) VALUES (?, ?, ?, NOW(3))', [
    owner,
    due,
    started,
  ]);
}

type Run = { owner: string; due_at: Date; started_at: Date; ended_at: Date };
const runs = async (): Promise<Run[]> =>
  t.gateway.app.ds.query('SELECT owner, due_at, started_at, ended_at FROM leased_job_test ORDER BY id');

test('two schedulers on one database run each due job exactly once, one round at a time', async () => {
  const app = t.gateway.app;
  const stops = [
    startLeasedTask(app, { lease: LEASE, everyMs: 50, round: jobRound, owner: 'scheduler-one' }),
    startLeasedTask(app, { lease: LEASE, everyMs: 50, round: jobRound, owner: 'scheduler-two' }),
  ];
  await sleep(3_300);
  for (const stop of stops) await stop();
  const all = await runs();
  const dues = all.map((r) => new Date(r.due_at).getTime());
  // Three or four periods passed: one run for each, never two for one period.
  expect(all.length).toBeGreaterThanOrEqual(3);
  expect(new Set(dues).size).toBe(all.length);
  // Runs never overlap, although each took longer than the interval.
  for (let i = 1; i < all.length; i++) {
    expect(new Date(all[i].started_at).getTime()).toBeGreaterThanOrEqual(new Date(all[i - 1].ended_at).getTime());
  }
  // The stop gave the lease up: another process takes it at once.
  const [lease] = await app.ds.query('SELECT expires_at < NOW(3) AS free FROM task_lease WHERE name = ?', [LEASE]);
  expect(Number(lease.free)).toBe(1);
});

test('a scheduler started after downtime catches the missed runs up once, not once per missed period', async () => {
  const app = t.gateway.app;
  await app.ds.query('DELETE FROM leased_job_test');
  // Nothing ran for three periods; the last run recorded is three periods old.
  const old = new Date(Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS - 3 * PERIOD_MS);
  await app.ds.query(
    "INSERT INTO leased_job_test (owner, due_at, started_at, ended_at) VALUES ('before-downtime', ?, ?, ?)",
    [old, old, old],
  );
  const stop = startLeasedTask(app, { lease: LEASE, everyMs: 50, round: jobRound, owner: 'restarted' });
  await sleep(400);
  const caughtUp = (await runs()).filter((r) => r.owner === 'restarted');
  await stop();
  // One catch-up run of the latest due time (a period boundary might pass in the 400 ms: then two, never four).
  expect(caughtUp.length).toBeGreaterThanOrEqual(1);
  expect(caughtUp.length).toBeLessThanOrEqual(2);
  expect(new Date(caughtUp[0].due_at).getTime()).toBeGreaterThan(old.getTime() + 2 * PERIOD_MS);
});

test('a failing round is logged and the next round runs', async () => {
  const app = t.gateway.app;
  let calls = 0;
  const stop = startLeasedTask(app, {
    lease: LEASE,
    everyMs: 30,
    failLevel: 'warn',
    round: async () => {
      calls++;
      if (calls === 1) throw new Error('first round fails');
    },
  });
  await sleep(400);
  await stop();
  expect(calls).toBeGreaterThanOrEqual(3);
});
