import type { Router } from 'express';
import { z } from 'zod';
import { route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { databaseStatus, systemConfiguration } from './system-info.service';

const setting = z.object({ name: z.string(), value: z.string() });

const configurationSchema = z.object({
  version: z.string(),
  build: z.string(),
  environment: z.string(),
  node_version: z.string(),
  started_at: z.string(),
  uptime_seconds: z.number().int(),
  settings: z.array(setting),
  defaults: z.array(setting),
});

const databaseSchema = z.object({
  server_version: z.string(),
  database: z.string(),
  total_bytes: z.number(),
  table_count: z.number().int(),
  migrations: z.object({
    executed: z.number().int(),
    pending: z.number().int(),
    last_name: z.string().nullable(),
    pending_names: z.array(z.string()),
  }),
  tables: z.array(
    z.object({
      table_name: z.string(),
      row_estimate: z.number(),
      data_bytes: z.number(),
      index_bytes: z.number(),
      total_bytes: z.number(),
    }),
  ),
});

/** Read-only system information for the Super Admin tab's System Configuration and Database Operations tiles. */
export function mountSystemInfoRoutes(router: Router, app: AppContext): void {
  router.get(
    '/admin/system/configuration',
    route(app, async (c) => systemConfiguration(c.app, signedIn(c))),
  );
  router.get(
    '/admin/system/database',
    route(app, (c) => databaseStatus(c.app, signedIn(c))),
  );
  documentApi(
    {
      method: 'get',
      path: '/admin/system/configuration',
      operationId: 'getSystemConfiguration',
      summary: 'Running configuration: version, build, environment, settings and defaults (never a secret)',
      tag: 'System',
      response: configurationSchema,
      errors: { 403: 'Not the super admin' },
    },
    {
      method: 'get',
      path: '/admin/system/database',
      operationId: 'getDatabaseStatus',
      summary: 'Migration state and the size and row estimate of the largest tables',
      tag: 'System',
      response: databaseSchema,
      errors: { 403: 'Not the super admin' },
    },
  );
}
