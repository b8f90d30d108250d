import type { EntityManager } from 'typeorm';
import { isRegionOf } from '../../geo/regions';
import { DomainError } from '../../shared/errors';
import type { DashboardFilter } from './filter';

/** Ids a customer owns, per filter field (channels: those of its bookings). */
export async function customerFilterIds(em: EntityManager, customerId: number) {
  const ids = async (sql: string) =>
    new Set(((await em.query(sql, [customerId])) as { id: number }[]).map((r) => Number(r.id)));
  const [campaign, booking, creative, channel, sites, customer] = await Promise.all([
    ids('SELECT id FROM campaign WHERE customer_id = ?'),
    ids('SELECT id FROM booking WHERE customer_id = ?'),
    ids('SELECT id FROM creative WHERE customer_id = ?'),
    ids('SELECT DISTINCT channel_id AS id FROM booking WHERE customer_id = ?'),
    ids('SELECT id FROM site_tag WHERE customer_id = ?'),
    em.query('SELECT country_code FROM customer WHERE id = ?', [customerId]) as Promise<{ country_code: string }[]>,
  ]);
  return { campaign, booking, creative, channel, sites, country: customer[0]?.country_code ?? 'NZ' };
}

/** 400 naming the field when a filter holds an id that is not the customer's (or an unknown region). */
export async function assertFilterOwned(em: EntityManager, f: DashboardFilter): Promise<void> {
  const owned = await customerFilterIds(em, f.customerId);
  const fields: Record<string, string> = {};
  const check = (field: 'campaign' | 'booking' | 'creative' | 'channel' | 'sites', values: number[]) => {
    if (values.some((v) => !owned[field].has(v))) fields[field] = `${field} holds an id that is not this client's`;
  };
  check('campaign', f.campaigns);
  check('booking', f.bookings);
  check('creative', f.creatives);
  check('channel', f.channels);
  check('sites', f.sites);
  if (f.regions.some((r) => !isRegionOf(owned.country, r))) fields.region = 'region holds an unknown region code';
  const failed = Object.keys(fields);
  if (failed.length > 0) throw new DomainError('VALIDATION', fields[failed[0]], fields);
}
