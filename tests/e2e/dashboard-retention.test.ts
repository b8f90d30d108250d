import { format, subDays, subMonths } from 'date-fns';
import { keepFrom } from '../../gateway/src/modules/retention/retention';
import { DEMO_PASSWORD } from '../../gateway/src/seed/demo-data';
import { createDemoWorld } from '../../gateway/src/seed/demo-world';
import { ensureClientBuilt, openBrowser, type TestBrowser } from '../support/browser';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, gql } from '../support/http';
import { fmt, settled } from './dashboard-page';
import { signIn } from './flows';

/**
 * Retention on the dashboard (docs/design.md#retention): a range that starts before the first day the client
 * still keeps says so in words, with the server's day and months; a range inside the kept data says nothing.
 */
jest.setTimeout(240_000);

const USER = 'customer.user@demo.infinitum';
const DAY = 'yyyy-MM-dd';
let t: TestGateway;
let b: TestBrowser;
let token: string;
let customer: { id: number; name: string; retention_months: number; kept_from: string };

beforeAll(async () => {
  ensureClientBuilt();
  t = await startTestGateway();
  await createDemoWorld(t.gateway.app.ds);
  token = (await call(t.url, 'POST', '/api/login', { body: { email: USER, password: DEMO_PASSWORD } })).body
    .access_token;
  const [{ entity_id: id }] = await t.gateway.app.ds.query('SELECT entity_id FROM user WHERE email = ?', [USER]);
  // Two months: a 30-day range always lies inside what is kept, whatever today's date.
  await t.gateway.app.ds.query('UPDATE customer SET retention_months = 2 WHERE id = ?', [id]);
  b = await openBrowser(t.url, { width: 1400, height: 900 });
  await signIn(b.page, USER, DEMO_PASSWORD);
});

afterAll(async () => {
  await b?.close();
  await t?.close();
});

test('both transports give each client its months kept and its first kept day', async () => {
  const graph = await gql(
    t.url,
    '{ dashboardCustomers { id name retention_months kept_from touch_window_hours same_day_window_hours } }',
    {},
    token,
  );
  expect(graph.errors).toBeUndefined();
  const rest = await call(t.url, 'GET', '/api/dashboard/customers', { token });
  expect(rest.status).toBe(200);
  expect(rest.body).toEqual(graph.data.dashboardCustomers);
  const [{ id, time_zone }] = await t.gateway.app.ds.query(
    'SELECT c.id, c.time_zone FROM customer c JOIN user u ON u.entity_id = c.id WHERE u.email = ?',
    [USER],
  );
  customer = graph.data.dashboardCustomers.find((c: { id: number }) => c.id === Number(id));
  expect(customer.retention_months).toBe(2);
  expect(customer.kept_from).toBe(keepFrom(new Date(), time_zone, 2));
});

test('a range reaching before the first kept day says so; the last 30 days say nothing', async () => {
  const { page } = b;
  const from = format(subMonths(new Date(), 4), DAY);
  const to = format(new Date(), DAY);
  await page.goto(`/dashboard?customer=${customer.id}&from=${from}&to=${to}`);
  await settled(page);
  const notice = page.getByTestId('retention-notice');
  await notice.waitFor();
  await expect(notice.innerText()).resolves.toBe(
    `${customer.name} keeps 2 months of data: days before ${fmt.formatDay(customer.kept_from)} have been removed, so this range shows nothing for them.`,
  );
  await b.screenshot('dashboard-retention-notice-1400');
  await page.setViewportSize({ width: 390, height: 844 });
  await notice.scrollIntoViewIfNeeded();
  await b.screenshot('dashboard-retention-notice-390');
  await page.setViewportSize({ width: 1400, height: 900 });

  await page.goto(`/dashboard?customer=${customer.id}&from=${format(subDays(new Date(), 29), DAY)}&to=${to}`);
  await settled(page);
  await expect(page.getByTestId('retention-notice').count()).resolves.toBe(0);
});
