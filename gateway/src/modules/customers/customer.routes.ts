import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, intParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { associatedParam } from '../organisations/agency.routes';
import { messageSchema } from '../organisations/organisation.schemas';
import { removeEntity } from '../organisations/removal.service';
import { withCustomerDetail, withCustomerDetails } from './customer.details';
import { associationRequestSchema } from '../relationships/association-request.types';
import { associateCustomer, createCustomer, getCustomer, listCustomers, updateCustomer } from './customer.service';

const customerSchema = z
  .object({
    id: z.number().int(),
    cust_name: z.string(),
    display_name: z.string().nullable(),
    domain: z.string().nullable(),
    admin_email: z.string().nullable(),
    taxonomy_id: z.number().int(),
    taxonomy_desc: z.string().nullable(),
    country_code: z.string(),
    country_list: z.array(z.string()),
    operational_countries: z.array(z.object({ country_code: z.string(), country_name: z.string() })),
    billing_entity: z.number().int().nullable().describe('0 No Charge, 1 Customer, 2 Booking Entity; ROLE_ADMIN only'),
    is_multi_country: z.boolean(),
    status: z.number().int(),
    retention_months: z.number().int().describe('Months of raw data kept, 1 to 25 (default 13)'),
    nat_hourly_limit: z
      .number()
      .int()
      .describe('Invalid traffic rule 7: more impressions of one household in one UTC hour are nat (default 100)'),
    time_zone: z.string(),
    created_by: z.number().int().nullable(),
  })
  .meta({ id: 'Customer' });
const customerInput = z
  .object({
    cust_name: z.string(),
    display_name: z.string().nullish(),
    domain: z.string().nullish(),
    admin_email: z.string().nullish(),
    taxonomy_id: z.number().int().nullish(),
    country_code: z.string().nullish(),
    country_list: z.array(z.string()).nullish(),
    billing_entity: z.number().int().nullish().describe('ROLE_ADMIN only; ignored for others'),
    retention_months: z.number().int().nullish().describe('Months of raw data kept, 1 to 25; unchanged when absent'),
    nat_hourly_limit: z
      .number()
      .int()
      .nullish()
      .describe(
        'Invalid traffic rule 7 limit, 1 to 10000; super admin only, ignored for others; unchanged when absent',
      ),
  })
  .meta({ id: 'CustomerInput' });

/** Clients a.k.a. customers (spec 7). */
export function mountCustomerRoutes(router: Router, app: AppContext): void {
  router.get(
    '/customers',
    route(app, async (c) =>
      withCustomerDetails(
        c.app,
        await listCustomers(c.app, signedIn(c), {
          associated: associatedParam(c.req.query.associated),
          q: c.req.query.q,
        }),
      ),
    ),
  );
  router.get(
    '/customers/:id',
    route(app, async (c) =>
      withCustomerDetail(c.app, await getCustomer(c.app, signedIn(c), intParam(c.req.params.id, 'id'))),
    ),
  );
  router.post(
    '/customers',
    route(app, async (c) => withCustomerDetail(c.app, await createCustomer(c.app, signedIn(c), bodyOf(c.req)))),
  );
  router.put(
    '/customers/:id',
    route(app, async (c) =>
      withCustomerDetail(
        c.app,
        await updateCustomer(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req)),
      ),
    ),
  );
  router.delete(
    '/customers/:id',
    route(app, (c) => removeEntity(c.app, signedIn(c), 'client', intParam(c.req.params.id, 'id'))),
  );
  router.post(
    '/customers/:id/associate',
    route(app, (c) => associateCustomer(c.app, signedIn(c), intParam(c.req.params.id, 'id'), bodyOf(c.req))),
  );
  const tag = 'Clients';
  const notFound = { 404: 'Unknown client, or not visible to the caller' };
  documentApi(
    {
      method: 'get',
      path: '/customers',
      operationId: 'listCustomers',
      summary:
        'Clients visible to the caller (associated=true, default), or the association search (associated=false: names containing q, at most 10, admins only)',
      tag,
      query: z.object({
        associated: z.enum(['true', 'false']).optional(),
        q: z.string().optional().describe('associated=false: at least 2 characters of the name'),
      }),
      response: z.array(customerSchema),
      errors: { 400: 'associated=false with q shorter than 2 characters' },
    },
    {
      method: 'get',
      path: '/customers/:id',
      operationId: 'getCustomer',
      summary: 'One client',
      tag,
      response: customerSchema,
      errors: notFound,
    },
    {
      method: 'post',
      path: '/customers',
      operationId: 'createCustomer',
      summary: "Create a client (related to the caller's own organisation; time zone from its country)",
      tag,
      body: customerInput,
      response: customerSchema,
    },
    {
      method: 'put',
      path: '/customers/:id',
      operationId: 'updateCustomer',
      summary: 'Update a client (super admin or its own admin)',
      tag,
      body: customerInput,
      response: customerSchema,
      errors: notFound,
    },
    {
      method: 'delete',
      path: '/customers/:id',
      operationId: 'deleteCustomer',
      summary: 'Remove a client without campaigns (super admin or its own admin)',
      tag,
      response: messageSchema,
      errors: { ...notFound, 409: 'Still has campaigns' },
    },
    {
      method: 'post',
      path: '/customers/:id/associate',
      operationId: 'associateCustomer',
      summary:
        "Ask to relate an existing client to the caller's organisation (admins): a pending request its admin accepts",
      tag,
      body: customerInput.partial().describe('cust_name: the client’s own name, as the search offered it'),
      response: associationRequestSchema,
      errors: {
        404: 'Unknown client, or another name (the same answer)',
        409: 'Already associated, or a request is pending',
      },
    },
  );
}
