import type { AppContext } from '../../shared/app-context';
import type { Actor } from '@infinitum/rules';
import { assertCustomerVisible } from '../access/customer-scope';
import { type DashboardAnswer, type DashboardCallName, dashboardCallOf } from './calls/registry';
import { DashboardData } from './dashboard-data';
import { type DashboardFilterInput, parseDashboardFilter } from './filters/filter';
import { assertFilterOwned } from './filters/filter-ownership';

/**
 * One dashboard call (spec 7): parse the filter (400 naming the field), check the customer is
 * visible (another tenant's answers like an unknown one: 404), check the ids are the customer's,
 * then compute from the shared, single-flight parts.
 */
export async function runDashboardCall<N extends DashboardCallName>(
  app: AppContext,
  actor: Actor,
  call: N,
  input: DashboardFilterInput,
): Promise<DashboardAnswer<N>> {
  const filter = parseDashboardFilter(input ?? {});
  const em = app.ds.manager;
  await assertCustomerVisible(em, actor, filter.customerId);
  const data = new DashboardData(
    em,
    filter,
    app.config.REACH_SAMPLE_MIN_IMPRESSIONS,
    app.config.DASHBOARD_SUMMARY_WAIT_MS,
  );
  assertFilterOwned(filter, await data.names());
  return (await dashboardCallOf(call).compute(data)) as DashboardAnswer<N>;
}
