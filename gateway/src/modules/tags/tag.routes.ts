import type { Router } from 'express';
import { z } from 'zod';
import { createLoaders } from '../../shared/loaders';
import { bodyOf, idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import { deleted, deletedRecord, notFoundErrors, recordErrors } from '../../rest/record-docs';
import { toImpressionTagRecord } from './impression-tag.mapper';
import {
  deleteImpressionTag,
  type ImpressionTagView,
  listImpressionTags,
  saveImpressionTags,
} from './impression-tag.service';
import { createSiteTag, deleteSiteTag, listSiteTags, updateSiteTag } from './site-tag.service';

export const impressionTagRecord = z.object({
  id: z.number(),
  customer_id: z.number(),
  booking_id: z.number(),
  creative_id: z.number(),
  tag_key: z.string(),
  tag: z.string().describe('VAST impression URL'),
  control_tag: z
    .string()
    .describe('The same URL with ctl=1: fire it instead of tag when the household is in the holdout (control) group'),
  campaign_name: z.string().nullable(),
  booking_name: z.string().nullable(),
  creative_name: z.string().nullable(),
  channel_name: z.string().nullable(),
  booking_type: z.number().nullable(),
});

export const siteTagRecord = z
  .object({
    id: z.number(),
    customer_id: z.number(),
    tag_description: z.string(),
    tag_key: z.string(),
    tag: z.string().describe('Script snippet'),
    main_site_tag: z.boolean(),
    ping_count: z.number(),
    ping_date: z.string().nullable(),
    status: z.enum(['Active', 'Low traffic', 'Not detected']),
  })
  .meta({ id: 'SiteTagRecord' });

const siteTagBody = z
  .object({
    customer_id: z.number().optional().describe('Required on create; cannot change on update'),
    tag_description: z.string().max(200).optional(),
    main_site_tag: z.boolean().optional(),
  })
  .meta({ id: 'SiteTagInput' });

const combinationsBody = z.object({
  creative_ids: z.array(z.number()),
  campaign_id: z.number().optional().describe('When sent, must be the booking’s campaign'),
});

const tagRecords = (app: AppContext) => (views: ImpressionTagView[]) => {
  const loaders = createLoaders(app);
  return Promise.all(views.map((v) => toImpressionTagRecord(loaders, v)));
};

/** Impression tag and site tag calls of spec 7. */
export function mountTagRoutes(router: Router, app: AppContext): void {
  router.get(
    '/impressiontags/customer/:customerId',
    route(app, (c) => listImpressionTags(c.app, signedIn(c), idParam(c.req, 'customerId')).then(tagRecords(app))),
  );
  router.post(
    '/impressiontags/save_combinations/:bookingId',
    route(app, (c) =>
      saveImpressionTags(c.app, signedIn(c), idParam(c.req, 'bookingId'), bodyOf(c.req)).then(tagRecords(app)),
    ),
  );
  router.delete(
    '/impressiontags/:id',
    route(app, (c) => deleteImpressionTag(c.app, signedIn(c), idParam(c.req)).then(deleted('Impression tag'))),
  );
  router.get(
    '/sitetags/customer/:customerId',
    route(app, (c) => listSiteTags(c.app, signedIn(c), idParam(c.req, 'customerId'))),
  );
  router.post(
    '/sitetags/',
    route(app, (c) => createSiteTag(c.app, signedIn(c), bodyOf(c.req))),
  );
  router.put(
    '/sitetags/:id',
    route(app, (c) => updateSiteTag(c.app, signedIn(c), idParam(c.req), bodyOf(c.req))),
  );
  router.delete(
    '/sitetags/:id',
    route(app, (c) => deleteSiteTag(c.app, signedIn(c), idParam(c.req)).then(deleted('Site tag'))),
  );
  documentApi(
    {
      method: 'get',
      path: '/impressiontags/customer/:customerId',
      operationId: 'listImpressionTags',
      summary: 'Impression tags of a customer',
      tag: 'Impression tags',
      response: z.array(impressionTagRecord),
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'post',
      path: '/impressiontags/save_combinations/:bookingId',
      operationId: 'saveImpressionTagCombinations',
      summary: 'Make the booking’s impression tags exactly the chosen creatives',
      tag: 'Impression tags',
      body: combinationsBody,
      response: z.array(impressionTagRecord),
      errors: recordErrors('Booking'),
    },
    {
      method: 'delete',
      path: '/impressiontags/:id',
      operationId: 'deleteImpressionTag',
      summary: 'Remove one impression tag',
      tag: 'Impression tags',
      response: deletedRecord,
      errors: recordErrors('Impression tag'),
    },
    {
      method: 'get',
      path: '/sitetags/customer/:customerId',
      operationId: 'listSiteTags',
      summary: 'Site tags of a customer',
      tag: 'Site tags',
      response: z.array(siteTagRecord),
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'post',
      path: '/sitetags/',
      operationId: 'createSiteTag',
      summary: 'Create a site tag (a new random key)',
      tag: 'Site tags',
      body: siteTagBody,
      response: siteTagRecord,
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'put',
      path: '/sitetags/:id',
      operationId: 'updateSiteTag',
      summary: 'Update a site tag’s description or main flag',
      tag: 'Site tags',
      body: siteTagBody,
      response: siteTagRecord,
      errors: notFoundErrors('Site tag'),
    },
    {
      method: 'delete',
      path: '/sitetags/:id',
      operationId: 'deleteSiteTag',
      summary: 'Delete a site tag',
      tag: 'Site tags',
      response: deletedRecord,
      errors: notFoundErrors('Site tag'),
    },
  );
}
