import { createConnection, type Connection } from 'mysql2/promise';
import { randomBytes } from 'node:crypto';

/** The benchmark world of docs/design.md#performance-targets: one busy customer and 20 small ones, inserted straight into MySQL. */
export interface BenchCustomer {
  id: number;
  name: string;
  /** Impression tag keys with their booking and creative. */
  tags: { key: string; bookingId: number; creativeId: number }[];
  siteTags: { id: number; key: string }[];
  creativeIds: number[];
}

const key = () => randomBytes(12).toString('base64url');

async function insert(db: Connection, sql: string, params: unknown[]): Promise<number> {
  const [r] = await db.query(sql, params);
  return Number((r as { insertId: number }).insertId);
}

export async function createBenchCustomer(
  db: Connection,
  name: string,
  shape: { campaigns: number; channels: number; creatives: number; bookings: number; siteTags: number },
): Promise<BenchCustomer> {
  const id = await insert(db, 'INSERT INTO customer (cust_name, country_code, time_zone) VALUES (?, ?, ?)', [
    name,
    'NZ',
    'Pacific/Auckland',
  ]);
  const broadcaster = await insert(db, 'INSERT INTO broadcaster (broadcaster_name, country_code) VALUES (?, ?)', [
    `${name} TV`,
    'NZ',
  ]);
  const campaigns: number[] = [];
  for (let i = 0; i < shape.campaigns; i++) {
    campaigns.push(
      await insert(db, 'INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, ?, ?, ?)', [
        id,
        `${name} Campaign ${i + 1}`,
        '2024-01-01',
        '2030-12-31',
      ]),
    );
  }
  const channels: number[] = [];
  for (let i = 0; i < shape.channels; i++) {
    channels.push(
      await insert(db, "INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, 'broadcaster', ?)", [
        `${name} Channel ${i + 1}`,
        broadcaster,
      ]),
    );
  }
  const creativeIds: number[] = [];
  for (let i = 0; i < shape.creatives; i++) {
    creativeIds.push(
      await insert(db, 'INSERT INTO creative (customer_id, description, creative_format) VALUES (?, ?, ?)', [
        id,
        `${name} Creative ${i + 1}`,
        `${15 * ((i % 4) + 1)}s`,
      ]),
    );
  }
  const tags: BenchCustomer['tags'] = [];
  for (let b = 0; b < shape.bookings; b++) {
    const bookingId = await insert(
      db,
      `INSERT INTO booking (customer_id, campaign_id, channel_id, booking_name, cpm, start_date, end_date)
       VALUES (?, ?, ?, ?, ?, '2024-01-01', '2030-12-31')`,
      [id, campaigns[b % campaigns.length], channels[b % channels.length], `${name} Booking ${b + 1}`, 8 + b * 3.5],
    );
    for (const creativeId of creativeIds) {
      await db.query('INSERT INTO booking_creative (booking_id, creative_id) VALUES (?, ?)', [bookingId, creativeId]);
      const k = key();
      await insert(
        db,
        'INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key) VALUES (?, ?, ?, ?)',
        [id, bookingId, creativeId, k],
      );
      tags.push({ key: k, bookingId, creativeId });
    }
  }
  const siteTags: BenchCustomer['siteTags'] = [];
  for (let s = 0; s < shape.siteTags; s++) {
    const k = key();
    siteTags.push({
      id: await insert(
        db,
        'INSERT INTO site_tag (customer_id, tag_description, tag_key, main_site_tag) VALUES (?, ?, ?, ?)',
        [id, `${name} Page ${s + 1}`, k, s === 0 ? 1 : 0],
      ),
      key: k,
    });
  }
  return { id, name, tags, siteTags, creativeIds };
}

export const connect = (url: string) => createConnection({ uri: url, dateStrings: true, timezone: 'Z' });
