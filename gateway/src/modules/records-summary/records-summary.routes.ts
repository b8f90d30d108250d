import type { Router } from 'express';
import { z } from 'zod';
import { idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import { notFoundErrors } from '../../rest/record-docs';
import type { AppContext } from '../../shared/app-context';
import { recordSummary } from './records-summary.service';

const count = z.number().int();

const recordSummarySchema = z
  .object({
    customer_id: z.number().int(),
    campaigns: z.object({ active: count, upcoming: count, total: count }),
    bookings: z.object({
      active: count,
      video: count,
      image: count,
      total: count,
      average_cpm: z.number().nullable().describe('Average CPM over the bookings, 2 decimals; null without bookings'),
    }),
    creatives: z.object({ total: count, video: count, image: count }),
    site_tags: z.object({ total: count, active: count, low_traffic: count, not_detected: count }),
  })
  .meta({ id: 'RecordSummary' });

/** The Campaign management cards of one customer. */
export function mountRecordSummaryRoutes(router: Router, app: AppContext): void {
  router.get(
    '/customers/:customerId/record-summary',
    route(app, (c) => recordSummary(c.app, signedIn(c), idParam(c.req, 'customerId'))),
  );
  documentApi({
    method: 'get',
    path: '/customers/:customerId/record-summary',
    operationId: 'getRecordSummary',
    summary: "The cards of a customer's Campaign management tabs: campaigns, bookings, creatives and site tags",
    tag: 'Campaigns',
    response: recordSummarySchema,
    errors: notFoundErrors('Customer'),
  });
}
