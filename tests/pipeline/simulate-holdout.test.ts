import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { seedCustomer, startPipelineGateway, superAdminToken, type WorldCustomer } from '../support/pipeline';

/** `npm run simulate --history N --holdout SHARE`: control impressions through the real pipeline (docs/design.md#reach-frequency-and-lift). */
jest.setTimeout(180_000);

let t: TestGateway;
let c: WorldCustomer;
let other: WorldCustomer;
beforeAll(async () => {
  t = await startPipelineGateway();
  c = await seedCustomer(t, { name: 'Sim Holdout' });
  other = await seedCustomer(t, { name: 'Sim Without' });
});
afterAll(() => t.close());

function simulate(args: string[]): Promise<{ status: number | null; out: string }> {
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
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.once('exit', (status) => resolve({ status, out })));
}

test('a simulated holdout (first customer only, as the demo runs it) stores control impressions apart, on households never exposed; the lift uses it there and pre/post elsewhere', async () => {
  const r = await simulate([
    '--history',
    '4',
    '--per-day',
    '600',
    '--holdout',
    '0.3',
    '--holdout-customers',
    '1',
    '--url',
    t.url,
  ]);
  expect(r.out).toContain('everything is committed');
  expect(r.status).toBe(0);
  const q = (sql: string) => t.gateway.app.ds.query(sql);
  const [counts] = await q(
    `SELECT (SELECT COUNT(*) FROM impression_event) AS exposed, (SELECT COUNT(*) FROM control_impression_event) AS control,
            (SELECT COUNT(*) FROM control_impression_event c JOIN impression_event i ON i.household_id = c.household_id) AS mixed`,
  );
  expect(Number(counts.control)).toBeGreaterThan(0.15 * Number(counts.exposed));
  expect(Number(counts.mixed)).toBe(0);
  const [span] = await q(
    `SELECT DATE_FORMAT(MIN(local_date), '%Y-%m-%d') AS start, DATE_FORMAT(MAX(local_date), '%Y-%m-%d') AS end FROM impression_event`,
  );
  const lift = async (customerId: number) => {
    const answer = await call(t.url, 'POST', '/api/dashboard/incremental_lift', {
      token: await superAdminToken(t),
      body: { client_id: customerId, startdate: span.start, enddate: span.end },
    });
    expect(answer.status).toBe(200);
    return answer.body.summary_data;
  };
  const held = await lift(c.id);
  expect(held.Method).toBe('holdout');
  expect(held.Control_Households).toBeGreaterThanOrEqual(100);
  expect((await lift(other.id)).Method).toBe('pre_post');
  const [{ n }] = await q(`SELECT COUNT(*) AS n FROM control_impression_event WHERE customer_id = ${Number(other.id)}`);
  expect(Number(n)).toBe(0);
});
