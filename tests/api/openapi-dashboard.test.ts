import { DASHBOARD_CALL_NAMES } from '../../gateway/src/modules/analytics/calls/registry';
import { fillImpressionEvents } from '../dashboard/fill-impression-events';
import { fillTables } from '../dashboard/fill-tables';
import { generateEvents } from '../dashboard/generate';
import { generateHoldout } from '../dashboard/generate-holdout';
import { filterCases, payloadOf } from '../dashboard/scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from '../dashboard/world';
import type { RefImpression } from '../reference/types';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { openApiValidator } from '../support/openapi-validator';

/**
 * What GET /api/openapi.json promises a partner about the dashboard: every call's answer is typed down to
 * its fields (no "any" left), and every answer on generated data (impressions, visits, a holdout group),
 * under every filter the reference suites check, is exactly what its schema says.
 */
let t: TestGateway;
let token: string;
let c: WorldCustomer;
let doc: any;
const FROM = Date.parse('2026-09-17T00:00:00Z');
const TO = Date.parse('2026-10-06T00:00:00Z');

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  c = await makeCustomer(t, orgs.broadcasterId, referencePlan('Schema Ltd'));
  const events = generateEvents(c, { seed: 7, fromMs: FROM, toMs: TO, impressions: 1500, households: 400 });
  const ctl = generateHoldout(c, events, { seed: 7, fromMs: FROM, toMs: TO, controls: 700, controlHouseholds: 260 });
  await fillTables(t, c, events.impressions, [...events.hits, ...ctl.hits]);
  const tagId = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id;
  await fillImpressionEvents(t, 'impression_event', c, events.impressions, tagId);
  await fillImpressionEvents(t, 'control_impression_event', c, ctl.controls, tagId);
  doc = (await call(t.url, 'GET', '/api/openapi.json')).body;
}, 120_000);
afterAll(() => t?.close());

const answerRef = (name: string): string =>
  doc.paths[`/api/dashboard/${name}`]?.post?.responses?.['200']?.content?.['application/json']?.schema?.$ref;

/** Every place in a schema that accepts anything (`{}`, or only a description): a promise of nothing. */
function untyped(node: any, where: string, seen = new Set<string>()): string[] {
  if (node === false || node === true) return [];
  if (node.$ref) {
    if (seen.has(node.$ref)) return [];
    seen.add(node.$ref);
    const target = node.$ref.replace('#/components/schemas/', '');
    return untyped(doc.components.schemas[target], `${where} -> ${target}`, seen);
  }
  const parts = ['anyOf', 'oneOf', 'allOf'].flatMap((k) =>
    (node[k] ?? []).flatMap((s: any, i: number) => untyped(s, `${where}.${k}[${i}]`, seen)),
  );
  if (parts.length || node.anyOf || node.oneOf || node.allOf) return parts;
  if (node.not || node.const !== undefined || node.enum) return [];
  if (!node.type) return [where];
  if (node.type === 'array') return node.items ? untyped(node.items, `${where}[]`, seen) : [`${where}[]`];
  if (node.type === 'object') {
    return Object.entries<any>(node.properties ?? {}).flatMap(([k, v]) => untyped(v, `${where}.${k}`, seen));
  }
  return [];
}

test('every dashboard call documents a typed answer: table_data and summary_data down to their fields', () => {
  const problems: string[] = [];
  for (const name of DASHBOARD_CALL_NAMES) {
    const ref = answerRef(name);
    if (!ref) {
      problems.push(`${name}: no named answer schema`);
      continue;
    }
    const schema = doc.components.schemas[ref.replace('#/components/schemas/', '')];
    expect(schema.required).toEqual(expect.arrayContaining(['table_data', 'summary_data']));
    problems.push(...untyped({ $ref: ref }, name));
  }
  expect(problems).toEqual([]);
});

test('every dashboard answer on generated data, for every filter case, is what its schema says', async () => {
  const ajv = openApiValidator(doc);
  const problems: string[] = [];
  const withRows = new Set<string>();
  for (const { name: caseName, filter } of filterCases(c, '2026-09-20', '2026-10-04')) {
    for (const name of DASHBOARD_CALL_NAMES) {
      const r = await call(t.url, 'POST', `/api/dashboard/${name}`, { token, body: payloadOf(filter) });
      if (r.status !== 200) {
        problems.push(`${caseName} ${name}: ${r.status} ${JSON.stringify(r.body)}`);
        continue;
      }
      const validate =
        ajv.getSchema(`api.json${answerRef(name)}`) ?? ajv.compile({ $ref: `api.json${answerRef(name)}` });
      if (!validate(r.body)) problems.push(`${caseName} ${name}: ${ajv.errorsText(validate.errors)}`);
      const rows = r.body.table_data;
      if (Array.isArray(rows) ? rows.length > 0 : Object.values(rows).some((v) => Array.isArray(v) && v.length))
        withRows.add(name);
    }
  }
  expect(problems).toEqual([]);
  // Guard: the rows were really checked for every call that has rows (the others answer `table_data: []`).
  const rowless = DASHBOARD_CALL_NAMES.filter((n) => {
    const schema = doc.components.schemas[answerRef(n).replace('#/components/schemas/', '')];
    return schema.properties.table_data.items?.not !== undefined;
  });
  expect(rowless.sort()).toEqual(['analysis', 'impression_summary', 'incremental_lift', 'visit_response_timing']);
  expect(DASHBOARD_CALL_NAMES.filter((n) => !rowless.includes(n) && !withRows.has(n))).toEqual([]);
});

test('the check can fail: a number where the schema says text, or an undocumented field, is refused', async () => {
  const ajv = openApiValidator(doc);
  const validate = ajv.compile({ $ref: `api.json${answerRef('responses_by_site')}` });
  const real = (
    await call(t.url, 'POST', '/api/dashboard/responses_by_site', {
      token,
      body: payloadOf({ customerId: c.id, start: '2026-09-20', end: '2026-10-04' }),
    })
  ).body;
  expect(real.table_data.length).toBeGreaterThan(0);
  expect(validate(real)).toBe(true);
  expect(validate({ ...real, table_data: [{ ...real.table_data[0], Site: 3 }] })).toBe(false);
  expect(validate({ ...real, table_data: [{ ...real.table_data[0], Extra: 1 }] })).toBe(false);
  expect(validate({ ...real, summary_data: { Extra: 1 } })).toBe(false);
});
