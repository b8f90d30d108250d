import type { AppContext } from '../../../shared/app-context';
import type { Actor } from '@infinitum/rules';
import { hasTagIssue } from '../../../shared/status';
import { visibleCustomerIds } from '../../access/customer-scope';
import { assertDateRange } from '../filters/dates';
import { type DashboardCustomerRow, queryDashboardCustomers } from './dashboard-customers';
import { type OverviewRow, queryOverviewSummary } from './overview-summary';

/** An overview row as both transports answer it: the stored figures plus the server's tag-issue flag. */
export interface OverviewAnswerRow extends OverviewRow {
  tag_issue: boolean;
}

/** Campaign Overview: bookings active in the range among the customers the actor can see. */
export async function overviewSummary(
  app: AppContext,
  actor: Actor,
  input: { start_date: unknown; end_date: unknown },
): Promise<OverviewAnswerRow[]> {
  const { start, end } = assertDateRange(input.start_date, input.end_date, { start: 'start_date', end: 'end_date' });
  const ids = await visibleCustomerIds(app.ds.manager, actor);
  const rows = await queryOverviewSummary(app.ds.manager, ids, start, end);
  return rows.map((r) => ({ ...r, tag_issue: hasTagIssue(r.ping_count) }));
}

/** The dashboard's client dropdown: customers the actor can see. */
export async function dashboardCustomers(app: AppContext, actor: Actor): Promise<DashboardCustomerRow[]> {
  return queryDashboardCustomers(app.ds.manager, await visibleCustomerIds(app.ds.manager, actor));
}
