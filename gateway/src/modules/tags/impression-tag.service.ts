import type { EntityManager } from 'typeorm';
import { assertCustomerVisible } from '../access/customer-scope';
import type { AppContext } from '../../shared/app-context';
import { badRequest, notFound } from '../../shared/errors';
import { randomKey } from '../../shared/ids';
import { type Actor, checkImpressionTags } from '@infinitum/rules';
import { editableBooking } from '../bookings/booking.service';
import { assertFields } from '../../shared/validation/assert';
import { findVisible } from '../access/record-scope';
import { ImpressionTag } from './impression-tag.entity';
import { impressionControlTagText, impressionTagText } from './tag-text';

/** An impression tag as the service answers it; campaign, booking, creative and channel names come from loaders. */
export interface ImpressionTagView {
  id: number;
  customer_id: number;
  booking_id: number;
  creative_id: number;
  tag_key: string;
  tag: string;
  /** The holdout variant of `tag` (docs/design.md#reach-frequency-and-lift): the ad server fires it when it shows a placeholder. */
  control_tag: string;
}

const toView = (publicUrl: string, t: ImpressionTag): ImpressionTagView => ({
  id: t.id,
  customer_id: t.customerId,
  booking_id: t.bookingId,
  creative_id: t.creativeId,
  tag_key: t.tagKey,
  tag: impressionTagText(publicUrl, t.tagKey),
  control_tag: impressionControlTagText(publicUrl, t.tagKey),
});

export async function listImpressionTags(
  app: AppContext,
  actor: Actor,
  customerId: number,
): Promise<ImpressionTagView[]> {
  await assertCustomerVisible(app.ds.manager, actor, customerId);
  const rows = await app.ds
    .getRepository(ImpressionTag)
    .find({ where: { customerId }, order: { bookingId: 'DESC', creativeId: 'ASC' } });
  return rows.map((t) => toView(app.config.PUBLIC_URL, t));
}

/** The chosen creatives are the customer's; held until the tags are saved (a delete waits). */
async function creativesOfCustomer(tx: EntityManager, customerId: number, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows: unknown[] = await tx.query(
    `SELECT id FROM creative WHERE customer_id = ? AND id IN (${ids.map(() => '?').join(', ')}) FOR UPDATE`,
    [customerId, ...ids],
  );
  return rows.length === ids.length;
}

/**
 * Makes the booking's impression tags exactly the chosen creatives (spec 7 save_combinations): new
 * combinations get a fresh random key, unchosen ones are removed, booking_creative follows in the same
 * transaction. Existing tags keep their keys (ad servers already carry them).
 */
export async function saveImpressionTags(
  app: AppContext,
  actor: Actor,
  bookingId: number,
  input: Record<string, unknown>,
): Promise<ImpressionTagView[]> {
  const booking = await editableBooking(app.ds.manager, actor, bookingId);
  const creativeIds = input.creative_ids;
  const form = {
    campaign_id: input.campaign_id ?? booking.campaignId,
    booking_id: booking.id,
    creative_ids: creativeIds,
  };
  assertFields(checkImpressionTags(form));
  if (Number(form.campaign_id) !== booking.campaignId) {
    throw badRequest('The booking is not in this campaign', { campaign_id: 'The booking is not in this campaign' });
  }
  const chosen = [...new Set(creativeIds as number[])];
  await app.ds.transaction(async (tx) => {
    // Locking the booking row serialises concurrent saves of one booking (no duplicate combination),
    // and a booking deleted meanwhile answers 404 instead of getting tags.
    const live: unknown[] = await tx.query('SELECT id FROM booking WHERE id = ? FOR UPDATE', [booking.id]);
    if (live.length === 0) throw notFound('Booking');
    if (!(await creativesOfCustomer(tx, booking.customerId, chosen))) {
      throw badRequest('Creative not found', { creative_ids: 'Creative not found' });
    }
    const existing: { creative_id: number }[] = await tx.query(
      'SELECT creative_id FROM impression_tag WHERE booking_id = ?',
      [booking.id],
    );
    const have = new Set(existing.map((r) => Number(r.creative_id)));
    const gone = [...have].filter((id) => !chosen.includes(id));
    if (gone.length > 0) {
      const list = gone.map(() => '?').join(', ');
      await tx.query(`DELETE FROM impression_tag WHERE booking_id = ? AND creative_id IN (${list})`, [
        booking.id,
        ...gone,
      ]);
    }
    for (const creativeId of chosen.filter((id) => !have.has(id))) {
      await tx.query(
        'INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key, created_by) VALUES (?, ?, ?, ?, ?)',
        [booking.customerId, booking.id, creativeId, randomKey(), actor.userId],
      );
    }
    await tx.query('DELETE FROM booking_creative WHERE booking_id = ?', [booking.id]);
    if (chosen.length > 0) {
      await tx.query(
        `INSERT INTO booking_creative (booking_id, creative_id) VALUES ${chosen.map(() => '(?, ?)').join(', ')}`,
        chosen.flatMap((id) => [booking.id, id]),
      );
    }
  });
  const rows = await app.ds
    .getRepository(ImpressionTag)
    .find({ where: { bookingId: booking.id }, order: { creativeId: 'ASC' } });
  return rows.map((t) => toView(app.config.PUBLIC_URL, t));
}

/** Removing one tag also unlinks its creative from the booking. */
export async function deleteImpressionTag(app: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  const tag = await findVisible(app.ds.manager, actor, ImpressionTag, id, 'Impression tag');
  await editableBooking(app.ds.manager, actor, tag.bookingId);
  await app.ds.transaction(async (tx) => {
    await tx.query('DELETE FROM impression_tag WHERE id = ?', [tag.id]);
    await tx.query('DELETE FROM booking_creative WHERE booking_id = ? AND creative_id = ?', [
      tag.bookingId,
      tag.creativeId,
    ]);
  });
  return { id: tag.id };
}
