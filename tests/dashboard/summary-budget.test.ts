import type { QueryRunner } from 'typeorm';
import { DashboardData } from '../../gateway/src/modules/analytics/dashboard-data';
import { type DashboardFilter, rangeFilter } from '../../gateway/src/modules/analytics/filters/filter';
import { queryImpressionCube } from '../../gateway/src/modules/analytics/queries/impression-cube';
import { facetsOfImpressionCube } from '../../gateway/src/modules/analytics/queries/impression-facets';
import { queryResponseFacets } from '../../gateway/src/modules/analytics/queries/response-cube';
import { queryResponseSites } from '../../gateway/src/modules/analytics/queries/response-sites';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { SummaryChoice } from '../../gateway/src/modules/analytics/summaries/choice';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { loadSmallWorld, sortedDeep } from './small-world';
import type { WorldCustomer } from './world';

/**
 * A filter's own response summaries (per creative, per site) are built for the whole range on its first
 * read, which at 10M takes seconds. A refresh waits for the build at most its budget, then answers from the
 * exact window over touch while the build goes on; the refreshes after it read the summaries. Here the
 * build is held up by another session's lock on the summary table it starts with: the answer must still
 * come, exact, and the summaries must be built once the lock goes.
 */
let t: TestGateway;
let c: WorldCustomer;
const START = '2026-09-20';
const END = '2026-10-04';
const DAYS = 15;

beforeAll(async () => {
  t = await startTestGateway();
  c = await loadSmallWorld(t, 'Budget Ltd', 31);
}, 120_000);
afterAll(() => t.close());

const ds = () => t.gateway.app.ds;

/** Days of the range whose summary of this kind (7 per site, 8 per creative) is built. */
async function builtDays(summary: number): Promise<number> {
  const [r] = await ds().query(
    `SELECT COUNT(*) AS n FROM summary_built_day
      WHERE customer_id = ? AND summary = ? AND local_date BETWEEN ? AND ?`,
    [c.id, summary, START, END],
  );
  return Number(r.n);
}

async function untilBuilt(summary: number): Promise<number> {
  for (let i = 0; i < 200 && (await builtDays(summary)) < DAYS; i++) await new Promise((r) => setTimeout(r, 50));
  return builtDays(summary);
}

/**
 * The summaries every unfiltered range reads (impression cells, visit attribution) are built by the summary
 * keeper right after the ETL; a reader that comes first (a range the keeper has not reached, a summary a
 * migration added) waits for their build at most its budget too, and reads the raw tables meanwhile.
 */
const unfiltered: { name: string; summary: number; table: string; read: (c: SummaryChoice) => Promise<unknown> }[] = [
  { name: 'impression cells', summary: 1, table: 'impression_cell', read: (choice) => choice.impressionFacets() },
  { name: 'visit attribution', summary: 2, table: 'visit_attribution', read: (choice) => choice.responses() },
];

test.each(unfiltered)(
  'no filter, $name not built yet: the first read waits at most its budget and answers exactly from the raw tables',
  async ({ summary, table, read }) => {
    const f = rangeFilter(c.id, START, END);
    const em = ds().manager;
    const raw =
      summary === 1
        ? sortedDeep(facetsOfImpressionCube(await queryImpressionCube(em, f)))
        : sortedDeep(await queryResponseFacets(em, f));
    expect(await builtDays(summary)).toBe(0);
    dashboardFlights.clear();
    const lock: QueryRunner = ds().createQueryRunner();
    await lock.connect();
    try {
      await lock.query(`LOCK TABLES ${table} WRITE`);
      const t0 = performance.now();
      expect(sortedDeep(await read(new SummaryChoice(em, f, 300)))).toEqual(raw);
      // The budget, not the lock, ended the wait (the lock is held until after the answer).
      expect(performance.now() - t0).toBeLessThan(10_000);
      expect(await builtDays(summary)).toBe(0);
    } finally {
      await lock.query('UNLOCK TABLES');
      await lock.release();
    }
    expect(await untilBuilt(summary)).toBe(DAYS);
    dashboardFlights.clear();
    expect(sortedDeep(await read(new SummaryChoice(em, f, 300)))).toEqual(raw);
  },
  30_000,
);

const cases: { name: string; summary: number; table: string; filter: () => DashboardFilter }[] = [
  {
    name: 'one creative',
    summary: 8,
    table: 'response_creative_pages',
    filter: () => rangeFilter(c.id, START, END, { creatives: [c.creatives[1].id] }),
  },
  {
    name: 'one site',
    summary: 7,
    table: 'response_site_pages',
    filter: () => rangeFilter(c.id, START, END, { sites: [c.siteTags[1].id] }),
  },
];

test.each(cases)(
  '$name: a refresh does not wait past its budget for the summaries, and answers exactly meanwhile',
  async ({ summary, table, filter }) => {
    const f = filter();
    const em = ds().manager;
    const window = {
      facets: sortedDeep(await queryResponseFacets(em, f)),
      sites: sortedDeep(await queryResponseSites(em, f)),
    };
    expect(await builtDays(summary)).toBe(0);
    dashboardFlights.clear();
    const lock: QueryRunner = ds().createQueryRunner();
    await lock.connect();
    try {
      await lock.query(`LOCK TABLES ${table} WRITE`);
      // Without the budget this refresh would wait on the lock for as long as it is held.
      const data = new DashboardData(em, f, undefined, 300);
      const [facets, sites] = await Promise.all([data.responses(), data.responseSites()]);
      expect({ facets: sortedDeep(facets), sites: sortedDeep(sites) }).toEqual(window);
      expect(await builtDays(summary)).toBe(0);
    } finally {
      await lock.query('UNLOCK TABLES');
      await lock.release();
    }
    // The build went on in the background and finished once the lock went.
    expect(await untilBuilt(summary)).toBe(DAYS);
    dashboardFlights.clear();
    const data = new DashboardData(em, f, undefined, 300);
    const [facets, sites] = await Promise.all([data.responses(), data.responseSites()]);
    expect({ facets: sortedDeep(facets), sites: sortedDeep(sites) }).toEqual(window);
  },
  30_000,
);
