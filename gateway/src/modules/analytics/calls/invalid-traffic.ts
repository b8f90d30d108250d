import { z } from 'zod';
import { INVALID_REASON_LABELS, INVALID_REASONS } from '../../../shared/invalid-traffic';
import type { DashboardData } from '../dashboard-data';
import { ratio } from '../metrics';
import { dashboardCall } from './call';

export const InvalidTrafficRow = z
  .object({
    Reason: z
      .string()
      .describe('Reason code (docs/invalid-traffic.md): gpc, opt_out, bot, prefetch, datacenter, repeat, nat'),
    Label: z.string().describe('What the reason means, for people'),
    Invalid_Impressions: z.number().int(),
    Invalid_Visits: z.number().int().describe('Site hits filtered for this reason'),
    Invalid_Spend: z.number().describe('What the filtered impressions would have cost at their booking cpm'),
  })
  .meta({ id: 'InvalidTrafficRow' });
export type InvalidTrafficRow = z.infer<typeof InvalidTrafficRow>;

export const InvalidTrafficData = z
  .object({
    Invalid_Impressions: z.number().int(),
    Invalid_Visits: z.number().int(),
    Invalid_Spend: z.number(),
    Counted_Impressions: z
      .number()
      .int()
      .describe('Impressions counted for the filter without its region, weekday and time slot'),
    Filtered_Share: z.number().describe('Invalid_Impressions / (Invalid_Impressions + Counted_Impressions), 0 to 1'),
  })
  .meta({ id: 'InvalidTrafficData' });
export type InvalidTrafficData = z.infer<typeof InvalidTrafficData>;

/**
 * docs/invalid-traffic.md#the-report: the filter's filtered hits per reason (every reason, in the order they are
 * tried, zeros included), their would-be spend, and the share of impressions filtered.
 */
export async function invalidTraffic(data: DashboardData) {
  const [counts, counted, names] = await Promise.all([
    data.invalidTraffic(),
    data.countedBesideInvalid(),
    data.names(),
  ]);
  const table_data: InvalidTrafficRow[] = INVALID_REASONS.map((reason) => {
    const mine = counts.filter((c) => c.reason === reason);
    const imps = mine.filter((c) => c.kind === 'i');
    return {
      Reason: reason,
      Label: INVALID_REASON_LABELS[reason],
      Invalid_Impressions: imps.reduce((a, c) => a + c.hits, 0),
      Invalid_Visits: mine.filter((c) => c.kind === 'v').reduce((a, c) => a + c.hits, 0),
      Invalid_Spend: imps.reduce((a, c) => a + (c.hits * (names.bookingCpm.get(c.bookingId ?? 0) ?? 0)) / 1000, 0),
    };
  });
  const invalid = table_data.reduce((a, r) => a + r.Invalid_Impressions, 0);
  const summary_data: InvalidTrafficData = {
    Invalid_Impressions: invalid,
    Invalid_Visits: table_data.reduce((a, r) => a + r.Invalid_Visits, 0),
    Invalid_Spend: table_data.reduce((a, r) => a + r.Invalid_Spend, 0),
    Counted_Impressions: counted,
    Filtered_Share: ratio(invalid, invalid + counted),
  };
  return { table_data, summary_data };
}

export const invalidTrafficCall = dashboardCall({
  name: 'invalid_traffic',
  description:
    'Invalid traffic filtered before counting (bots, prefetches, data-centre addresses, opt-outs, GPC...): hits per reason, the spend they would have cost, and the share of impressions filtered.',
  table_data: z.array(InvalidTrafficRow),
  summary_data: InvalidTrafficData,
  compute: invalidTraffic,
});
