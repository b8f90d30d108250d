import type { Router } from 'express';
import { z } from 'zod';
import { route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { adminSummary } from './admin-summary.service';

const count = z.number().int();

const adminSummarySchema = z
  .object({
    users: z.object({ total: count, admins: count, standard: count }).nullable(),
    agencies: z.object({ total: count }).nullable(),
    clients: z
      .object({
        total: count,
        top_category: z.string().nullable(),
        top_share: z.number().nullable().describe('Share of all clients in the top category, 0..1'),
      })
      .nullable(),
  })
  .meta({ id: 'AdminSummary' });

/** The cards of Administrative tools. */
export function mountAdminSummaryRoutes(router: Router, app: AppContext): void {
  router.get(
    '/admin/summary',
    route(app, (c) => adminSummary(c.app, signedIn(c))),
  );
  documentApi({
    method: 'get',
    path: '/admin/summary',
    operationId: 'getAdminSummary',
    summary: 'The cards of Administrative tools: users, agencies and clients the caller manages (null otherwise)',
    tag: 'Users',
    response: adminSummarySchema,
  });
}
