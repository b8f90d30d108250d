import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import { deleted, deletedRecord, notFoundErrors, recordErrors } from '../../rest/record-docs';
import type { AppContext } from '../../shared/app-context';
import { htmlPage, mountUnsubscribe } from '../../shared/unsubscribe-page';
import { REPORT_FREQUENCIES } from './report.entity';
import { readReportUnsubscribeToken } from './unsubscribe';
import {
  createReportSchedule,
  deleteReportSchedule,
  listReportSchedules,
  sendReportNow,
  unsubscribeReport,
  updateReportSchedule,
} from './report.service';

const tag = 'Scheduled reports';

const scheduleRecord = z
  .object({
    id: z.number(),
    customer_id: z.number(),
    frequency: z.enum(REPORT_FREQUENCIES),
    day: z.number().describe('weekly: ISO weekday 1 (Monday) to 7; monthly: day of the month 1 to 28'),
    hour: z.number().describe('0 to 23, in time_zone'),
    time_zone: z.string().describe('IANA zone, e.g. Pacific/Auckland'),
    enabled: z.boolean(),
    recipient_ids: z.array(z.number()),
  })
  .meta({ id: 'ReportScheduleRecord' });

const scheduleBody = z
  .object({
    customer_id: z.number().optional().describe('Required on create; cannot change on update'),
    frequency: z.enum(REPORT_FREQUENCIES).optional(),
    day: z.number().int().optional(),
    hour: z.number().int().optional(),
    time_zone: z.string().optional(),
    enabled: z.boolean().optional(),
    recipient_ids: z.array(z.number().int()).optional().describe('Users who can see the customer'),
  })
  .meta({ id: 'ReportScheduleInput' });

/** Scheduled report calls (docs/api.md#scheduled-reports). */
export function mountReportRoutes(router: Router, app: AppContext): void {
  router.get(
    '/reports/schedules/customer/:customerId',
    route(app, (c) => listReportSchedules(c.app, signedIn(c), idParam(c.req, 'customerId'))),
  );
  router.post(
    '/reports/schedules',
    route(app, (c) => createReportSchedule(c.app, signedIn(c), bodyOf(c.req))),
  );
  router.put(
    '/reports/schedules/:id',
    route(app, (c) => updateReportSchedule(c.app, signedIn(c), idParam(c.req), bodyOf(c.req))),
  );
  router.delete(
    '/reports/schedules/:id',
    route(app, (c) => deleteReportSchedule(c.app, signedIn(c), idParam(c.req)).then(deleted('Report schedule'))),
  );
  router.post(
    '/reports/schedules/:id/send-now',
    route(app, (c) => sendReportNow(c.app, signedIn(c), idParam(c.req))),
  );
  // GET shows a confirmation page (mail scanners prefetch links); POST, or RFC 8058 one-click, unsubscribes.
  mountUnsubscribe(
    router,
    '/reports/unsubscribe',
    { what: 'this report' },
    (token) => readReportUnsubscribeToken(app.config, token) !== null,
    (token) => unsubscribeReport(app, token),
  );
  documentApi(
    {
      method: 'get',
      path: '/reports/schedules/customer/:customerId',
      operationId: 'listReportSchedules',
      summary: 'Scheduled reports of a customer',
      tag,
      response: z.array(scheduleRecord),
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'post',
      path: '/reports/schedules',
      operationId: 'createReportSchedule',
      summary: 'Schedule a weekly or monthly report',
      tag,
      body: scheduleBody,
      response: scheduleRecord,
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'put',
      path: '/reports/schedules/:id',
      operationId: 'updateReportSchedule',
      summary: 'Edit a scheduled report',
      tag,
      body: scheduleBody,
      response: scheduleRecord,
      errors: recordErrors('Report schedule'),
    },
    {
      method: 'delete',
      path: '/reports/schedules/:id',
      operationId: 'deleteReportSchedule',
      summary: 'Delete a scheduled report',
      tag,
      response: deletedRecord,
      errors: recordErrors('Report schedule'),
    },
    {
      method: 'post',
      path: '/reports/schedules/:id/send-now',
      operationId: 'sendReportNow',
      summary: "Send the latest period's report now, to the caller only (a preview)",
      tag,
      response: z.object({ message: z.string(), start: z.string(), end: z.string() }),
      errors: recordErrors('Report schedule'),
    },
    {
      method: 'get',
      path: '/reports/unsubscribe',
      operationId: 'unsubscribeReport',
      summary: 'Confirmation page of an unsubscribe link from a scheduled report mail (HTML; unsubscribes nobody)',
      tag,
      auth: false,
      query: z.object({ token: z.string() }),
      response: htmlPage,
      responseType: 'text/html',
      errors: { 400: 'The link is not valid (a page saying so)' },
    },
    {
      method: 'post',
      path: '/reports/unsubscribe',
      operationId: 'unsubscribeReportOneClick',
      summary: 'Unsubscribe (the confirmation button, or RFC 8058 one-click); answers the page "You are unsubscribed"',
      tag,
      auth: false,
      query: z.object({ token: z.string() }),
      response: htmlPage,
      responseType: 'text/html',
      errors: { 400: 'The link is not valid (a page saying so)' },
    },
  );
}
