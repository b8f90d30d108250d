import type { Router } from 'express';
import { z } from 'zod';
import { route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { createRelationship } from './relationship.service';

const types = z.enum(['client', 'broadcaster', 'agency', 'adtech']);

/** POST /admin/relationships (spec 7, directRelationship). */
export function mountRelationshipRoutes(router: Router, app: AppContext): void {
  router.post(
    '/admin/relationships',
    route(app, (c) =>
      createRelationship(c.app, signedIn(c), c.req.body && typeof c.req.body === 'object' ? c.req.body : {}),
    ),
  );
  const id = z.number().int().nullable();
  documentApi({
    method: 'post',
    path: '/admin/relationships',
    operationId: 'createRelationship',
    summary: 'Super admin: relate two organisations (allowed pairs of spec 6)',
    tag: 'Relationships',
    body: z.object({
      source_type: types.optional().describe('default client'),
      source_id: z.number().int(),
      target_type: types.optional().describe('default broadcaster'),
      target_id: z.number().int(),
      country_code: z.string().optional().describe('when sent, both sides must operate in it'),
    }),
    response: z.object({ id: z.number().int(), customer_id: id, agency_id: id, broadcaster_id: id, adtech_id: id }),
    errors: { 404: 'Unknown source or target', 409: 'Relationship already exists' },
  });
}
