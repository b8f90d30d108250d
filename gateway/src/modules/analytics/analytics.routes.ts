import type { Router } from 'express';
import { z } from 'zod';
import { route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { pascalCase } from './calls/call';
import { DASHBOARD_CALLS } from './calls/registry';
import { runDashboardCall } from './dashboard.service';
import { DashboardFilterOptions, DashboardFilterPayload } from './dashboard.types';
import type { DashboardFilterInput } from './filters/filter';
import { dashboardFilterOptions } from './filters/filter-options.service';
import { dashboardCustomers, overviewSummary } from './overview/overview.service';

const tag = 'Dashboard';

const overviewRow = z.object({
  booking_id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  campaign_name: z.string(),
  booking_name: z.string(),
  channel_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  impressions: z.number(),
  cpm: z.number(),
  spend: z.number(),
  ping_count: z.number(),
  tag_issue: z.boolean(),
  entity_name: z.string().nullable(),
  entity_type: z.enum(['BROADCASTER', 'AGENCY', 'CUSTOMER', 'OTHER']),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});

/** Overview and dashboard calls (spec 7): parse, call the service, answer. */
export function mountAnalyticsRoutes(router: Router, app: AppContext): void {
  router.get(
    '/dashboard/summary',
    route(app, (c) =>
      overviewSummary(c.app, signedIn(c), { start_date: c.req.query.start_date, end_date: c.req.query.end_date }),
    ),
  );
  router.get(
    '/dashboard/customers',
    route(app, (c) => dashboardCustomers(c.app, signedIn(c))),
  );
  router.get(
    '/dashboard/filters/:clientId',
    route(app, (c) => dashboardFilterOptions(c.app, signedIn(c), c.req.params.clientId)),
  );
  for (const { name, description, answer } of DASHBOARD_CALLS) {
    router.post(
      `/dashboard/${name}`,
      route(app, (c) => runDashboardCall(c.app, signedIn(c), name, (c.req.body ?? {}) as DashboardFilterInput)),
    );
    documentApi({
      method: 'post',
      path: `/dashboard/${name}`,
      operationId: `dashboard${pascalCase(name)}`,
      summary: description,
      tag,
      body: DashboardFilterPayload,
      response: answer,
      errors: { 404: 'Customer not found (or not visible)' },
    });
  }
  documentApi(
    {
      method: 'get',
      path: '/dashboard/filters/:clientId',
      operationId: 'getDashboardFilters',
      summary: 'Filter lists of a client; each starts with {id: 0, display_name: All}; region ids are codes',
      tag,
      response: DashboardFilterOptions,
      errors: { 404: 'Customer not found (or not visible)' },
    },
    {
      method: 'get',
      path: '/dashboard/summary',
      operationId: 'getDashboardSummary',
      summary: 'Campaign Overview: one row per booking active in the range, visible to the caller',
      tag,
      query: z.object({ start_date: z.string(), end_date: z.string() }),
      response: z.array(overviewRow),
    },
    {
      method: 'get',
      path: '/dashboard/customers',
      operationId: 'listDashboardCustomers',
      summary:
        'Customers the caller may see on the dashboard (name = display_name, else cust_name), with the first day of data each keeps',
      tag,
      response: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          retention_months: z.number(),
          kept_from: z.string(),
          touch_window_hours: z.number().describe('Touch window W in force, hours'),
          same_day_window_hours: z.number().describe('Same-day window S in force, hours'),
        }),
      ),
    },
  );
}
