import { startTestGateway, type TestGateway } from '../support/gateway';
import { call, type Reply } from '../support/http';
import { buildMatrixWorld, type MatrixWorld } from '../support/matrix-fixtures';

/**
 * The same save sent several times at once (double clicks, retries): never a 500, never duplicates.
 * Checks that pass one request at a time must also hold when requests overlap.
 */
let t: TestGateway;
let w: MatrixWorld;
beforeAll(async () => {
  t = await startTestGateway();
  w = await buildMatrixWorld(t);
}, 120_000);
afterAll(() => t.close());

const N = 8;
const together = (send: (i: number) => Promise<Reply>) => Promise.all(Array.from({ length: N }, (_, i) => send(i)));
const statuses = (rs: Reply[]) => rs.map((r) => r.status).sort();
const count = async (sql: string, params: unknown[]) => Number((await t.gateway.app.ds.query(sql, params))[0].n);

test('one email, many direct creates: one user, the rest 409 on the email field', async () => {
  const email = w.fresh.email();
  const rs = await together(() =>
    call(t.url, 'POST', '/api/admin/users/direct', {
      token: w.superAdmin.token,
      body: { name: 'Race Direct', email, password: 'Password-123', broadcaster_id: w.a.broadcasterId },
    }),
  );
  expect(statuses(rs)).toEqual([200, ...Array(N - 1).fill(409)]);
  expect(rs.filter((r) => r.status === 409).every((r) => r.body.fields?.email)).toBe(true);
  expect(await count('SELECT COUNT(*) AS n FROM user WHERE email = ?', [email])).toBe(1);
});

test('one email, many invitations and renames: one owner, the rest 409', async () => {
  const email = w.fresh.email();
  const rs = await together((i) =>
    i % 2
      ? call(t.url, 'POST', '/api/users', {
          token: w.a.users.broadcaster.admin.token,
          body: { name: 'Race Person', email },
        })
      : call(t.url, 'PUT', `/api/users/${w.a.users.broadcaster.user.userId}`, {
          token: w.a.users.broadcaster.admin.token,
          body: { name: 'Race Person', email },
        }),
  );
  expect(rs.every((r) => r.status === 200 || r.status === 409)).toBe(true);
  expect(await count('SELECT COUNT(*) AS n FROM user WHERE email = ?', [email])).toBe(1);
});

test('asking to associate one client many times at once: one pending request, the rest 409', async () => {
  const client = await w.fresh.loneCustomer();
  const [{ name }]: { name: string }[] = await t.gateway.app.ds.query(
    'SELECT cust_name AS name FROM customer WHERE id = ?',
    [client],
  );
  const rs = await together(() =>
    call(t.url, 'POST', `/api/customers/${client}/associate`, {
      token: w.a.users.broadcaster.admin.token,
      body: { cust_name: name },
    }),
  );
  expect(statuses(rs)).toEqual([200, ...Array(N - 1).fill(409)]);
  expect(
    await count("SELECT COUNT(*) AS n FROM association_request WHERE target_id = ? AND status = 'pending'", [client]),
  ).toBe(1);
  // Accepted twice at once: one relationship, the other 409.
  const id = rs.find((r) => r.status === 200)!.body.id;
  const accepts = await together((i) =>
    call(t.url, 'POST', `/api/association-requests/${id}/${i % 2 ? 'accept' : 'decline'}`, {
      token: w.superAdmin.token,
    }),
  );
  expect(statuses(accepts)).toEqual([200, ...Array(N - 1).fill(409)]);
  const accepted = accepts.find((r) => r.status === 200)!.body.status === 'accepted';
  expect(await count('SELECT COUNT(*) AS n FROM relationship WHERE customer_id = ?', [client])).toBe(accepted ? 1 : 0);
});

test('one relationship saved many times at once, both directions: one row', async () => {
  const client = await w.fresh.loneCustomer();
  const rs = await together((i) =>
    call(t.url, 'POST', '/api/admin/relationships', {
      token: w.superAdmin.token,
      body:
        i % 2
          ? { source_type: 'client', source_id: client, target_type: 'agency', target_id: w.b.agencyId }
          : { source_type: 'agency', source_id: w.b.agencyId, target_type: 'client', target_id: client },
    }),
  );
  expect(statuses(rs)).toEqual([200, ...Array(N - 1).fill(409)]);
  expect(await count('SELECT COUNT(*) AS n FROM relationship WHERE customer_id = ?', [client])).toBe(1);
});

test('adtech groups created and rewritten at once: all saved, members exact', async () => {
  const created = await together((i) =>
    call(t.url, 'POST', '/api/adtechgroups', {
      token: w.superAdmin.token,
      body: { group_name: `Race group ${i}`, adtech_ids: [w.a.adtechId, w.b.adtechId] },
    }),
  );
  expect(statuses(created)).toEqual(Array(N).fill(200));
  const group = created[0].body.id;
  const updated = await together((i) =>
    call(t.url, 'PUT', `/api/adtechgroups/${group}`, {
      token: w.superAdmin.token,
      body: { group_name: 'Race group', adtech_ids: i % 2 ? [w.a.adtechId] : [w.a.adtechId, w.b.adtechId] },
    }),
  );
  expect(statuses(updated)).toEqual(Array(N).fill(200));
  expect([1, 2]).toContain(await count('SELECT COUNT(*) AS n FROM adtech_group_member WHERE group_id = ?', [group]));
});

test('impression tags of one booking saved many times at once: exactly the chosen creatives', async () => {
  const booking = await w.fresh.booking();
  const rs = await together(() =>
    call(t.url, 'POST', `/api/impressiontags/save_combinations/${booking}`, {
      token: w.a.users.customer.admin.token,
      body: { creative_ids: [w.a.creativeId] },
    }),
  );
  expect(statuses(rs)).toEqual(Array(N).fill(200));
  expect(await count('SELECT COUNT(*) AS n FROM impression_tag WHERE booking_id = ?', [booking])).toBe(1);
});

describe('a delete racing saves under the same record never leaves orphans or resurrects it', () => {
  const ROUNDS = 4;

  test('campaign deleted while bookings are added to it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const campaign = await w.fresh.campaign();
      const booking = (i: number) =>
        call(t.url, 'POST', '/api/bookings/', {
          token: w.a.users.broadcaster.admin.token,
          body: {
            customer_id: w.a.customerId,
            campaign_id: campaign,
            channel_id: w.a.broadcasterChannelId,
            booking_name: `Race booking ${i}`,
            cpm: 5,
            start_date: '2026-01-01',
            end_date: '2026-01-31',
          },
        });
      const del = () => call(t.url, 'DELETE', `/api/campaigns/${campaign}`, { token: w.a.users.customer.admin.token });
      const rs = await Promise.all([booking(0), del(), booking(1), booking(2)]);
      expect(rs.every((r) => r.status < 500)).toBe(true);
      const left = await count('SELECT COUNT(*) AS n FROM campaign WHERE id = ?', [campaign]);
      const orphans = await count('SELECT COUNT(*) AS n FROM booking WHERE campaign_id = ?', [campaign]);
      if (left === 0) expect(orphans).toBe(0);
    }
  });

  test('creative deleted while tags are saved with it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const creative = await w.fresh.creative();
      const booking = await w.fresh.booking();
      const save = () =>
        call(t.url, 'POST', `/api/impressiontags/save_combinations/${booking}`, {
          token: w.a.users.customer.admin.token,
          body: { creative_ids: [creative] },
        });
      const del = () => call(t.url, 'DELETE', `/api/creatives/${creative}`, { token: w.a.users.customer.admin.token });
      const rs = await Promise.all([del(), save(), del(), save()]);
      expect(rs.every((r) => r.status < 500)).toBe(true);
      const left = await count('SELECT COUNT(*) AS n FROM creative WHERE id = ?', [creative]);
      const orphans = await count('SELECT COUNT(*) AS n FROM impression_tag WHERE creative_id = ?', [creative]);
      if (left === 0) expect(orphans).toBe(0);
    }
  });

  test('records updated while deleted stay deleted', async () => {
    const kinds = [
      ['campaigns', () => w.fresh.campaign(), 'campaign', { campaign_name: 'Race rename' }],
      ['creatives', () => w.fresh.creative(), 'creative', { description: 'Race rename' }],
      ['sitetags', () => w.fresh.siteTag(), 'site_tag', { tag_description: 'Race rename' }],
      ['bookings', () => w.fresh.booking(), 'booking', { booking_name: 'Race rename' }],
    ] as const;
    for (const [path, make, table, body] of kinds) {
      const id = await make();
      const token = w.a.users.customer.admin.token;
      const rs = await Promise.all([
        call(t.url, 'PUT', `/api/${path}/${id}`, { token, body }),
        call(t.url, 'DELETE', `/api/${path}/${id}`, { token }),
        call(t.url, 'PUT', `/api/${path}/${id}`, { token, body }),
      ]);
      expect({ path, statuses: rs.map((r) => r.status) }).toEqual({
        path,
        statuses: [expect.any(Number), 200, expect.any(Number)],
      });
      // Each save either lands before the delete (200) or finds the record gone (404).
      const odd = rs.filter((r) => r.status !== 200 && r.status !== 404).map((r) => [r.status, r.body]);
      expect({ path, odd }).toEqual({ path, odd: [] });
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE id = ?`, [id])).toBe(0);
    }
  });
});
