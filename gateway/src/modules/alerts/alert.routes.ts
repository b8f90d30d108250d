import type { Router } from 'express';
import { z } from 'zod';
import { bodyOf, idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import { notFoundErrors, recordErrors } from '../../rest/record-docs';
import type { AppContext } from '../../shared/app-context';
import { htmlPage, mountUnsubscribe } from '../../shared/unsubscribe-page';
import { ALERT_KINDS } from './alert.entity';
import { readUnsubscribeToken } from './unsubscribe';
import { alertInbox, listAlertRules, markAlertsRead, unsubscribe, updateAlertRule } from './alert.service';

const tag = 'Alerts';

const alertRuleRecord = z
  .object({
    id: z.number(),
    customer_id: z.number(),
    kind: z.enum(ALERT_KINDS),
    enabled: z.boolean(),
    threshold: z.number().describe('Hours (silent-tag rules) or percent (the others)'),
    min_volume: z.number(),
    quiet_hours: z.number(),
    recipient_ids: z.array(z.number()),
  })
  .meta({ id: 'AlertRuleRecord' });

const alertRuleBody = z
  .object({
    enabled: z.boolean().optional(),
    threshold: z.number().int().optional(),
    min_volume: z.number().int().optional(),
    quiet_hours: z.number().int().optional(),
    recipient_ids: z.array(z.number().int()).optional().describe('Users who can see the customer'),
  })
  .meta({ id: 'AlertRuleInput' });

const alertInboxRecord = z
  .object({
    unread: z.number(),
    alerts: z.array(
      z.object({
        id: z.number(),
        customer_id: z.number(),
        customer_name: z.string(),
        kind: z.enum(ALERT_KINDS),
        title: z.string(),
        detail: z.string(),
        link: z.string().describe('Client route that shows the problem'),
        opened_at: z.string(),
        resolved_at: z.string().nullable(),
        read: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'AlertInbox' });

/** Alert calls (docs/api.md#alerts): parse, call the service, answer. */
export function mountAlertRoutes(router: Router, app: AppContext): void {
  router.get(
    '/alerts',
    route(app, (c) => alertInbox(c.app, signedIn(c))),
  );
  router.post(
    '/alerts/read',
    route(app, (c) => markAlertsRead(c.app, signedIn(c), bodyOf(c.req))),
  );
  router.get(
    '/alerts/rules/customer/:customerId',
    route(app, (c) => listAlertRules(c.app, signedIn(c), idParam(c.req, 'customerId'))),
  );
  router.put(
    '/alerts/rules/:id',
    route(app, (c) => updateAlertRule(c.app, signedIn(c), idParam(c.req), bodyOf(c.req))),
  );
  // GET shows a confirmation page (mail scanners prefetch links); POST, or RFC 8058 one-click, unsubscribes.
  mountUnsubscribe(
    router,
    '/alerts/unsubscribe',
    { what: 'this alert' },
    (token) => readUnsubscribeToken(app.config, token) !== null,
    (token) => unsubscribe(app, token),
  );
  documentApi(
    {
      method: 'get',
      path: '/alerts',
      operationId: 'listAlerts',
      summary: 'The bell: latest alerts of the customers the caller can see',
      tag,
      response: alertInboxRecord,
    },
    {
      method: 'post',
      path: '/alerts/read',
      operationId: 'markAlertsRead',
      summary: 'Mark alerts read for the caller',
      tag,
      body: z.object({ ids: z.array(z.number().int()) }),
      response: alertInboxRecord,
    },
    {
      method: 'get',
      path: '/alerts/rules/customer/:customerId',
      operationId: 'listAlertRules',
      summary: 'Alert rules of a customer (defaults created on first read)',
      tag,
      response: z.array(alertRuleRecord),
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'put',
      path: '/alerts/rules/:id',
      operationId: 'updateAlertRule',
      summary: 'Edit an alert rule',
      tag,
      body: alertRuleBody,
      response: alertRuleRecord,
      errors: recordErrors('Alert rule'),
    },
    {
      method: 'get',
      path: '/alerts/unsubscribe',
      operationId: 'unsubscribeAlert',
      summary: 'Confirmation page of an unsubscribe link from an alert mail (HTML; unsubscribes nobody)',
      tag,
      auth: false,
      query: z.object({ token: z.string() }),
      response: htmlPage,
      responseType: 'text/html',
      errors: { 400: 'The link is not valid (a page saying so)' },
    },
    {
      method: 'post',
      path: '/alerts/unsubscribe',
      operationId: 'unsubscribeAlertOneClick',
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
