import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { ingestStatus, seedCustomer, startPipelineGateway, superAdminToken } from '../support/pipeline';

/** `npm run simulate --history N` sends realistic traffic through the real pipeline and waits for it. */
jest.setTimeout(180_000);

let t: TestGateway;
beforeAll(async () => {
  t = await startPipelineGateway();
  await seedCustomer(t, { name: 'Sim One' });
  await seedCustomer(t, { name: 'Sim Two', bookings: 1 });
});
afterAll(async () => {
  await t.close();
});

/** Runs the CLI as a child (asynchronously: the gateway under test lives in this process). */
/**
 * Runs the simulator; with `stop`, Ctrl+C goes `stop.ms` after its output first shows `stop.after` (counted from
 * then, not from the spawn: a loaded machine can take seconds just to start the child).
 */
function simulate(
  args: string[],
  stop?: { after: string; ms: number },
): Promise<{ status: number | null; out: string }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'gateway/src/simulate/cli.ts', ...args], {
    cwd: join(__dirname, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      MYSQL_URL: t.config.MYSQL_URL,
      REDIS_URL: t.config.REDIS_URL,
      ADMIN_EMAIL: SUPER_ADMIN.email,
      ADMIN_PASSWORD: SUPER_ADMIN.password,
      JWT_SECRET: t.config.JWT_SECRET,
    },
  });
  let out = '';
  let stopping = false;
  const read = (d: Buffer) => {
    out += d.toString();
    if (stop && !stopping && out.includes(stop.after)) {
      stopping = true;
      setTimeout(() => child.kill('SIGINT'), stop.ms);
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return new Promise((resolve) => child.once('exit', (status) => resolve({ status, out })));
}

const q = (sql: string) => t.gateway.app.ds.query(sql);

test('history: impressions with an evening peak, visits with touches, every region weighted; then --if-empty skips', async () => {
  const r = await simulate(['--history', '4', '--per-day', '400', '--url', t.url, '--if-empty']);
  expect(r.out).toContain('everything is committed');
  expect(r.status).toBe(0);
  const status = await ingestStatus(t, await superAdminToken(t));
  expect(status.idle).toBe(true);
  expect(status.rejected).toBe(0);
  const [counts] = await q(
    `SELECT (SELECT COUNT(*) FROM impression_event) AS impressions, (SELECT COUNT(*) FROM visit) AS visits,
            (SELECT COUNT(DISTINCT visit_id) FROM touch) AS touched, (SELECT COUNT(DISTINCT customer_id) FROM impression_event) AS customers`,
  );
  expect(Number(counts.customers)).toBe(2);
  expect(Number(counts.impressions)).toBeGreaterThan(2000);
  expect(Number(counts.touched)).toBeGreaterThan(0);
  expect(Number(counts.visits)).toBeGreaterThan(Number(counts.touched)); // unexposed baseline visitors too
  const byDaypart: { daypart: number; n: string }[] = await q(
    'SELECT daypart, COUNT(*) AS n FROM impression_event GROUP BY daypart',
  );
  const n = (d: number) => Number(byDaypart.find((x) => x.daypart === d)?.n ?? 0);
  expect(n(7)).toBeGreaterThan(n(1)); // Peak beats Night
  const [auckland] = await q("SELECT COUNT(*) AS n FROM impression_event WHERE region = 'AUK'");
  const [westCoast] = await q("SELECT COUNT(*) AS n FROM impression_event WHERE region = 'WTC'");
  expect(Number(auckland.n)).toBeGreaterThan(Number(westCoast.n));

  const again = await simulate(['--history', '4', '--url', t.url, '--if-empty']);
  expect(again.status).toBe(0);
  expect(again.out).toContain('nothing to do');
  const [after] = await q('SELECT COUNT(*) AS n FROM impression_event');
  expect(after.n).toEqual(counts.impressions);
});

test('live: pixels through /t/i and /t/v until Ctrl+C, then it waits for the ETL', async () => {
  const [before] = await q('SELECT (SELECT COUNT(*) FROM impression_event) + (SELECT COUNT(*) FROM site_hit) AS n');
  const r = await simulate(['--live', '--rate', '30', '--url', t.url], { after: 'live pixels', ms: 3000 });
  expect(r.out).toContain('everything is committed');
  expect(r.status).toBe(0);
  const [after] = await q('SELECT (SELECT COUNT(*) FROM impression_event) + (SELECT COUNT(*) FROM site_hit) AS n');
  expect(Number(after.n)).toBeGreaterThan(Number(before.n));
  const status = await ingestStatus(t, await superAdminToken(t));
  expect(status.collectors[0].hits).toBeGreaterThan(0);
});
