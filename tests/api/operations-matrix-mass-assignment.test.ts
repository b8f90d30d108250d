import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { buildMatrixWorld, type MatrixWorld } from '../support/matrix-fixtures';
import { REST_CASES } from './matrix-rest.cases';

/**
 * Mass assignment: every create and update of the entity API, sent with the allowed actor's valid form
 * plus fields the server owns (id, audit columns, a user's organisation and password hash, a client's
 * status and time zone, a site tag's key and pings). The call succeeds; the stored row
 * never takes those values (every service ignores them; none needs to refuse).
 */
let t: TestGateway;
let w: MatrixWorld;
beforeAll(async () => {
  t = await startTestGateway();
  w = await buildMatrixWorld(t);
}, 120_000);
afterAll(() => t.close());

/** Table of the record each create/update answers, by path prefix (fixed map). */
const TABLE: [RegExp, string][] = [
  [/^\/api\/campaigns(\/|$)/, 'campaign'],
  [/^\/api\/bookings(\/|$)/, 'booking'],
  [/^\/api\/creatives(\/|$)/, 'creative'],
  [/^\/api\/sitetags(\/|$)/, 'site_tag'],
  [/^\/api\/agencies(\/\{id\})?$/, 'agency'],
  [/^\/api\/customers(\/\{id\})?$/, 'customer'],
  [/^\/api\/users(\/\{id\})?$/, 'user'],
  [/^\/api\/admin\/users\/direct$/, 'user'],
  [/^\/api\/broadcasters/, 'broadcaster'],
  [/^\/api\/adtechs/, 'adtech'],
  [/^\/api\/adtechgroups/, 'adtech_group'],
  [/^\/api\/channels/, 'channel'],
  [/^\/api\/admin\/relationships$/, 'relationship'],
  [/^\/api\/annotations(\/\{id\})?$/, 'annotation'],
  [/^\/api\/alerts\/rules\/\{id\}$/, 'alert_rule'],
  [/^\/api\/reports\/schedules(\/\{id\})?$/, 'report_schedule'],
];

const SAVES = Object.keys(REST_CASES).filter(
  (op) => /^(POST|PUT) /.test(op) && TABLE.some(([re]) => re.test(op.split(' ')[1])),
);

const FORGED_ID = 424242;
const LONG_AGO = '2001-02-03 04:05:06';

test('every create and update of a record is covered', () => {
  // 2 per campaign record kind, 3 per organisation kind with both, users, direct users, relationships.
  expect(SAVES.length).toBeGreaterThanOrEqual(24);
});

test.each(SAVES)('%s ignores or refuses server-owned fields', async (op) => {
  const [method, template] = op.split(' ');
  const table = TABLE.find(([re]) => re.test(template))![1];
  const ask = await REST_CASES[op].ok(w);
  const foreign = w.b.users.customer.admin.userId;
  const forged = {
    id: FORGED_ID,
    created_by: foreign,
    created_at: LONG_AGO,
    updated_at: LONG_AGO,
    password_hash: 'forged',
    active: 0,
    entity_type: 'SYSTEM',
    role: 'ROLE_ADMIN',
    editable: true,
    status: 7,
    time_zone: 'Etc/GMT+12',
    tag_key: 'forged-key',
    tag: 'forged-key',
    ping_count: 999,
    ping_date: LONG_AGO,
    owner_name: 'Forged',
    ...ask.body,
  };
  const path = template.replace(/\{(\w+)\}/g, (_, n: string) => String(ask.params?.[n]));
  const r = await call(t.url, method, path, { token: ask.token, body: forged });
  // Every service here ignores what it does not own (none refuses), so the row is there to inspect.
  expect(r.status).toBe(200);
  const id = Number(ask.params?.id ?? r.body.id);
  expect(id).not.toBe(FORGED_ID);
  const [row] = await t.gateway.app.ds.query(`SELECT * FROM ${table} WHERE id = ?`, [id]);
  expect(row).toBeDefined();
  const problems: string[] = [];
  if (Number(row.created_by) === foreign) problems.push('created_by');
  if (new Date(row.created_at).getUTCFullYear() === 2001) problems.push('created_at');
  if (new Date(row.updated_at).getUTCFullYear() === 2001) problems.push('updated_at');
  if (row.password_hash === 'forged') problems.push('password_hash');
  if (row.entity_type === 'SYSTEM') problems.push('entity_type');
  if (table === 'customer' && Number(row.status) === 7) problems.push('status');
  if (row.time_zone === 'Etc/GMT+12') problems.push('time_zone');
  if (row.tag_key === 'forged-key') problems.push('tag_key');
  if (row.ping_count !== undefined && Number(row.ping_count) === 999) problems.push('ping_count');
  expect(problems).toEqual([]);
  expect(await t.gateway.app.ds.query(`SELECT id FROM ${table} WHERE id = ?`, [FORGED_ID])).toEqual([]);
});

test('an invited user cannot be created active, nor an organisation admin create a super admin', async () => {
  const email = w.fresh.email();
  const r = await call(t.url, 'POST', '/api/users', {
    token: w.a.users.broadcaster.admin.token,
    body: { name: 'Forged Root', email, admin: true, active: 1, entity_type: 'SYSTEM', entity_id: 0 },
  });
  expect(r.status).toBe(200);
  const [row] = await t.gateway.app.ds.query('SELECT active, entity_type, entity_id FROM user WHERE email = ?', [
    email,
  ]);
  expect({ active: Number(row.active), entity_type: row.entity_type, entity_id: Number(row.entity_id) }).toEqual({
    active: 0,
    entity_type: 'BROADCASTER',
    entity_id: w.a.broadcasterId,
  });
});
