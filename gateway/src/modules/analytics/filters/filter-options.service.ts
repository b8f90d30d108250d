import { REGIONS_BY_COUNTRY, UNKNOWN } from '../../../geo/regions';
import type { AppContext } from '../../../shared/app-context';
import type { Actor } from '@infinitum/rules';
import { assertCustomerVisible } from '../../access/customer-scope';
import type { DashboardFilterOptions, FilterOption } from '../dashboard.types';
import { parseClientId } from './filter';

const ALL = { id: 0, display_name: 'All' };

/** The dashboard's filter lists for one client (spec 7: GET /dashboard/filters/{clientId}). */
export async function dashboardFilterOptions(
  app: AppContext,
  actor: Actor,
  clientId: unknown,
): Promise<DashboardFilterOptions> {
  const customerId = parseClientId(clientId);
  const em = app.ds.manager;
  await assertCustomerVisible(em, actor, customerId);
  const q = <T>(sql: string) => em.query(sql, [customerId]) as Promise<T[]>;
  const [customer, creatives, campaigns, bookings, channels, sites, seenRegions] = await Promise.all([
    q<{ country_code: string }>('SELECT country_code FROM customer WHERE id = ?'),
    q<{ id: number; name: string }>(
      'SELECT id, description AS name FROM creative WHERE customer_id = ? ORDER BY description, id',
    ),
    q<{ id: number; name: string }>(
      'SELECT id, campaign_name AS name FROM campaign WHERE customer_id = ? ORDER BY campaign_name, id',
    ),
    q<{ id: number; name: string; campaign_id: number }>(
      'SELECT id, booking_name AS name, campaign_id FROM booking WHERE customer_id = ? ORDER BY booking_name, id',
    ),
    q<{ id: number; name: string }>(
      `SELECT DISTINCT ch.id, ch.channel_name AS name FROM channel ch JOIN booking b ON b.channel_id = ch.id
        WHERE b.customer_id = ? ORDER BY ch.channel_name, ch.id`,
    ),
    q<{ id: number; name: string }>(
      'SELECT id, tag_description AS name FROM site_tag WHERE customer_id = ? ORDER BY tag_description, id',
    ),
    q<{ region: string }>(`SELECT DISTINCT region FROM impression_rollup WHERE customer_id = ? AND region = 'UNK'`),
  ]);
  const option = (r: { id: number; name: string }): FilterOption => ({ id: Number(r.id), display_name: r.name });
  const countryRegions = REGIONS_BY_COUNTRY[customer[0]?.country_code ?? 'NZ'] ?? [];
  const regions = [...countryRegions, ...(seenRegions.length > 0 ? [UNKNOWN] : [])].map((r) => ({
    id: r.code,
    display_name: r.name,
  }));
  return {
    regions: [ALL, ...regions],
    creatives: [ALL, ...creatives.map(option)],
    campaigns: [ALL, ...campaigns.map(option)],
    bookings: [
      { ...ALL, campaign_id: 0 },
      ...bookings.map((b) => ({ ...option(b), campaign_id: Number(b.campaign_id) })),
    ],
    channels: [ALL, ...channels.map(option)],
    sites: [ALL, ...sites.map(option)],
  };
}
