import type { QueryRunner } from 'typeorm';
import { DashboardData } from '../../gateway/src/modules/analytics/dashboard-data';
import { type DashboardFilter, rangeFilter } from '../../gateway/src/modules/analytics/filters/filter';
import { queryResponseFacets } from '../../gateway/src/modules/analytics/queries/response-cube';
import { queryResponseSites } from '../../gateway/src/modules/analytics/queries/response-sites';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
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
