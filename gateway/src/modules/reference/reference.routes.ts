import type { Router } from 'express';
import { z } from 'zod';
import { route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { listCountries, listTaxonomies } from './reference.service';

export const countrySchema = z.object({ country_code: z.string(), country_name: z.string() });
export const taxonomySchema = z.object({ id: z.number().int(), taxonomy_desc: z.string() });

/** Reference lists (spec 7): GET /countries/, GET /taxonomies/. */
export function mountReferenceRoutes(router: Router, app: AppContext): void {
  router.get(
    '/countries',
    route(app, (c) => listCountries(c.app, signedIn(c))),
  );
  router.get(
    '/taxonomies',
    route(app, (c) => listTaxonomies(c.app, signedIn(c))),
  );
  documentApi(
    {
      method: 'get',
      path: '/countries',
      operationId: 'listCountries',
      summary: 'Every country (label "name (code)")',
      tag: 'Reference',
      response: z.array(countrySchema),
    },
    {
      method: 'get',
      path: '/taxonomies',
      operationId: 'listTaxonomies',
      summary: 'Client categories',
      tag: 'Reference',
      response: z.array(taxonomySchema),
    },
  );
}
