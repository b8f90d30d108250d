import type { AppContext } from '../../shared/app-context';
import type { Actor } from '@infinitum/rules';
import { dashboardCallSeconds } from '../../shared/metrics';
import { windowsOf } from '../../shared/attribution-windows';
import { assertCustomerVisible } from '../access/customer-scope';
import { type CompareSpec, compareRangeOf, withComparison } from './calls/compare';
import { type DashboardAnswer, type DashboardCallName, dashboardCallOf } from './calls/registry';
import { DashboardData } from './dashboard-data';
import { type DashboardFilterInput, parseDashboardFilter } from './filters/filter';
import { assertFilterOwned } from './filters/filter-ownership';

/**
 * One dashboard call (spec 7): parse the filter (400 naming the field), check the customer is
 * visible (another tenant's answers like an unknown one: 404), check the ids are the customer's,
 * then compute from the shared, single-flight parts. With `compare` (docs/design.md#period-comparison) a call
 * that offers it computes the same filter over the comparison range too, and the changes.
 */
export async function runDashboardCall<N extends DashboardCallName>(
  app: AppContext,
  actor: Actor,
  call: N,
  input: DashboardFilterInput,
): Promise<DashboardAnswer<N>> {
  // Labelled by the registry's name (a fixed set), never by anything the caller sends.
  const timer = dashboardCallSeconds.startTimer({ call: dashboardCallOf(call)?.name ?? 'unknown' });
  try {
    const answer = await answerDashboardCall(app, actor, call, input);
    timer({ outcome: 'ok' });
    return answer;
  } catch (e) {
    timer({ outcome: 'error' });
    throw e;
  }
}

async function answerDashboardCall<N extends DashboardCallName>(
  app: AppContext,
  actor: Actor,
  call: N,
  input: DashboardFilterInput,
): Promise<DashboardAnswer<N>> {
  const parsed = parseDashboardFilter(input ?? {});
  const compare = compareRangeOf(input ?? {}, parsed);
  const em = app.ds.manager;
  await assertCustomerVisible(em, actor, parsed.customerId);
  // The windows in force, read once per request (docs/design.md#attribution-settings): every part follows them.
  const filter = { ...parsed, windows: await windowsOf(em, parsed.customerId) };
  const dataOf = (f: typeof filter) =>
    new DashboardData(em, f, app.config.REACH_SAMPLE_MIN_IMPRESSIONS, app.config.DASHBOARD_SUMMARY_WAIT_MS);
  const data = dataOf(filter);
  assertFilterOwned(filter, await data.names());
  const entry = dashboardCallOf(call);
  const compute = entry.compute as (d: DashboardData) => Promise<{ table_data: unknown; summary_data: unknown }>;
  if (!compare || !entry.compare) return (await compute(data)) as DashboardAnswer<N>;
  const compareData = dataOf({ ...filter, start: compare.start, end: compare.end });
  return (await withComparison(
    compute,
    entry.compare as CompareSpec,
    data,
    compare,
    compareData,
  )) as DashboardAnswer<N>;
}
