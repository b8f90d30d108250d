import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import { deleted, deletedRecord, notFoundErrors, recordErrors } from '../../rest/record-docs';
import type { AppContext } from '../../shared/app-context';
import { createAnnotation, deleteAnnotation, listAnnotations, updateAnnotation } from './annotation.service';

const tag = 'Annotations';
const date = z.string().describe('yyyy-MM-dd');

const annotationRecord = z
  .object({
    id: z.number(),
    customer_id: z.number(),
    campaign_id: z.number().nullable(),
    campaign_name: z.string().nullable(),
    start_date: date,
    end_date: date,
    note: z.string(),
    created_by_name: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'AnnotationRecord' });

const autoMarker = z
  .object({
    kind: z.enum(['booking_start', 'booking_end', 'first_impression']),
    date,
    text: z.string(),
    campaign_id: z.number().nullable(),
  })
  .meta({ id: 'AutoMarker' });

const annotationBody = z
  .object({
    customer_id: z.number().optional().describe('Required on create; cannot change on update'),
    campaign_id: z.number().nullable().optional(),
    start_date: date.optional(),
    end_date: date.optional().describe('Defaults to start_date'),
    note: z.string().max(500).optional(),
  })
  .meta({ id: 'AnnotationInput' });

/** Annotations (docs/design.md#annotations): parse, call the service, answer. */
export function mountAnnotationRoutes(router: Router, app: AppContext): void {
  router.get(
    '/annotations',
    route(app, (c) =>
      listAnnotations(c.app, signedIn(c), {
        client_id: c.req.query.client_id,
        startdate: c.req.query.startdate,
        enddate: c.req.query.enddate,
      }),
    ),
  );
  router.post(
    '/annotations',
    route(app, (c) => createAnnotation(c.app, signedIn(c), bodyOf(c.req))),
  );
  router.put(
    '/annotations/:id',
    route(app, (c) => updateAnnotation(c.app, signedIn(c), idParam(c.req), bodyOf(c.req))),
  );
  router.delete(
    '/annotations/:id',
    route(app, (c) => deleteAnnotation(c.app, signedIn(c), idParam(c.req)).then(deleted('Annotation'))),
  );
  documentApi(
    {
      method: 'get',
      path: '/annotations',
      operationId: 'listAnnotations',
      summary: "Notes overlapping a range of a customer's timeline, and the automatic markers inside it",
      tag,
      query: z.object({ client_id: z.string(), startdate: date, enddate: date }),
      response: z.object({ notes: z.array(annotationRecord), automatic: z.array(autoMarker) }),
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'post',
      path: '/annotations',
      operationId: 'createAnnotation',
      summary: 'Add a note on a date or date range',
      tag,
      body: annotationBody,
      response: annotationRecord,
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'put',
      path: '/annotations/:id',
      operationId: 'updateAnnotation',
      summary: 'Edit a note',
      tag,
      body: annotationBody,
      response: annotationRecord,
      errors: recordErrors('Annotation'),
    },
    {
      method: 'delete',
      path: '/annotations/:id',
      operationId: 'deleteAnnotation',
      summary: 'Remove a note',
      tag,
      response: deletedRecord,
      errors: recordErrors('Annotation'),
    },
  );
}
