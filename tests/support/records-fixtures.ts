import { randomBytes } from 'node:crypto';
import type { OrgEntityType } from '@infinitum/rules';
import { makeUser } from './actors';
import type { TestGateway } from './gateway';

/**
 * A world of two tenants for the campaign record suites, built with plain SQL inserts: each tenant has a
 * customer, a broadcaster, an adtech and an agency related to it, their channels, an admin and a user of
 * every entity type, and one record of each kind (campaign, booking, creative, impression tag, site tag).
 */
export type Kind = 'customer' | 'agency' | 'broadcaster' | 'adtech';
export const KINDS: Kind[] = ['customer', 'agency', 'broadcaster', 'adtech'];

export interface Session {
  token: string;
  userId: number;
}

export interface Tenant {
  customerId: number;
  broadcasterId: number;
  adtechId: number;
  agencyId: number;
  broadcasterChannelId: number;
  adtechChannelId: number;
  users: Record<Kind, { admin: Session; user: Session }>;
  campaignId: number;
  bookingId: number;
  creativeId: number;
  impressionTagId: number;
  siteTagId: number;
  siteTagKey: string;
}

export interface RecordsWorld {
  a: Tenant;
  b: Tenant;
  superAdmin: Session;
}

const ENTITY: Record<Kind, OrgEntityType> = {
  customer: 'CUSTOMER',
  agency: 'AGENCY',
  broadcaster: 'BROADCASTER',
  adtech: 'ADTECH',
};

export async function insert(t: TestGateway, sql: string, params: unknown[]): Promise<number> {
  const res: { insertId: number } = await t.gateway.app.ds.query(sql, params);
  return Number(res.insertId);
}

export const isoDay = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function tenant(t: TestGateway, name: string, adtechRequires: boolean): Promise<Tenant> {
  const customerId = await insert(
    t,
    "INSERT INTO customer (cust_name, country_code, time_zone) VALUES (?, 'NZ', 'Pacific/Auckland')",
    [`${name} Customer`],
  );
  const broadcasterId = await insert(t, "INSERT INTO broadcaster (broadcaster_name, country_code) VALUES (?, 'NZ')", [
    `${name} TV`,
  ]);
  const adtechId = await insert(
    t,
    "INSERT INTO adtech (adtech_name, country_code, requires_job_number, requires_charged_cpm) VALUES (?, 'NZ', ?, ?)",
    [`${name} Ads`, adtechRequires ? 1 : 0, adtechRequires ? 1 : 0],
  );
  const agencyId = await insert(t, 'INSERT INTO agency (agency_name) VALUES (?)', [`${name} Agency`]);
  for (const [column, id] of [
    ['broadcaster_id', broadcasterId],
    ['adtech_id', adtechId],
    ['agency_id', agencyId],
  ] as const) {
    await insert(t, `INSERT INTO relationship (customer_id, ${column}) VALUES (?, ?)`, [customerId, id]);
  }
  const broadcasterChannelId = await insert(
    t,
    "INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, 'broadcaster', ?)",
    [`${name} One`, broadcasterId],
  );
  const adtechChannelId = await insert(
    t,
    "INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, 'adtech', ?)",
    [`${name} Stream`, adtechId],
  );
  const entityIds: Record<Kind, number> = {
    customer: customerId,
    agency: agencyId,
    broadcaster: broadcasterId,
    adtech: adtechId,
  };
  const users = {} as Tenant['users'];
  for (const kind of KINDS) {
    const session = async (admin: boolean): Promise<Session> => {
      const u = await makeUser(t, {
        entityType: ENTITY[kind],
        entityId: entityIds[kind],
        admin,
        name: `${name} ${kind}`,
      });
      return { token: u.token, userId: u.actor.userId };
    };
    users[kind] = { admin: await session(true), user: await session(false) };
  }
  const creator = users.customer.admin.userId;
  const campaignId = await insert(
    t,
    'INSERT INTO campaign (customer_id, campaign_name, start_date, end_date, created_by) VALUES (?, ?, ?, ?, ?)',
    [customerId, `${name} Spring`, isoDay(-10), isoDay(10), creator],
  );
  const bookingId = await insert(
    t,
    `INSERT INTO booking (customer_id, campaign_id, channel_id, booking_name, booking_type, cpm, start_date, end_date, created_by)
     VALUES (?, ?, ?, ?, 1, 12.5, ?, ?, ?)`,
    [customerId, campaignId, broadcasterChannelId, `${name} Prime`, isoDay(-10), isoDay(10), creator],
  );
  const creativeId = await insert(
    t,
    'INSERT INTO creative (customer_id, description, creative_type, creative_format, created_by) VALUES (?, ?, 1, ?, ?)',
    [customerId, `${name} Hero 30`, '30s', creator],
  );
  const impressionTagId = await insert(
    t,
    'INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key, created_by) VALUES (?, ?, ?, ?, ?)',
    [customerId, bookingId, creativeId, randomBytes(12).toString('base64url'), creator],
  );
  await insert(t, 'INSERT INTO booking_creative (booking_id, creative_id) VALUES (?, ?)', [bookingId, creativeId]);
  const siteTagKey = randomBytes(12).toString('base64url');
  const siteTagId = await insert(
    t,
    'INSERT INTO site_tag (customer_id, tag_description, tag_key, main_site_tag, created_by) VALUES (?, ?, ?, 1, ?)',
    [customerId, `${name} Home`, siteTagKey, creator],
  );
  return {
    customerId,
    broadcasterId,
    adtechId,
    agencyId,
    broadcasterChannelId,
    adtechChannelId,
    users,
    campaignId,
    bookingId,
    creativeId,
    impressionTagId,
    siteTagId,
    siteTagKey,
  };
}

/** Tenant a's adtech requires job number and charged CPM; tenant b's adtech requires neither. */
export async function buildRecordsWorld(t: TestGateway): Promise<RecordsWorld> {
  const a = await tenant(t, 'Alpha', true);
  const b = await tenant(t, 'Bravo', false);
  const sa = await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true, name: 'Root' });
  return { a, b, superAdmin: { token: sa.token, userId: sa.actor.userId } };
}

/** Every signed-in role of a tenant, for the tenant matrix. */
export const sessionsOf = (tn: Tenant): [string, Session][] =>
  KINDS.flatMap((k) => [
    [`${k} admin`, tn.users[k].admin] as [string, Session],
    [`${k} user`, tn.users[k].user] as [string, Session],
  ]);
