import DataLoader from 'dataloader';
import type { Loaders } from '../../shared/loaders';
import type { AppContext } from '../../shared/app-context';

/**
 * Per-request DataLoaders of the campaign records: one `IN (...)` per kind of related row, however long
 * the list. REST and GraphQL both fill related names through these, so they answer the same data.
 * The SQL is fixed here; only ids are parameters.
 */
function byId<R extends { id: number }>(app: AppContext, sql: string): DataLoader<number, R | null> {
  return new DataLoader<number, R | null>(async (ids) => {
    const rows: R[] = await app.ds.query(sql.replace('(?)', `(${ids.map(() => '?').join(', ')})`), [...ids]);
    const found = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.map((id) => found.get(id) ?? null);
  });
}

export interface CampaignName {
  id: number;
  campaign_name: string;
}
export interface ChannelRef {
  id: number;
  channel_name: string;
  owner_type: 'broadcaster' | 'adtech';
  owner_id: number;
}
export interface CreativeName {
  id: number;
  description: string;
}
export interface BookingRef {
  id: number;
  booking_name: string;
  campaign_id: number;
  channel_id: number;
  booking_type: number;
}
export interface UserName {
  id: number;
  name: string;
}

export const campaignByIdLoader = (l: Loaders) =>
  l.get('campaignByIdLoader', (app) =>
    byId<CampaignName>(app, 'SELECT id, campaign_name FROM campaign WHERE id IN (?)'),
  );

export const channelByIdLoader = (l: Loaders) =>
  l.get('channelByIdLoader', (app) =>
    byId<ChannelRef>(app, 'SELECT id, channel_name, owner_type, owner_id FROM channel WHERE id IN (?)'),
  );

export const creativeByIdLoader = (l: Loaders) =>
  l.get('creativeByIdLoader', (app) => byId<CreativeName>(app, 'SELECT id, description FROM creative WHERE id IN (?)'));

export const bookingByIdLoader = (l: Loaders) =>
  l.get('bookingByIdLoader', (app) =>
    byId<BookingRef>(
      app,
      'SELECT id, booking_name, campaign_id, channel_id, booking_type FROM booking WHERE id IN (?)',
    ),
  );

export const userByIdLoader = (l: Loaders) =>
  l.get('userByIdLoader', (app) => byId<UserName>(app, 'SELECT id, name FROM user WHERE id IN (?)'));

/** The creatives of each booking (booking_creative), in id order. */
export const creativeIdsByBookingIdLoader = (l: Loaders) =>
  l.get(
    'creativeIdsByBookingIdLoader',
    (app) =>
      new DataLoader<number, number[]>(async (bookingIds) => {
        const rows: { booking_id: number; creative_id: number }[] = await app.ds.query(
          `SELECT booking_id, creative_id FROM booking_creative WHERE booking_id IN (${bookingIds.map(() => '?').join(', ')}) ORDER BY creative_id`,
          [...bookingIds],
        );
        const byBooking = new Map<number, number[]>(bookingIds.map((id) => [id, []]));
        for (const r of rows) byBooking.get(Number(r.booking_id))?.push(Number(r.creative_id));
        return bookingIds.map((id) => byBooking.get(id) ?? []);
      }),
  );
