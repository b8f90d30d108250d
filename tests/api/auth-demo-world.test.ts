import { DEMO_CUSTOMERS, DEMO_PASSWORD, DEMO_USERS, roleOfDemoUser } from '../../gateway/src/seed/demo-data';
import { createDemoWorld } from '../../gateway/src/seed/demo-world';
import { demoLogins, formatLoginTable } from '../../gateway/src/seed/logins';
import { startTestGateway, SUPER_ADMIN, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

let t: TestGateway;
beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(() => t.close());

const count = async (sql: string, params: unknown[] = []) => {
  const [row]: { n: number }[] = await t.gateway.app.ds.query(sql, params);
  return Number(row.n);
};

test('createDemoWorld writes the world once: two seeders at once write it once, a later run changes nothing', async () => {
  const [first, rival] = await Promise.all([
    createDemoWorld(t.gateway.app.ds, { today: '2026-11-22' }),
    createDemoWorld(t.gateway.app.ds, { today: '2026-11-22' }),
  ]);
  expect([first.created, rival.created].sort()).toEqual([false, true]);
  expect(rival.customerIds).toEqual(first.customerIds);
  expect(first.customerIds).toHaveLength(4);
  const tables = [
    'broadcaster',
    'customer',
    'campaign',
    'booking',
    'creative',
    'impression_tag',
    'site_tag',
    'user',
    'relationship',
  ];
  const before = await Promise.all(tables.map((table) => count(`SELECT COUNT(*) AS n FROM \`${table}\``)));

  const second = await createDemoWorld(t.gateway.app.ds, { today: '2026-11-23' });
  expect(second.created).toBe(false);
  expect(second.customerIds).toEqual(first.customerIds);
  const after = await Promise.all(tables.map((table) => count(`SELECT COUNT(*) AS n FROM \`${table}\``)));
  expect(after).toEqual(before);
  expect(await count("SELECT COUNT(*) AS n FROM broadcaster WHERE broadcaster_name = 'Aotearoa Television'")).toBe(1);
});

test('the world has what the brief promises', async () => {
  const ds = t.gateway.app.ds;
  const channels: { channel_name: string; owner_type: string }[] = await ds.query(
    'SELECT channel_name, owner_type FROM channel ORDER BY id',
  );
  expect(channels).toEqual([
    { channel_name: 'AOTV 1', owner_type: 'broadcaster' },
    { channel_name: 'AOTV 2', owner_type: 'broadcaster' },
    { channel_name: 'AOTV On Demand', owner_type: 'broadcaster' },
    { channel_name: 'KP Video Network', owner_type: 'adtech' },
  ]);
  const customers: { cust_name: string; time_zone: string; country_code: string; taxonomy_id: number }[] =
    await ds.query('SELECT cust_name, time_zone, country_code, taxonomy_id FROM customer ORDER BY id');
  expect(customers.map((c) => c.cust_name)).toEqual(DEMO_CUSTOMERS.map((c) => c.name));
  for (const c of customers) {
    expect(c.time_zone).toBe('Pacific/Auckland');
    expect(c.country_code).toBe('NZ');
    expect(Number(c.taxonomy_id)).toBeGreaterThan(0);
  }
  // Every customer related to the broadcaster, the agency and the adtech.
  expect(await count('SELECT COUNT(*) AS n FROM relationship WHERE customer_id IS NOT NULL')).toBe(12);

  const campaigns: { start_date: string; end_date: string }[] = await ds.query(
    'SELECT start_date, end_date FROM campaign ORDER BY id',
  );
  expect(campaigns).toHaveLength(8);
  expect(campaigns.slice(0, 2)).toEqual([
    { start_date: '2026-08-14', end_date: '2026-12-22' },
    { start_date: '2026-10-08', end_date: '2027-01-21' },
  ]);
  const perCampaign: { n: number }[] = await ds.query('SELECT COUNT(*) AS n FROM booking GROUP BY campaign_id');
  for (const r of perCampaign) expect([2, 3]).toContain(Number(r.n));
  const cpm: { lo: number; hi: number }[] = await ds.query('SELECT MIN(cpm) AS lo, MAX(cpm) AS hi FROM booking');
  expect(Number(cpm[0].lo)).toBeGreaterThanOrEqual(18);
  expect(Number(cpm[0].hi)).toBeLessThanOrEqual(45);
  expect(await count('SELECT COUNT(*) AS n FROM booking WHERE booking_type = 2')).toBe(4);
  // One impression tag per booking x creative link, with distinct random keys.
  expect(await count('SELECT COUNT(*) AS n FROM impression_tag')).toBe(
    await count('SELECT COUNT(*) AS n FROM booking_creative'),
  );
  expect(await count('SELECT COUNT(DISTINCT tag_key) AS n FROM impression_tag')).toBe(
    await count('SELECT COUNT(*) AS n FROM impression_tag'),
  );
  expect(await count('SELECT COUNT(*) AS n FROM site_tag WHERE main_site_tag = 1')).toBe(4);
  expect(await count('SELECT COUNT(*) AS n FROM site_tag')).toBe(12);
  // Programmatic bookings carry the adtech's job number (it requires one).
  expect(
    await count(
      "SELECT COUNT(*) AS n FROM booking WHERE publisher_id IS NOT NULL AND (job_number IS NULL OR job_number = '')",
    ),
  ).toBe(0);
});

test('every demo login works, with its role', async () => {
  for (const u of DEMO_USERS) {
    const r = await call(t.url, 'POST', '/api/login', { body: { email: u.email, password: DEMO_PASSWORD } });
    expect({ email: u.email, status: r.status, role: r.body.role }).toEqual({
      email: u.email,
      status: 200,
      role: roleOfDemoUser(u),
    });
    expect(r.body.country_list).toEqual(['NZ']);
  }
  const customerAdmin = await call(t.url, 'POST', '/api/login', {
    body: { email: 'customer.admin@demo.infinitum', password: DEMO_PASSWORD },
  });
  const [customer]: { cust_name: string }[] = await t.gateway.app.ds.query(
    'SELECT cust_name FROM customer WHERE id = ?',
    [customerAdmin.body.entity_id],
  );
  expect(customer.cust_name).toBe('Southern Cross Insurance');
});

test('the printed table lists the super admin and one login per role', () => {
  const table = formatLoginTable(demoLogins(SUPER_ADMIN.email, SUPER_ADMIN.password));
  expect(table).toContain(SUPER_ADMIN.email);
  for (const u of DEMO_USERS)
    expect(table).toMatch(new RegExp(`${roleOfDemoUser(u)}\\s+${u.email}\\s+${DEMO_PASSWORD}`));
});
