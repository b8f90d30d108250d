import type { EntityManager } from 'typeorm';

/**
 * One customer's records the dashboard needs: names its rows show (joined through Maps) and the
 * ids its filters may hold. Fetched once per refresh and shared by every call.
 */
export interface CustomerNames {
  country: string;
  campaignIds: Set<number>;
  /** Booking id -> cpm (prices impressions: docs/design.md#visits-and-attribution Ad_Spend). */
  bookingCpm: Map<number, number>;
  creatives: Map<number, { description: string; format: string }>;
  channels: Map<number, string>;
  siteTags: Map<number, string>;
}

export async function queryCustomerNames(em: EntityManager, customerId: number): Promise<CustomerNames> {
  const q = <T>(sql: string) => em.query(sql, [customerId]) as Promise<T[]>;
  const [customer, campaigns, bookings, creatives, channels, sites] = await Promise.all([
    q<{ country_code: string }>('SELECT country_code FROM customer WHERE id = ?'),
    q<{ id: number }>('SELECT id FROM campaign WHERE customer_id = ?'),
    q<{ id: number; cpm: string }>('SELECT id, cpm FROM booking WHERE customer_id = ?'),
    q<{ id: number; description: string; creative_format: string }>(
      'SELECT id, description, creative_format FROM creative WHERE customer_id = ?',
    ),
    // Channels of the customer's bookings (channels belong to broadcasters and adtechs, not customers).
    q<{ id: number; channel_name: string }>(
      `SELECT DISTINCT ch.id, ch.channel_name FROM channel ch JOIN booking b ON b.channel_id = ch.id
        WHERE b.customer_id = ?`,
    ),
    q<{ id: number; tag_description: string }>('SELECT id, tag_description FROM site_tag WHERE customer_id = ?'),
  ]);
  return {
    country: customer[0]?.country_code ?? 'NZ',
    campaignIds: new Set(campaigns.map((c) => Number(c.id))),
    bookingCpm: new Map(bookings.map((b) => [Number(b.id), Number(b.cpm)])),
    creatives: new Map(creatives.map((c) => [Number(c.id), { description: c.description, format: c.creative_format }])),
    channels: new Map(channels.map((c) => [Number(c.id), c.channel_name])),
    siteTags: new Map(sites.map((s) => [Number(s.id), s.tag_description])),
  };
}
