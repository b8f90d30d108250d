import { isRegionOf } from '../../../geo/regions';
import { DomainError } from '../../../shared/errors';
import type { DashboardFilter } from './filter';
import type { CustomerNames } from '../queries/customer-names';

/** 400 naming the field when a filter holds an id that is not the customer's (or an unknown region). */
export function assertFilterOwned(f: DashboardFilter, owned: CustomerNames): void {
  const sets: Record<'campaign' | 'booking' | 'creative' | 'channel' | 'sites', { has(id: number): boolean }> = {
    campaign: owned.campaignIds,
    booking: owned.bookingCpm,
    creative: owned.creatives,
    channel: owned.channels,
    sites: owned.siteTags,
  };
  const values = {
    campaign: f.campaigns,
    booking: f.bookings,
    creative: f.creatives,
    channel: f.channels,
    sites: f.sites,
  };
  const fields: Record<string, string> = {};
  for (const field of Object.keys(sets) as (keyof typeof sets)[]) {
    if (values[field].some((v) => !sets[field].has(v)))
      fields[field] = `${field} holds an id that is not this client's`;
  }
  if (f.regions.some((r) => !isRegionOf(owned.country, r))) fields.region = 'region holds an unknown region code';
  const failed = Object.keys(fields);
  if (failed.length > 0) throw new DomainError('VALIDATION', fields[failed[0]], fields);
}
