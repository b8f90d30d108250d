import { rangeFilter } from '../../gateway/src/modules/analytics/filters/filter';
import { queryImpressionCube } from '../../gateway/src/modules/analytics/queries/impression-cube';
import { facetsOfImpressionCube } from '../../gateway/src/modules/analytics/queries/impression-facets';
import { queryResponseFacets } from '../../gateway/src/modules/analytics/queries/response-cube';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { SummaryChoice } from '../../gateway/src/modules/analytics/summaries/choice';
import { keepSummaries, startSummaryKeeper, sweepUnbuilt } from '../../gateway/src/modules/analytics/summaries/keeper';
import { SUMMARY } from '../../gateway/src/summaries/marks';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { loadSmallWorld, sortedDeep } from './small-world';
import type { WorldCustomer } from './world';

/**
 * The summary keeper builds the per-day summaries a range's first reader used to build while it waited: after
 * the writers mark their days, a keeper round leaves every marked day built, a reader then finds nothing to
 * build, and the answers are the raw tables' exactly.
 */
let t: TestGateway;
let c: WorldCustomer;
const START = '2026-09-20';
const END = '2026-10-04';

beforeAll(async () => {
  t = await startTestGateway();
  c = await loadSmallWorld(t, 'Keeper Ltd', 47);
}, 120_000);
afterAll(() => t.close());

const ds = () => t.gateway.app.ds;

async function built(summary: number): Promise<{ local_date: string; version: string }[]> {
  return ds().query(
    `SELECT CAST(local_date AS CHAR) AS local_date, CAST(version AS CHAR) AS version FROM summary_built_day
      WHERE customer_id = ? AND summary = ? ORDER BY local_date`,
    [c.id, summary],
  );
}

async function markedDays(summary: number): Promise<string[]> {
  const rows: { d: string }[] = await ds().query(
    'SELECT CAST(local_date AS CHAR) AS d FROM summary_stale_day WHERE customer_id = ? AND summary = ? ORDER BY d',
    [c.id, summary],
  );
  return rows.map((r) => r.d);
}

test('a keeper round builds every marked day ahead of the readers, who then read them exactly', async () => {
  const em = ds().manager;
  const f = rangeFilter(c.id, START, END);
  const raw = {
    impressions: sortedDeep(facetsOfImpressionCube(await queryImpressionCube(em, f))),
    responses: sortedDeep(await queryResponseFacets(em, f)),
  };
  expect(await built(SUMMARY.impressions)).toEqual([]);
  expect(await built(SUMMARY.visits)).toEqual([]);

  const memory = new Map<string, string>();
  expect(await keepSummaries(em, memory)).toBeGreaterThan(0);
  const cells = await built(SUMMARY.impressions);
  const visits = await built(SUMMARY.visits);
  // Every day the writers marked is built (the span between them too).
  for (const d of await markedDays(SUMMARY.impressions)) expect(cells.map((r) => r.local_date)).toContain(d);
  for (const d of await markedDays(SUMMARY.visits)) expect(visits.map((r) => r.local_date)).toContain(d);
  // The reach sample waits for its days to settle: seen once, not built yet.
  expect(await built(SUMMARY.reachExposure)).toEqual([]);

  // One day is marked again meanwhile (the ETL still writing it): the next round builds the sample of every
  // settled day but that one, and the round after it that one too.
  const marked = await markedDays(SUMMARY.impressions);
  const loading = marked[Math.floor(marked.length / 2)];
  await ds().query(
    'UPDATE summary_stale_day SET version = version + 1 WHERE customer_id = ? AND summary = ? AND local_date = ?',
    [c.id, SUMMARY.impressions, loading],
  );
  expect(await keepSummaries(em, memory)).toBeGreaterThan(0);
  const settled = (await built(SUMMARY.reachExposure)).map((r) => r.local_date);
  expect(settled).not.toContain(loading);
  for (const d of marked.filter((d) => d !== loading)) expect(settled).toContain(d);
  expect(await keepSummaries(em, memory)).toBeGreaterThan(0);
  const exposure = await built(SUMMARY.reachExposure);
  expect(exposure.map((r) => r.local_date)).toContain(loading);
  // The marked day moved the cells too; they are rebuilt with it.
  const cellsNow = await built(SUMMARY.impressions);

  // A round after that has nothing to build (one read per summary finds no stale day): the versions stay.
  expect(await keepSummaries(em, memory)).toBe(0);
  expect(await built(SUMMARY.impressions)).toEqual(cellsNow);
  expect(await built(SUMMARY.visits)).toEqual(visits);
  expect(await built(SUMMARY.reachExposure)).toEqual(exposure);

  // The reader finds its range built and answers from the summaries what the raw tables say.
  dashboardFlights.clear();
  const choice = new SummaryChoice(em, f, 600_000);
  expect(sortedDeep(await choice.impressionFacets())).toEqual(raw.impressions);
  expect(sortedDeep(await choice.responses())).toEqual(raw.responses);
  expect(await built(SUMMARY.impressions)).toEqual(cellsNow);
  expect(await built(SUMMARY.visits)).toEqual(visits);
}, 60_000);

test('two keepers running at once: one holds the lease, and a newly marked day is built within rounds', async () => {
  const app = t.gateway.app;
  const keeperApp = { ...app, config: { ...app.config, SUMMARY_KEEP_MS: 50 } };
  await ds().query('DELETE FROM summary_built_day WHERE customer_id = ?', [c.id]);
  const stops = await Promise.all([startSummaryKeeper(keeperApp), startSummaryKeeper(keeperApp)]);
  try {
    const wanted = (await markedDays(SUMMARY.visits)).length;
    let n = 0;
    for (let i = 0; i < 200 && n < wanted; i++) {
      await new Promise((r) => setTimeout(r, 50));
      n = (await built(SUMMARY.visits)).length;
    }
    expect(n).toBeGreaterThanOrEqual(wanted);
    const [lease] = await ds().query("SELECT owner FROM task_lease WHERE name = 'summary-keeper'");
    expect(lease.owner).not.toBe('');
  } finally {
    for (const stop of stops) await stop();
  }
}, 60_000);

test('the sweep builds the days no writer marked (a year asked of a few weeks of data), once', async () => {
  const em = ds().manager;
  const [{ today }] = await ds().query('SELECT CAST(CURDATE() AS CHAR) AS today');
  const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const quiet = async (summary: number) =>
    Number(
      (
        await ds().query(
          `SELECT COUNT(*) AS n FROM summary_built_day WHERE customer_id = ? AND summary = ? AND local_date BETWEEN ? AND ?`,
          [c.id, summary, yearAgo, today],
        )
      )[0].n,
    );
  // The marked days built by rounds (two: the sample's days settle), nothing else.
  await ds().query('DELETE FROM summary_built_day WHERE customer_id = ?', [c.id]);
  const memory = new Map<string, string>();
  await keepSummaries(em, memory);
  await keepSummaries(em, memory);
  const before = await Promise.all([SUMMARY.impressions, SUMMARY.visits, SUMMARY.reachExposure].map(quiet));
  expect(before.every((n) => n < 365)).toBe(true);

  expect(await sweepUnbuilt(em)).toBeGreaterThan(0);
  // Every day of the year is built for all three, the marked ones by the rounds, the others by the sweep.
  for (const summary of [SUMMARY.impressions, SUMMARY.visits, SUMMARY.reachExposure])
    expect(await quiet(summary)).toBe(365);
  // The year's first reader finds nothing to build, and reads what the raw tables say.
  const f = rangeFilter(c.id, yearAgo, today);
  dashboardFlights.clear();
  const choice = new SummaryChoice(em, f, 600_000);
  expect(sortedDeep(await choice.impressionFacets())).toEqual(
    sortedDeep(facetsOfImpressionCube(await queryImpressionCube(em, f))),
  );
  expect(sortedDeep(await choice.responses())).toEqual(sortedDeep(await queryResponseFacets(em, f)));
  // Nothing left: a second sweep builds nothing.
  expect(await sweepUnbuilt(em)).toBe(0);
}, 120_000);

test("a customer on other attribution windows: the keeper keeps its impressions' summary, not the responses' it never reads", async () => {
  const em = ds().manager;
  const [day] = await markedDays(SUMMARY.visits);
  const versionOf = async (summary: number) =>
    (await built(summary)).find((r) => r.local_date === day)?.version ?? null;
  const bump = (summary: number) =>
    ds().query(
      'UPDATE summary_stale_day SET version = version + 1 WHERE customer_id = ? AND summary = ? AND local_date = ?',
      [c.id, summary, day],
    );
  await ds().query('UPDATE customer SET touch_window_hours = 720, same_day_window_hours = 48 WHERE id = ?', [c.id]);
  const before = { impressions: await versionOf(SUMMARY.impressions), visits: await versionOf(SUMMARY.visits) };
  await bump(SUMMARY.impressions);
  await bump(SUMMARY.visits);
  const memory = new Map<string, string>();
  await keepSummaries(em, memory);
  await keepSummaries(em, memory);
  await sweepUnbuilt(em);
  expect(await versionOf(SUMMARY.impressions)).not.toEqual(before.impressions);
  expect(await versionOf(SUMMARY.visits)).toEqual(before.visits);

  // Back on the defaults, the responses' summary of that day is built again on the next round.
  await ds().query('UPDATE customer SET touch_window_hours = 168, same_day_window_hours = 24 WHERE id = ?', [c.id]);
  await keepSummaries(em, memory);
  expect(await versionOf(SUMMARY.visits)).not.toEqual(before.visits);
}, 60_000);
