import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { requestErasure } from './erasure';

const erasureBody = z
  .object({
    household_id: z.string().optional().describe('The household id (digits), as stored'),
    ip: z.string().optional().describe('Or an IP address: hashed with the salt exactly as the collector hashes it'),
  })
  .meta({ id: 'ErasureInput' });

const erasureReport = z
  .object({
    id: z.number().int().describe('The audit entry'),
    household_id: z.string(),
    given_as: z.enum(['household', 'ip']),
    customers: z.number().int().describe('Customers that held rows of the household'),
    days: z.number().int().describe('Summary days marked for rebuilding'),
    removed: z.record(z.string(), z.number().int()).describe('Rows deleted, per table'),
    total_rows: z.number().int(),
  })
  .meta({ id: 'ErasureReport' });

/** POST /api/admin/erasure (docs/security.md#erasure): the super admin erases a household everywhere. */
export function mountErasureRoutes(router: Router, app: AppContext): void {
  router.post(
    '/admin/erasure',
    route(app, (c) => requestErasure(c.app, signedIn(c), bodyOf(c.req))),
  );
  documentApi({
    method: 'post',
    path: '/admin/erasure',
    operationId: 'eraseHousehold',
    summary:
      "Erase a household (by id, or by an IP address hashed as the collector does) across every customer: its events, visits and touches, the affected days' summaries rebuilt; audited (super admin)",
    tag: 'Users',
    body: erasureBody,
    response: erasureReport,
  });
}
