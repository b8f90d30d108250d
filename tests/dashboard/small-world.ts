import type { TestGateway } from '../support/gateway';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * One customer with three weeks of events (3,000 impressions, 300 households, 17 Sep - 5 Oct 2026) written straight
 * into the tables: the small world the summary suites build, read and compare against the raw tables.
 */
export async function loadSmallWorld(t: TestGateway, name: string, seed: number): Promise<WorldCustomer> {
  const orgs = await makeBroadcasterWorld(t);
  const c = await makeCustomer(t, orgs.broadcasterId, referencePlan(name));
  const events = generateEvents(c, {
    seed,
    fromMs: Date.parse('2026-09-17T00:00:00Z'),
    toMs: Date.parse('2026-10-06T00:00:00Z'),
    impressions: 3000,
    households: 300,
  });
  await fillTables(t, c, events.impressions, events.hits);
  return c;
}

/** An answer with every list in one order (the summaries and the raw tables list rows in their own orders). */
export const sortedDeep = (x: unknown): unknown =>
  Array.isArray(x)
    ? x.map(sortedDeep).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
    : x && typeof x === 'object'
      ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, sortedDeep(v)]))
      : x;
