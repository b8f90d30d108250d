import type { EntityManager } from 'typeorm';

/** Names the dashboard rows show, for one customer: fetched once, joined through Maps. */
export interface CustomerNames {
  country: string;
  creatives: Map<number, { description: string; format: string }>;
  channels: Map<number, string>;
  siteTags: Map<number, string>;
}

export async function queryCustomerNames(em: EntityManager, customerId: number): Promise<CustomerNames> {
  const [customer, creatives, channels, sites] = await Promise.all([
    em.query('SELECT country_code FROM customer WHERE id = ?', [customerId]) as Promise<{ country_code: string }[]>,
    em.query('SELECT id, description, creative_format FROM creative WHERE customer_id = ?', [customerId]) as Promise<
      { id: number; description: string; creative_format: string }[]
    >,
    // Channels of the customer's bookings (channels belong to broadcasters and adtechs, not customers).
    em.query(
      `SELECT DISTINCT ch.id, ch.channel_name FROM channel ch JOIN booking b ON b.channel_id = ch.id
        WHERE b.customer_id = ?`,
      [customerId],
    ) as Promise<{ id: number; channel_name: string }[]>,
    em.query('SELECT id, tag_description FROM site_tag WHERE customer_id = ?', [customerId]) as Promise<
      { id: number; tag_description: string }[]
    >,
  ]);
  return {
    country: customer[0]?.country_code ?? 'NZ',
    creatives: new Map(creatives.map((c) => [Number(c.id), { description: c.description, format: c.creative_format }])),
    channels: new Map(channels.map((c) => [Number(c.id), c.channel_name])),
    siteTags: new Map(sites.map((s) => [Number(s.id), s.tag_description])),
  };
}
