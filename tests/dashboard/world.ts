import { randomBytes } from 'node:crypto';
import type { TestGateway } from '../support/gateway';

/** A small advertiser world inserted straight into the test database (management APIs are not under test here). */
export interface World {
  broadcasterId: number;
  agencyId: number;
  adtechId: number;
  customers: WorldCustomer[];
}

export interface WorldCustomer {
  id: number;
  name: string;
  timeZone: string;
  campaigns: { id: number; name: string }[];
  channels: { id: number; name: string }[];
  creatives: { id: number; description: string; format: string }[];
  bookings: {
    id: number;
    name: string;
    campaignId: number;
    channelId: number;
    cpm: number;
    start: string;
    end: string;
    creativeIds: number[];
  }[];
  /** Impression tag key per `${bookingId}:${creativeId}`. */
  impressionTags: Map<string, { id: number; key: string; bookingId: number; creativeId: number }>;
  siteTags: { id: number; key: string; description: string; pingCount: number }[];
}

const key = () => randomBytes(12).toString('base64url');

async function insert(t: TestGateway, sql: string, params: unknown[]): Promise<number> {
  const r: { insertId: number } = await t.gateway.app.ds.query(sql, params);
  return Number(r.insertId);
}

export interface CustomerPlan {
  name: string;
  displayName?: string | null;
  country?: string;
  timeZone?: string;
  campaigns?: number;
  creatives?: number;
  bookings?: { campaign: number; channel: number; cpm: number; start: string; end: string; createdBy?: number }[];
  siteTags?: number;
}

/**
 * The customer the reference suites generate events for: two campaigns, three creatives, three site
 * tags and three bookings of different prices and flights around September-October 2026.
 */
export const referencePlan = (name: string): CustomerPlan => ({
  name,
  campaigns: 2,
  creatives: 3,
  siteTags: 3,
  bookings: [
    { campaign: 0, channel: 0, cpm: 12.5, start: '2026-09-01', end: '2026-10-31' },
    { campaign: 1, channel: 1, cpm: 30, start: '2026-09-15', end: '2026-10-15' },
    { campaign: 0, channel: 1, cpm: 7.25, start: '2026-09-01', end: '2026-09-30' },
  ],
});

export async function makeBroadcasterWorld(
  t: TestGateway,
): Promise<Pick<World, 'broadcasterId' | 'agencyId' | 'adtechId'>> {
  const broadcasterId = await insert(t, 'INSERT INTO broadcaster (broadcaster_name, country_code) VALUES (?, ?)', [
    'Kiwi TV',
    'NZ',
  ]);
  const agencyId = await insert(t, 'INSERT INTO agency (agency_name, country_code) VALUES (?, ?)', [
    'Media Agency',
    'NZ',
  ]);
  const adtechId = await insert(t, 'INSERT INTO adtech (adtech_name, country_code) VALUES (?, ?)', [
    'Ad Tech Co',
    'NZ',
  ]);
  return { broadcasterId, agencyId, adtechId };
}

/** One customer with campaigns, channels (of the broadcaster), creatives, bookings, tags. */
export async function makeCustomer(t: TestGateway, broadcasterId: number, plan: CustomerPlan): Promise<WorldCustomer> {
  const timeZone = plan.timeZone ?? 'Pacific/Auckland';
  const id = await insert(
    t,
    'INSERT INTO customer (cust_name, display_name, country_code, time_zone) VALUES (?, ?, ?, ?)',
    [plan.name, plan.displayName ?? null, plan.country ?? 'NZ', timeZone],
  );
  const c: WorldCustomer = {
    id,
    name: plan.displayName || plan.name,
    timeZone,
    campaigns: [],
    channels: [],
    creatives: [],
    bookings: [],
    impressionTags: new Map(),
    siteTags: [],
  };
  for (let i = 0; i < (plan.campaigns ?? 2); i++) {
    const name = `${plan.name} Campaign ${i + 1}`;
    c.campaigns.push({
      id: await insert(
        t,
        'INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, ?, ?, ?)',
        [id, name, '2026-01-01', '2026-12-31'],
      ),
      name,
    });
  }
  for (let i = 0; i < 2; i++) {
    const name = `${plan.name} Channel ${i + 1}`;
    c.channels.push({
      id: await insert(t, 'INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, ?, ?)', [
        name,
        'broadcaster',
        broadcasterId,
      ]),
      name,
    });
  }
  for (let i = 0; i < (plan.creatives ?? 3); i++) {
    const description = `${plan.name} Creative ${String.fromCharCode(65 + i)}`;
    const format = `${15 * (i + 1)}s`;
    c.creatives.push({
      id: await insert(
        t,
        'INSERT INTO creative (customer_id, description, creative_type, creative_format) VALUES (?, ?, 1, ?)',
        [id, description, format],
      ),
      description,
      format,
    });
  }
  let n = 0;
  for (const b of plan.bookings ?? []) {
    n++;
    const name = `${plan.name} Booking ${n}`;
    const bookingId = await insert(
      t,
      `INSERT INTO booking (customer_id, campaign_id, channel_id, booking_name, booking_type, cpm, start_date, end_date, created_by)
       VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)`,
      [id, c.campaigns[b.campaign].id, c.channels[b.channel].id, name, b.cpm, b.start, b.end, b.createdBy ?? null],
    );
    const creativeIds = c.creatives.map((cr) => cr.id);
    for (const creativeId of creativeIds) {
      await t.gateway.app.ds.query('INSERT INTO booking_creative (booking_id, creative_id) VALUES (?, ?)', [
        bookingId,
        creativeId,
      ]);
      const k = key();
      const tagId = await insert(
        t,
        'INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key) VALUES (?, ?, ?, ?)',
        [id, bookingId, creativeId, k],
      );
      c.impressionTags.set(`${bookingId}:${creativeId}`, { id: tagId, key: k, bookingId, creativeId });
    }
    c.bookings.push({
      id: bookingId,
      name,
      campaignId: c.campaigns[b.campaign].id,
      channelId: c.channels[b.channel].id,
      cpm: b.cpm,
      start: b.start,
      end: b.end,
      creativeIds,
    });
  }
  for (let i = 0; i < (plan.siteTags ?? 2); i++) {
    const description = `${plan.name} Page ${i + 1}`;
    const k = key();
    const pingCount = 10 * (i + 1);
    c.siteTags.push({
      id: await insert(
        t,
        'INSERT INTO site_tag (customer_id, tag_description, tag_key, main_site_tag, ping_count) VALUES (?, ?, ?, ?, ?)',
        [id, description, k, i === 0 ? 1 : 0, pingCount],
      ),
      key: k,
      description,
      pingCount,
    });
  }
  return c;
}

/** Relates a customer to a broadcaster, agency or adtech (what the relationship screens would store). */
export async function relate(
  t: TestGateway,
  customerId: number,
  other: { broadcaster_id?: number; agency_id?: number; adtech_id?: number },
): Promise<void> {
  await insert(t, 'INSERT INTO relationship (customer_id, broadcaster_id, agency_id, adtech_id) VALUES (?, ?, ?, ?)', [
    customerId,
    other.broadcaster_id ?? null,
    other.agency_id ?? null,
    other.adtech_id ?? null,
  ]);
}
