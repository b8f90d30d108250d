import { rangeFilter } from '../../gateway/src/modules/analytics/filters/filter';
import { queryImpressionCube } from '../../gateway/src/modules/analytics/queries/impression-cube';
import { facetsOfImpressionCube } from '../../gateway/src/modules/analytics/queries/impression-facets';
import { queryResponseFacets } from '../../gateway/src/modules/analytics/queries/response-cube';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { SummaryChoice } from '../../gateway/src/modules/analytics/summaries/choice';
import { keepSummaries } from '../../gateway/src/modules/analytics/summaries/keeper';
import { applyRetention, keepFrom } from '../../gateway/src/modules/retention/retention';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';
import { loadSmallWorld, sortedDeep } from './small-world';
import type { WorldCustomer } from './world';

/**
 * Retention (docs/design.md#retention): a run deletes the raw rows and summaries of the local dates before the first day of
 * (today's month - R) and leaves every number of the days it keeps exactly as it was.
 */
let t: TestGateway;
let c: WorldCustomer;
// The small world runs 17 Sep - 5 Oct 2026; with R = 1 on 10 Nov the first day kept is 1 Oct.
const NOW = new Date('2026-11-10T12:00:00Z');
const CUT = '2026-10-01';

beforeAll(async () => {
  t = await startTestGateway();
  c = await loadSmallWorld(t, 'Retention Ltd', 53);
}, 120_000);
afterAll(() => t.close());

const ds = () => t.gateway.app.ds;
const count = async (sql: string): Promise<number> => Number((await ds().query(sql, [c.id, CUT]))[0].n);

test('the first day kept is the first of (this month - R) in the customer zone', () => {
  expect(keepFrom(NOW, 'Europe/London', 1)).toBe(CUT);
  expect(keepFrom(NOW, 'Europe/London', 13)).toBe('2025-10-01');
  expect(keepFrom(new Date('2026-01-15T00:00:00Z'), 'UTC', 25)).toBe('2023-12-01');
  // 31 Dec 23:30 UTC is already January in Tokyo.
  expect(keepFrom(new Date('2026-12-31T23:30:00Z'), 'Asia/Tokyo', 1)).toBe('2026-12-01');
});

test('a retention run removes the days before the cut and leaves the numbers of the kept days as they were', async () => {
  const em = ds().manager;
  const memory = new Map<string, string>();
  await keepSummaries(em, memory);
  await keepSummaries(em, memory);
  const kept = rangeFilter(c.id, CUT, '2026-10-05');
  const before = {
    impressions: sortedDeep(facetsOfImpressionCube(await queryImpressionCube(em, kept))),
    responses: sortedDeep(await queryResponseFacets(em, kept)),
  };
  const oldImpressions = await count(
    'SELECT COUNT(*) AS n FROM impression_rollup WHERE customer_id = ? AND local_date < ?',
  );
  const oldVisits = await count('SELECT COUNT(*) AS n FROM visit WHERE customer_id = ? AND local_date < ?');
  // The test means something only when the cut falls inside the data.
  expect(oldImpressions).toBeGreaterThan(0);
  expect(oldVisits).toBeGreaterThan(0);

  await ds().query('UPDATE customer SET retention_months = 1 WHERE id = ?', [c.id]);
  const report = await applyRetention(ds(), c.id, NOW);
  expect(report.keepFrom).toBe(CUT);
  expect(report.removed.impression_rollup).toBe(oldImpressions);
  expect(report.removed.visit).toBe(oldVisits);
  for (const table of ['impression_event', 'control_impression_event', 'visit', 'visit_page', 'impression_rollup'])
    expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE customer_id = ? AND local_date < ?`)).toBe(0);
  expect(await count('SELECT COUNT(*) AS n FROM touch WHERE customer_id = ? AND visit_local_date < ?')).toBe(0);
  expect(await count('SELECT COUNT(*) AS n FROM impression_cell WHERE customer_id = ? AND local_date < ?')).toBe(0);

  // The kept days: the raw tables and the summaries answer what they answered before.
  expect(sortedDeep(facetsOfImpressionCube(await queryImpressionCube(em, kept)))).toEqual(before.impressions);
  expect(sortedDeep(await queryResponseFacets(em, kept))).toEqual(before.responses);
  dashboardFlights.clear();
  const choice = new SummaryChoice(em, kept, 600_000);
  expect(sortedDeep(await choice.impressionFacets())).toEqual(before.impressions);
  expect(sortedDeep(await choice.responses())).toEqual(before.responses);
  // The days before the cut read as empty, from the summaries as from the raw tables.
  const gone = rangeFilter(c.id, '2026-09-17', '2026-09-30');
  dashboardFlights.clear();
  const goneChoice = new SummaryChoice(em, gone, 600_000);
  expect(sortedDeep(await goneChoice.impressionFacets())).toEqual(
    sortedDeep(facetsOfImpressionCube(await queryImpressionCube(em, gone))),
  );

  // The run is on record; a second run removes nothing and records nothing.
  const runs = await ds().query('SELECT keep_from, removed, total_rows FROM retention_run WHERE customer_id = ?', [
    c.id,
  ]);
  expect(runs).toHaveLength(1);
  expect(JSON.parse(runs[0].removed).impression_rollup).toBe(oldImpressions);
  expect(Number(runs[0].total_rows)).toBe(report.totalRows);
  // The super admin reads the report; an organisation admin may not.
  const sa = await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true, name: 'Root' });
  const seen = await call(t.url, 'GET', '/api/admin/retention-runs', { token: sa.token });
  expect(seen.status).toBe(200);
  expect(seen.body[0]).toMatchObject({ customer_id: c.id, keep_from: CUT, total_rows: report.totalRows });
  expect(seen.body[0].removed.visit).toBe(oldVisits);
  const other = await makeUser(t, { entityType: 'CUSTOMER', entityId: c.id, admin: true });
  expect((await call(t.url, 'GET', '/api/admin/retention-runs', { token: other.token })).status).toBe(403);
  expect((await applyRetention(ds(), c.id, NOW)).totalRows).toBe(0);
  expect(await ds().query('SELECT id FROM retention_run WHERE customer_id = ?', [c.id])).toHaveLength(1);
}, 120_000);
