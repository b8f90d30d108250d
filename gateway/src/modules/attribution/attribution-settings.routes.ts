import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, intParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { attributionSettings, setAttributionWindows } from './attribution-settings.service';

const changeSchema = z
  .object({
    id: z.number().int(),
    from_touch_window_hours: z.number().int().describe('Touch window in force when asked (hours)'),
    from_same_day_window_hours: z.number().int().describe('Same-day window in force when asked (hours)'),
    touch_window_hours: z.number().int().describe('Touch window asked for (hours)'),
    same_day_window_hours: z.number().int().describe('Same-day window asked for (hours)'),
    status: z.enum(['pending', 'running', 'done', 'superseded']),
    days_done: z.number().int().describe('Days of history recomputed so far'),
    days_total: z.number().int().describe('Days of history to recompute (0 until the recompute starts)'),
    requested_by: z.number().int().nullable().describe('The user who asked (null for the system)'),
    requested_by_name: z.string().nullable(),
    requested_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'AttributionChange' });

const settingsSchema = z
  .object({
    customer_id: z.number().int(),
    touch_window_hours: z.number().int().describe('Touch window W in force, hours (1 to 720, default 168)'),
    same_day_window_hours: z.number().int().describe('Same-day window S in force, hours (1 to W, default 24)'),
    may_edit: z.boolean().describe('Whether the caller may change the windows (who may edit the client)'),
    pending: changeSchema.nullable().describe('The newest change not yet in force (pending or running)'),
    history: z.array(changeSchema).describe('The latest 10 changes, newest first'),
  })
  .meta({ id: 'AttributionSettings' });

const settingsInput = z
  .object({
    touch_window_hours: z.number().int().describe('Touch window W: whole hours, 1 to 720'),
    same_day_window_hours: z.number().int().describe('Same-day window S: whole hours, 1 to W'),
  })
  .meta({ id: 'AttributionSettingsInput' });

/** A customer's attribution windows (docs/design.md#attribution-settings). */
export function mountAttributionSettingsRoutes(router: Router, app: AppContext): void {
  router.get(
    '/customers/:id/attribution-windows',
    route(app, (c) => attributionSettings(c.app, signedIn(c), intParam(c.req.params.id, 'id'))),
  );
  router.put(
    '/customers/:id/attribution-windows',
    route(app, (c) => setAttributionWindows(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req))),
  );
  const tag = 'Clients';
  documentApi(
    {
      method: 'get',
      path: '/customers/:id/attribution-windows',
      operationId: 'getAttributionSettings',
      summary:
        "A client's attribution windows in force, the change being recomputed (if any) and the latest 10 changes",
      tag,
      response: settingsSchema,
      errors: { 404: 'Unknown client, or not visible to the caller' },
    },
    {
      method: 'put',
      path: '/customers/:id/attribution-windows',
      operationId: 'setAttributionWindows',
      summary:
        "Ask for new attribution windows (super admin or the client's admin): a pending change that replaces any earlier one; history is recomputed in the background, then the windows are in force",
      tag,
      body: settingsInput,
      response: settingsSchema,
      errors: {
        403: 'The caller may see the client but not edit it',
        404: 'Unknown client, or not visible to the caller',
      },
    },
  );
}
