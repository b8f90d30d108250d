import type { Loaders } from '../../shared/loaders';
import {
  bookingByIdLoader,
  campaignByIdLoader,
  channelByIdLoader,
  creativeByIdLoader,
} from '../bookings/record-loaders';
import type { ImpressionTagView } from './impression-tag.service';

/** An impression tag as /api answers it (spec 3 fields). */
export interface ImpressionTagRecord extends ImpressionTagView {
  campaign_name: string | null;
  booking_name: string | null;
  creative_name: string | null;
  channel_name: string | null;
  booking_type: number | null;
}

const bookingOf = (l: Loaders, t: ImpressionTagView) => bookingByIdLoader(l).load(t.booking_id);

export const tagBookingName = async (l: Loaders, t: ImpressionTagView) => (await bookingOf(l, t))?.booking_name ?? null;

export const tagBookingType = async (l: Loaders, t: ImpressionTagView) => {
  const b = await bookingOf(l, t);
  return b ? Number(b.booking_type) : null;
};

export async function tagCampaignName(l: Loaders, t: ImpressionTagView): Promise<string | null> {
  const b = await bookingOf(l, t);
  return b ? ((await campaignByIdLoader(l).load(Number(b.campaign_id)))?.campaign_name ?? null) : null;
}

export async function tagChannelName(l: Loaders, t: ImpressionTagView): Promise<string | null> {
  const b = await bookingOf(l, t);
  return b ? ((await channelByIdLoader(l).load(Number(b.channel_id)))?.channel_name ?? null) : null;
}

/** A creative is named by its description (docs/design.md#visits-and-attribution). */
export const tagCreativeName = async (l: Loaders, t: ImpressionTagView) =>
  (await creativeByIdLoader(l).load(t.creative_id))?.description ?? null;

export async function toImpressionTagRecord(l: Loaders, t: ImpressionTagView): Promise<ImpressionTagRecord> {
  const [campaign_name, booking_name, creative_name, channel_name, booking_type] = await Promise.all([
    tagCampaignName(l, t),
    tagBookingName(l, t),
    tagCreativeName(l, t),
    tagChannelName(l, t),
    tagBookingType(l, t),
  ]);
  return { ...t, campaign_name, booking_name, creative_name, channel_name, booking_type };
}
