import type { Router } from 'express';
import { isSuperAdmin } from '@infinitum/rules';
import { z } from 'zod';
import { route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { forbidden } from '../../shared/errors';

const retentionRunSchema = z
  .object({
    id: z.number().int(),
    customer_id: z.number().int(),
    cust_name: z.string(),
    keep_from: z.string().describe('The first local date kept (YYYY-MM-DD)'),
    started_at: z.string(),
    finished_at: z.string(),
    removed: z.record(z.string(), z.number().int()).describe('Rows deleted, per table'),
    total_rows: z.number().int(),
  })
  .meta({ id: 'RetentionRun' });

/** The latest retention runs (what each removed), for the super admin only. */
export async function listRetentionRuns(app: AppContext, actor: ReturnType<typeof signedIn>) {
  if (!isSuperAdmin(actor)) throw forbidden();
  const rows = (await app.ds.query(
    `SELECT r.id, r.customer_id, c.cust_name, CAST(r.keep_from AS CHAR) AS keep_from, r.started_at, r.finished_at,
            r.removed, r.total_rows
       FROM retention_run r JOIN customer c ON c.id = r.customer_id
      ORDER BY r.id DESC LIMIT 200`,
  )) as {
    id: number;
    customer_id: number;
    cust_name: string;
    keep_from: string;
    started_at: Date;
    finished_at: Date;
    removed: string;
    total_rows: string;
  }[];
  return rows.map((r) => ({
    id: Number(r.id),
    customer_id: Number(r.customer_id),
    cust_name: r.cust_name,
    keep_from: r.keep_from,
    started_at: new Date(r.started_at).toISOString(),
    finished_at: new Date(r.finished_at).toISOString(),
    removed: JSON.parse(r.removed) as Record<string, number>,
    total_rows: Number(r.total_rows),
  }));
}

export function mountRetentionRoutes(router: Router, app: AppContext): void {
  router.get(
    '/admin/retention-runs',
    route(app, (c) => listRetentionRuns(c.app, signedIn(c))),
  );
  documentApi({
    method: 'get',
    path: '/admin/retention-runs',
    operationId: 'listRetentionRuns',
    summary:
      'The latest 200 retention runs: per customer, the first day kept and the rows removed per table (super admin)',
    tag: 'Users',
    response: z.array(retentionRunSchema),
  });
}
