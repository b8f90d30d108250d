import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { deleted, deletedRecord, notFoundErrors } from '../../rest/record-docs';
import { createCreative, deleteCreative, listCreatives, updateCreative } from './creative.service';

const tag = 'Creatives';

export const creativeRecord = z
  .object({
    id: z.number(),
    customer_id: z.number(),
    description: z.string(),
    creative_type: z.number().describe('1 video, 2 image, 3 audio'),
    creative_format: z.string(),
    creative_type_label: z.enum(['Video', 'Image', 'Audio']),
    url: z.string().nullable(),
  })
  .meta({ id: 'CreativeRecord' });

const creativeBody = z
  .object({
    customer_id: z.number().optional().describe('Required on create; cannot change on update'),
    description: z.string().max(200).optional(),
    creative_type: z.number().optional(),
    creative_format: z.string().max(50).optional(),
    url: z.string().nullable().optional(),
  })
  .meta({ id: 'CreativeInput' });

/** Creative calls of spec 7. */
export function mountCreativeRoutes(router: Router, app: AppContext): void {
  router.get(
    '/creatives/customer/:customerId',
    route(app, (c) => listCreatives(c.app, signedIn(c), idParam(c.req, 'customerId'))),
  );
  router.post(
    '/creatives/',
    route(app, (c) => createCreative(c.app, signedIn(c), bodyOf(c.req))),
  );
  router.put(
    '/creatives/:id',
    route(app, (c) => updateCreative(c.app, signedIn(c), idParam(c.req), bodyOf(c.req))),
  );
  router.delete(
    '/creatives/:id',
    route(app, (c) => deleteCreative(c.app, signedIn(c), idParam(c.req)).then(deleted('Creative'))),
  );
  documentApi(
    {
      method: 'get',
      path: '/creatives/customer/:customerId',
      operationId: 'listCreatives',
      summary: 'Creatives of a customer',
      tag,
      response: z.array(creativeRecord),
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'post',
      path: '/creatives/',
      operationId: 'createCreative',
      summary: 'Create a creative',
      tag,
      body: creativeBody,
      response: creativeRecord,
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'put',
      path: '/creatives/:id',
      operationId: 'updateCreative',
      summary: 'Update a creative',
      tag,
      body: creativeBody,
      response: creativeRecord,
      errors: notFoundErrors('Creative'),
    },
    {
      method: 'delete',
      path: '/creatives/:id',
      operationId: 'deleteCreative',
      summary: 'Delete a creative without impression tags',
      tag,
      response: deletedRecord,
      errors: { ...notFoundErrors('Creative'), 409: 'The creative has impression tags' },
    },
  );
}
