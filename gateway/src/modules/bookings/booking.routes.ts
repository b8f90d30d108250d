import type { Router } from 'express';
import { z } from 'zod';
import { createLoaders } from '../../shared/loaders';
import { bodyOf, idParam, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { AppContext } from '../../shared/app-context';
import type { Actor } from '@infinitum/rules';
import { deleted, deletedRecord, notFoundErrors, recordErrors } from '../../rest/record-docs';
import { bookingOptions } from './booking-options.service';
import { toBookingRecord } from './booking.mapper';
import { type BookingView, createBooking, deleteBooking, listBookings, updateBooking } from './booking.service';

const tag = 'Bookings';
const date = z.string().describe('yyyy-MM-dd');

export const bookingRecord = z
  .object({
    id: z.number(),
    customer_id: z.number(),
    booking_name: z.string(),
    channel_id: z.number(),
    campaign_id: z.number(),
    booking_type: z.number().describe('1 video, 2 image, 3 audio'),
    cpm: z.number(),
    start_date: date,
    end_date: date,
    publisher_id: z.number().nullable(),
    job_number: z.string().nullable(),
    charged_cpm: z.number().nullable(),
    planned_impressions: z.number().nullable().describe('Impressions planned over the dates; null = no plan'),
    editable: z.boolean(),
    channel_name: z.string().nullable(),
    campaign_name: z.string().nullable(),
    creative_ids: z.array(z.number()),
    status: z.enum(['Active', 'Upcoming', 'Completed']),
    created_by_name: z.string().nullable().describe('Super admin only; null for everyone else'),
  })
  .meta({ id: 'BookingRecord' });

const bookingBody = z
  .object({
    customer_id: z.number().optional().describe('Required on create; cannot change on update'),
    booking_name: z.string().max(100).optional(),
    channel_id: z.number().optional(),
    campaign_id: z.number().optional(),
    booking_type: z.number().optional(),
    cpm: z.number().optional(),
    start_date: date.optional(),
    end_date: date.optional(),
    publisher_id: z.number().nullable().optional().describe('Forced to the own adtech for adtech users'),
    job_number: z.string().nullable().optional().describe('Adtech users only'),
    charged_cpm: z.number().nullable().optional().describe('Adtech users only'),
    planned_impressions: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe('Whole number above 0; null for no plan (the under_delivery alert checks the pace)'),
  })
  .meta({ id: 'BookingInput' });

const bookingOptionsAnswer = z.object({
  channels: z.array(
    z.object({
      id: z.number(),
      channel_name: z.string(),
      owner_type: z.enum(['broadcaster', 'adtech']),
      owner_id: z.number(),
      owner_name: z.string().nullable(),
    }),
  ),
  publishers: z.array(z.object({ id: z.number(), adtech_name: z.string() })),
  requires_job_number: z.boolean(),
  requires_charged_cpm: z.boolean(),
});

/** Related names through the same per-request loaders as GraphQL, so both answer the same. */
const records = (app: AppContext, actor: Actor) => (views: BookingView[]) => {
  const loaders = createLoaders(app);
  return Promise.all(views.map((v) => toBookingRecord(loaders, actor, v)));
};
const record = (app: AppContext, actor: Actor) => (view: BookingView) =>
  toBookingRecord(createLoaders(app), actor, view);

/** Booking calls of spec 7 plus the booking form's options. */
export function mountBookingRoutes(router: Router, app: AppContext): void {
  router.get(
    '/bookings/customer/:customerId',
    route(app, (c) => listBookings(c.app, signedIn(c), idParam(c.req, 'customerId')).then(records(app, signedIn(c)))),
  );
  router.get(
    '/bookings/options/customer/:customerId',
    route(app, (c) => bookingOptions(c.app, signedIn(c), idParam(c.req, 'customerId'))),
  );
  router.post(
    '/bookings/',
    route(app, (c) => createBooking(c.app, signedIn(c), bodyOf(c.req)).then(record(app, signedIn(c)))),
  );
  router.put(
    '/bookings/:id',
    route(app, (c) => updateBooking(c.app, signedIn(c), idParam(c.req), bodyOf(c.req)).then(record(app, signedIn(c)))),
  );
  router.delete(
    '/bookings/:id',
    route(app, (c) => deleteBooking(c.app, signedIn(c), idParam(c.req)).then(deleted('Booking'))),
  );
  documentApi(
    {
      method: 'get',
      path: '/bookings/customer/:customerId',
      operationId: 'listBookings',
      summary: 'Bookings of a customer, with editable and status for the caller',
      tag,
      response: z.array(bookingRecord),
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'get',
      path: '/bookings/options/customer/:customerId',
      operationId: 'getBookingOptions',
      summary: 'Channels and publishers the caller may book for a customer',
      tag,
      response: bookingOptionsAnswer,
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'post',
      path: '/bookings/',
      operationId: 'createBooking',
      summary: 'Create a booking',
      tag,
      body: bookingBody,
      response: bookingRecord,
      errors: notFoundErrors('Customer'),
    },
    {
      method: 'put',
      path: '/bookings/:id',
      operationId: 'updateBooking',
      summary: 'Update a booking the caller may edit',
      tag,
      body: bookingBody,
      response: bookingRecord,
      errors: recordErrors('Booking'),
    },
    {
      method: 'delete',
      path: '/bookings/:id',
      operationId: 'deleteBooking',
      summary: 'Delete a booking the caller may edit, with its impression tags',
      tag,
      response: deletedRecord,
      errors: recordErrors('Booking'),
    },
  );
}
