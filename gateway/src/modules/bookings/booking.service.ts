import type { EntityManager } from 'typeorm';
import { assertCustomerVisible } from '../access/customer-scope';
import type { AppContext } from '../../shared/app-context';
import { badRequest, forbidden, notFound } from '../../shared/errors';
import { type Actor, checkBooking } from '@infinitum/rules';
import { dateStatus, type DateStatus, todayIn } from '../../shared/status';
import { assertFields } from '../../shared/validation/assert';
import {
  customerForNewRecord,
  customerTimeZone,
  findVisible,
  lockRecord,
  refuseCustomerChange,
} from '../access/record-scope';
import { numberOf, optionalNumber, optionalText, positiveId, text } from '../../shared/input';
import { adtechNeeds } from './booking-options.service';
import { Booking, type BookingType } from './booking.entity';
import {
  type BookingOwnership,
  canEditBooking,
  mayBookChannel,
  publisherFor,
  seesAdtechTerms,
} from './booking.permissions';

/** A booking as the service answers it; related names (campaign, channel, creatives) come from loaders. */
export interface BookingView {
  id: number;
  customer_id: number;
  booking_name: string;
  channel_id: number;
  campaign_id: number;
  booking_type: number;
  cpm: number;
  start_date: string;
  end_date: string;
  publisher_id: number | null;
  job_number: string | null;
  charged_cpm: number | null;
  planned_impressions: number | null;
  editable: boolean;
  status: DateStatus;
  created_by: number | null;
}

interface BookingRow {
  id: number;
  customer_id: number;
  booking_name: string;
  channel_id: number;
  campaign_id: number;
  booking_type: number;
  cpm: string;
  start_date: string;
  end_date: string;
  publisher_id: number | null;
  job_number: string | null;
  charged_cpm: string | null;
  planned_impressions: number | null;
  created_by: number | null;
  creator_entity_type: string | null;
  creator_entity_id: number | null;
  channel_owner_type: string | null;
  channel_owner_id: number | null;
}

/** Bookings with what `editable` needs: the creator's entity and the channel's owner. */
const BOOKINGS = `SELECT b.id, b.customer_id, b.booking_name, b.channel_id, b.campaign_id, b.booking_type, b.cpm,
    b.start_date, b.end_date, b.publisher_id, b.job_number, b.charged_cpm, b.planned_impressions, b.created_by,
    u.entity_type AS creator_entity_type, u.entity_id AS creator_entity_id,
    ch.owner_type AS channel_owner_type, ch.owner_id AS channel_owner_id
  FROM booking b
  LEFT JOIN user u ON u.id = b.created_by
  LEFT JOIN channel ch ON ch.id = b.channel_id`;

const ownership = (r: BookingRow): BookingOwnership => ({
  customerId: Number(r.customer_id),
  creatorEntityType: r.creator_entity_type,
  creatorEntityId: r.creator_entity_id === null ? null : Number(r.creator_entity_id),
  channelOwnerType: r.channel_owner_type,
  channelOwnerId: r.channel_owner_id === null ? null : Number(r.channel_owner_id),
});

function toView(actor: Actor, r: BookingRow, today: string): BookingView {
  const publisherId = r.publisher_id === null ? null : Number(r.publisher_id);
  const terms = seesAdtechTerms(actor, publisherId);
  return {
    id: Number(r.id),
    customer_id: Number(r.customer_id),
    booking_name: r.booking_name,
    channel_id: Number(r.channel_id),
    campaign_id: Number(r.campaign_id),
    booking_type: Number(r.booking_type),
    cpm: Number(r.cpm),
    start_date: r.start_date,
    end_date: r.end_date,
    publisher_id: publisherId,
    job_number: terms ? r.job_number : null,
    charged_cpm: terms && r.charged_cpm !== null ? Number(r.charged_cpm) : null,
    planned_impressions: r.planned_impressions === null ? null : Number(r.planned_impressions),
    editable: canEditBooking(actor, ownership(r)),
    status: dateStatus(r.start_date, r.end_date, today),
    created_by: r.created_by === null ? null : Number(r.created_by),
  };
}

export async function listBookings(app: AppContext, actor: Actor, customerId: number): Promise<BookingView[]> {
  const em = app.ds.manager;
  await assertCustomerVisible(em, actor, customerId);
  const today = todayIn(await customerTimeZone(em, customerId));
  const rows: BookingRow[] = await em.query(`${BOOKINGS} WHERE b.customer_id = ? ORDER BY b.id DESC`, [customerId]);
  return rows.map((r) => toView(actor, r, today));
}

async function bookingView(em: EntityManager, actor: Actor, id: number): Promise<BookingView> {
  const [row]: BookingRow[] = await em.query(`${BOOKINGS} WHERE b.id = ?`, [id]);
  // Deleted by someone else right after our save: the booking is gone, as a read would say.
  if (!row) throw notFound('Booking');
  return toView(actor, row, todayIn(await customerTimeZone(em, Number(row.customer_id))));
}

/** A visible booking the actor may edit: 404 when not visible, 403 'No permission to edit' otherwise. */
export async function editableBooking(em: EntityManager, actor: Actor, id: number): Promise<Booking> {
  const booking = await findVisible(em, actor, Booking, id, 'Booking');
  const [row]: BookingRow[] = await em.query(`${BOOKINGS} WHERE b.id = ?`, [id]);
  if (!row) throw notFound('Booking');
  if (!canEditBooking(actor, ownership(row))) throw forbidden('No permission to edit');
  return booking;
}

/** The form merged over the stored booking (a PUT may send only what changed). */
function bookingFields(input: Record<string, unknown>, current?: Booking) {
  const pick = (name: string, stored: unknown) => (input[name] !== undefined ? input[name] : stored);
  return {
    booking_name: pick('booking_name', current?.bookingName),
    cpm: pick('cpm', current?.cpm),
    channel_id: pick('channel_id', current?.channelId),
    campaign_id: pick('campaign_id', current?.campaignId),
    booking_type: pick('booking_type', current?.bookingType ?? 1),
    start_date: pick('start_date', current?.startDate),
    end_date: pick('end_date', current?.endDate),
    publisher_id: pick('publisher_id', current?.publisherId ?? null),
    job_number: pick('job_number', current?.jobNumber ?? null),
    charged_cpm: pick('charged_cpm', current?.chargedCpm ?? null),
    planned_impressions: pick('planned_impressions', current?.plannedImpressions ?? null),
  };
}

const MAX_PLANNED = 2_000_000_000; // GraphQL Int is 32-bit

/** Planned impressions: a whole number above 0, or empty (null, '' or not sent) for no plan. */
function plannedImpressions(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0 || n > MAX_PLANNED) {
    const msg = 'Planned impressions must be a whole number above 0, or empty';
    throw badRequest(msg, { planned_impressions: msg });
  }
  return n;
}

/**
 * Validation (spec 5) and the booking rules of spec 6: the campaign is the customer's, the publisher is
 * forced for adtech users, the channel is one the actor may book with that publisher.
 */
async function applyBooking(
  em: EntityManager,
  actor: Actor,
  b: Booking,
  fields: ReturnType<typeof bookingFields>,
): Promise<void> {
  const needs = actor.entityType === 'ADTECH' ? await adtechNeeds(em, actor.entityId) : undefined;
  assertFields(checkBooking(fields, needs));
  const campaignId = Number(fields.campaign_id);
  // Held until the booking is saved: the campaign cannot be deleted under a booking being added to it.
  const campaign: unknown[] = await em.query('SELECT 1 FROM campaign WHERE id = ? AND customer_id = ? FOR UPDATE', [
    campaignId,
    b.customerId,
  ]);
  if (campaign.length === 0) throw badRequest('Campaign not found', { campaign_id: 'Campaign not found' });

  // A broadcaster books direct; editing keeps the publisher a booking was sold through.
  const chosen = actor.entityType === 'BROADCASTER' ? (b.id ? b.publisherId : null) : positiveId(fields.publisher_id);
  const publisherId = publisherFor(actor, chosen);
  if (publisherId !== null && actor.entityType !== 'ADTECH' && actor.entityType !== 'BROADCASTER') {
    const adtech: unknown[] = await em.query('SELECT 1 FROM adtech WHERE id = ?', [publisherId]);
    if (adtech.length === 0) throw badRequest('Publisher not found', { publisher_id: 'Publisher not found' });
  }
  const channelId = Number(fields.channel_id);
  const [channel]: { owner_type: string; owner_id: number }[] = await em.query(
    'SELECT owner_type, owner_id FROM channel WHERE id = ?',
    [channelId],
  );
  if (!channel || !mayBookChannel(actor, channel, publisherId)) {
    throw badRequest('This channel cannot be booked here', { channel_id: 'This channel cannot be booked here' });
  }

  b.bookingName = text(fields, 'booking_name');
  b.cpm = numberOf(fields.cpm);
  b.channelId = channelId;
  b.campaignId = campaignId;
  b.bookingType = Number(fields.booking_type ?? 1) as BookingType;
  b.startDate = text(fields, 'start_date');
  b.endDate = text(fields, 'end_date');
  b.publisherId = publisherId;
  b.plannedImpressions = plannedImpressions(fields.planned_impressions);
  // Job number and charged CPM are adtech inputs; anyone else's values are ignored (spec 6).
  if (actor.entityType === 'ADTECH') {
    b.jobNumber = optionalText(fields, 'job_number');
    b.chargedCpm = optionalNumber(fields.charged_cpm);
  } else if (!b.id) {
    b.jobNumber = null;
    b.chargedCpm = null;
  }
}

export async function createBooking(
  app: AppContext,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<BookingView> {
  const em = app.ds.manager;
  const b = new Booking();
  b.customerId = await customerForNewRecord(em, actor, input);
  b.createdBy = actor.userId;
  const saved = await app.ds.transaction(async (tx) => {
    await applyBooking(tx, actor, b, bookingFields(input));
    return tx.getRepository(Booking).save(b);
  });
  return bookingView(em, actor, saved.id);
}

export async function updateBooking(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Record<string, unknown>,
): Promise<BookingView> {
  const em = app.ds.manager;
  const b = await editableBooking(em, actor, id);
  refuseCustomerChange(input, b.customerId);
  await app.ds.transaction(async (tx) => {
    await lockRecord(tx, 'booking', b.id, 'Booking');
    await applyBooking(tx, actor, b, bookingFields(input, b));
    await tx.getRepository(Booking).save(b);
  });
  return bookingView(em, actor, b.id);
}

/** Deleting a booking removes its impression tags and creative links with it. */
export async function deleteBooking(app: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  const b = await editableBooking(app.ds.manager, actor, id);
  await app.ds.transaction(async (tx) => {
    await lockRecord(tx, 'booking', b.id, 'Booking');
    await tx.query('DELETE FROM impression_tag WHERE booking_id = ?', [b.id]);
    await tx.query('DELETE FROM booking_creative WHERE booking_id = ?', [b.id]);
    await tx.query('DELETE FROM booking WHERE id = ?', [b.id]);
  });
  return { id: b.id };
}
