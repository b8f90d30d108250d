import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { createCampaign, deleteCampaign, listCampaigns, updateCampaign } from './campaign.service';
import { deleted, deletedRecord, notFoundErrors, recordErrors } from '../../rest/record-docs';

const tag = 'Campaigns';
const date = z.string().describe('yyyy-MM-dd');

export const campaignRecord = z
  .object({
    id: z.number(),
    customer_id: z.number(),
    campaign_name: z.string(),
    start_date: date,
    end_date: date,
    status: z.enum(['Active', 'Upcoming', 'Completed']),
  })
  .meta({ id: 'CampaignRecord' });

const campaignBody = z
  .object({
    customer_id: z.number().optional().describe('Required on create; cannot change on update'),
    campaign_name: z.string().max(100).optional(),
    start_date: date.optional(),
    end_date: date.optional(),
  })
  .meta({ id: 'CampaignInput' });

/** Campaign calls of spec 7: parse, call the service, answer. */
export function mountCampaignRoutes(router: Router, app: AppContext): void {
  router.get(
    '/campaigns/customer/:customerId',
    route(app, (c) => listCampaigns(c.app, signedIn(c), idParam(c.req, 'customerId'))),
  );
  router.post(
    '/campaigns/',
    route(app, (c) => createCampaign(c.app, signedIn(c), bodyOf(c.req))),
  );
  router.put(
    '/campaigns/:id',
    route(app, (c) => updateCampaign(c.app, signedIn(c), idParam(c.req), bodyOf(c.req))),
  );
  router.delete(
    '/campaigns/:id',
    route(app, (c) => deleteCampaign(c.app, signedIn(c), idParam(c.req)).then(deleted('Campaign'))),
  );
  documentApi(
    {
      method: 'get',
      path: '/campaigns/customer/:customerId',
      operationId: 'listCampaigns',
      summary: 'Campaigns of a customer',
      tag,
      response: z.array(campaignRecord),
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'post',
      path: '/campaigns/',
      operationId: 'createCampaign',
      summary: 'Create a campaign',
      tag,
      body: campaignBody,
      response: campaignRecord,
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'put',
      path: '/campaigns/:id',
      operationId: 'updateCampaign',
      summary: 'Update a campaign',
      tag,
      body: campaignBody,
      response: campaignRecord,
      errors: recordErrors('Campaign'),
    },
    {
      method: 'delete',
      path: '/campaigns/:id',
      operationId: 'deleteCampaign',
      summary: 'Delete a campaign without bookings',
      tag,
      response: deletedRecord,
      errors: { ...recordErrors('Campaign'), 409: 'The campaign has bookings' },
    },
  );
}
