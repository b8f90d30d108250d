import type { Loaders } from '../../shared/loaders';
import { type Actor, can } from '@infinitum/rules';
import type { BookingView } from './booking.service';
import { campaignByIdLoader, channelByIdLoader, creativeIdsByBookingIdLoader, userByIdLoader } from './record-loaders';

/** A booking as /api answers it (spec 3 fields). */
export interface BookingRecord extends Omit<BookingView, 'created_by'> {
  channel_name: string | null;
  campaign_name: string | null;
  creative_ids: number[];
  created_by_name: string | null;
}

export const bookingCampaignName = async (l: Loaders, b: BookingView) =>
  (await campaignByIdLoader(l).load(b.campaign_id))?.campaign_name ?? null;

export const bookingChannelName = async (l: Loaders, b: BookingView) =>
  (await channelByIdLoader(l).load(b.channel_id))?.channel_name ?? null;

export const bookingCreativeIds = (l: Loaders, b: BookingView) => creativeIdsByBookingIdLoader(l).load(b.id);

/** Who created the booking: shown to the super admin only, like Created By on the overview (spec 6). */
export async function bookingCreatorName(l: Loaders, actor: Actor, b: BookingView): Promise<string | null> {
  if (!can.seeAdminFields(actor) || b.created_by === null) return null;
  return (await userByIdLoader(l).load(b.created_by))?.name ?? null;
}

/** Same fields as the GraphQL Booking type, so both transports answer the same data. */
export async function toBookingRecord(l: Loaders, actor: Actor, b: BookingView): Promise<BookingRecord> {
  const { created_by: _createdBy, ...fields } = b;
  const [campaign_name, channel_name, creative_ids, created_by_name] = await Promise.all([
    bookingCampaignName(l, b),
    bookingChannelName(l, b),
    bookingCreativeIds(l, b),
    bookingCreatorName(l, actor, b),
  ]);
  return { ...fields, channel_name, campaign_name, creative_ids, created_by_name };
}
