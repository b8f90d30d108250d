import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, intParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { associateAgency, createAgency, getAgency, listAgencies, updateAgency } from './agency.service';
import { agencyInput, agencySchema, messageSchema } from './organisation.schemas';
import { removeEntity } from './removal.service';
import { associationRequestSchema } from '../relationships/association-request.types';

const tag = 'Agencies';

/** `?associated=false` asks for the association search; anything else for the associated list. */
export const associatedParam = (v: unknown): boolean => v !== 'false' && v !== '0';

export function mountAgencyRoutes(router: Router, app: AppContext): void {
  router.get(
    '/agencies',
    route(app, (c) =>
      listAgencies(c.app, signedIn(c), { associated: associatedParam(c.req.query.associated), q: c.req.query.q }),
    ),
  );
  router.get(
    '/agencies/:id',
    route(app, (c) => getAgency(c.app, signedIn(c), intParam(c.req.params.id, 'id'))),
  );
  router.post(
    '/agencies',
    route(app, (c) => createAgency(c.app, signedIn(c), bodyOf(c.req))),
  );
  router.put(
    '/agencies/:id',
    route(app, (c) => updateAgency(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req))),
  );
  router.delete(
    '/agencies/:id',
    route(app, (c) => removeEntity(c.app, signedIn(c), 'agency', intParam(c.req.params.id, 'id'))),
  );
  router.post(
    '/agencies/:id/associate',
    route(app, (c) => associateAgency(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req))),
  );
  const notFound = { 404: 'Unknown agency, or not visible to the caller' };
  documentApi(
    {
      method: 'get',
      path: '/agencies',
      operationId: 'listAgencies',
      summary:
        'Agencies related to the caller (associated=true, default), or the association search (associated=false: names containing q, at most 10, admins only)',
      tag,
      query: z.object({
        associated: z.enum(['true', 'false']).optional(),
        q: z.string().optional().describe('associated=false: at least 2 characters of the name'),
      }),
      response: z.array(agencySchema),
      errors: { 400: 'associated=false with q shorter than 2 characters' },
    },
    {
      method: 'get',
      path: '/agencies/:id',
      operationId: 'getAgency',
      summary: 'One agency',
      tag,
      response: agencySchema,
      errors: notFound,
    },
    {
      method: 'post',
      path: '/agencies',
      operationId: 'createAgency',
      summary: "Create an agency (related to the caller's own organisation)",
      tag,
      body: agencyInput,
      response: agencySchema,
    },
    {
      method: 'put',
      path: '/agencies/:id',
      operationId: 'updateAgency',
      summary: 'Update an agency (super admin or its own admin)',
      tag,
      body: agencyInput,
      response: agencySchema,
      errors: notFound,
    },
    {
      method: 'delete',
      path: '/agencies/:id',
      operationId: 'deleteAgency',
      summary: 'Remove an agency (super admin or its own admin)',
      tag,
      response: messageSchema,
      errors: { ...notFound, 409: 'Still in use' },
    },
    {
      method: 'post',
      path: '/agencies/:id/associate',
      operationId: 'associateAgency',
      summary:
        "Ask to relate an existing agency to the caller's organisation (admins): a pending request its admin accepts",
      tag,
      body: agencyInput.partial().describe('agency_name: the agency’s own name, as the search offered it'),
      response: associationRequestSchema,
      errors: {
        404: 'Unknown agency, or another name (the same answer)',
        409: 'Already associated, or a request is pending',
      },
    },
  );
}
