import { SUPER_ADMIN, startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { buildMatrixWorld, type MatrixWorld } from '../support/matrix-fixtures';
import { openApiValidator } from '../support/openapi-validator';
import { isoDay } from '../support/records-fixtures';
import { unsubscribeToken } from '../../gateway/src/modules/alerts/unsubscribe';
import { reportUnsubscribeToken } from '../../gateway/src/modules/reports/unsubscribe';

/**
 * Every read operation of GET /api/openapi.json, called on a world with one record of each kind, answers
 * what its documented schema says (200 answers against the operation's answer schema).
 */
let t: TestGateway;
let w: MatrixWorld;
let doc: any;
let superToken: string;

beforeAll(async () => {
  t = await startTestGateway();
  w = await buildMatrixWorld(t);
  doc = (await call(t.url, 'GET', '/api/openapi.json')).body;
  superToken = (await call(t.url, 'POST', '/api/login', { body: SUPER_ADMIN })).body.access_token;
});
afterAll(() => t?.close());

/**
 * GETs, and the dashboard calls (POST with a filter, reading only). The live view's event stream is no JSON answer
 * (it stays open and pushes; tests/api/live.test.ts reads it).
 */
const isRead = (method: string, path: string) =>
  (method === 'get' && !path.endsWith('/stream')) || path.startsWith('/api/dashboard/');

/** A real value for each path parameter, by the path it appears in. */
function pathValue(path: string, name: string): string {
  const { a } = w;
  if (name === 'customerId' || name === 'clientId') return String(a.customerId);
  if (name === 'bookingId') return String(a.bookingId);
  if (name === 'type') return 'customer';
  const byCollection: Record<string, number> = {
    agencies: a.agencyId,
    customers: a.customerId,
    users: a.users.customer.admin.userId,
    campaigns: a.campaignId,
    bookings: a.bookingId,
    creatives: a.creativeId,
    impressiontags: a.impressionTagId,
    sitetags: a.siteTagId,
  };
  const collection = path.split('/')[2];
  if (name === 'id' && byCollection[collection]) return String(byCollection[collection]);
  throw new Error(`no value for {${name}} in ${path}: add one`);
}

async function query(path: string): Promise<string> {
  if (path === '/api/dashboard/summary') return `?start_date=${isoDay(-30)}&end_date=${isoDay(30)}`;
  if (path === '/api/annotations') return `?client_id=${w.a.customerId}&startdate=${isoDay(-30)}&enddate=${isoDay(30)}`;
  if (path === '/api/verify-reset-token') return `?token=${encodeURIComponent(await w.fresh.resetToken())}`;
  // A signed link (of a rule and user that need not exist: unsubscribing nobody still answers 200).
  if (path === '/api/alerts/unsubscribe') return `?token=${unsubscribeToken(t.config, 1, 1)}`;
  if (path === '/api/reports/unsubscribe') return `?token=${reportUnsubscribeToken(t.config, 1, 1)}`;
  // A key that names no site tag: the pixel records nothing and answers the GIF all the same.
  if (path === '/api/optout') return '?c=no-such-key';
  return '';
}

const validator = () => openApiValidator(doc);

test('every read operation answers its documented schema', async () => {
  const ajv = validator();
  const checked: string[] = [];
  const problems: string[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!isRead(method, path)) continue;
      const where = `${method.toUpperCase()} ${path} (${op.operationId})`;
      const [media] = Object.keys(op.responses['200']?.content ?? {}).filter((m) => m !== 'application/json');
      if (media) {
        // A page for people (an unsubscribe link's confirmation) or a pixel (the opt-out GIF): not JSON.
        const url = path + (await query(path));
        const r = await fetch(t.url + url);
        if (r.status !== 200 || !r.headers.get('content-type')?.startsWith(media))
          problems.push(`${method.toUpperCase()} ${path}: ${r.status} ${r.headers.get('content-type')}`);
        continue;
      }
      const schema = op.responses['200']?.content?.['application/json']?.schema;
      if (!schema?.$ref) {
        problems.push(`${where}: no named answer schema`);
        continue;
      }
      const url = path.replace(/\{([A-Za-z_]+)\}/g, (_m, name: string) => pathValue(path, name)) + (await query(path));
      const body =
        method === 'post' ? { client_id: w.a.customerId, startdate: isoDay(-30), enddate: isoDay(30) } : undefined;
      const r = await call(t.url, method.toUpperCase(), url, { token: superToken, body });
      if (r.status !== 200) {
        problems.push(`${where}: ${r.status} ${JSON.stringify(r.body)}`);
        continue;
      }
      const validate = ajv.compile({ $ref: `api.json${schema.$ref}` });
      if (!validate(r.body)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      checked.push(where);
    }
  }
  expect(problems).toEqual([]);
  // Guard: the walk saw the read operations (lists, single records, reference lists, dashboard calls).
  expect(checked.length).toBeGreaterThan(30);
  expect(checked.join('\n')).toMatch(/GET \/api\/bookings\/customer\/\{customerId\}/);
  expect(checked.join('\n')).toMatch(/POST \/api\/dashboard\/impression_summary/);
});

test('the validator refuses an answer that breaks the schema (the check can fail)', async () => {
  const ajv = validator();
  const ref = doc.paths['/api/countries'].get.responses['200'].content['application/json'].schema.$ref;
  const validate = ajv.compile({ $ref: `api.json${ref}` });
  const real = (await call(t.url, 'GET', '/api/countries', { token: superToken })).body;
  expect(validate(real)).toBe(true);
  expect(validate([{ ...real[0], country_code: 64 }])).toBe(false);
  expect(validate([{ ...real[0], undocumented: 1 }])).toBe(false);
});
