import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { byNumberDesc, ratio } from '../metrics';
import { dashboardCall, noSummary } from './call';

export const PlatformCreativePerformanceRow = z
  .object({ Platform: z.string(), Creative: z.string(), Impressions_Perc: z.number(), Responses_Perc: z.number() })
  .meta({ id: 'PlatformCreativePerformanceRow' });
export type PlatformCreativePerformanceRow = z.infer<typeof PlatformCreativePerformanceRow>;

/** docs/design.md#visits-and-attribution: channel x creative shares of |I(F)| and of all responses (last-touch credit). */
export async function platformCreativePerformance(data: DashboardData) {
  const [cc, responses, names, totals] = await Promise.all([
    data.impressions(),
    data.responses(),
    data.names(),
    data.totals(),
  ]);
  const cells = new Map<string, { channelId: number; creativeId: number; impressions: number; responses: number }>();
  const cell = (channelId: number, creativeId: number) => {
    const key = `${channelId}:${creativeId}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { channelId, creativeId, impressions: 0, responses: 0 }));
    return c;
  };
  for (const r of cc.byCell) cell(r.channelId, r.creativeId).impressions += r.impressions;
  for (const r of responses.byTouch) cell(r.channelId, r.creativeId).responses += r.responses;
  const table_data: PlatformCreativePerformanceRow[] = [...cells.values()]
    .map((c) => ({
      Platform: names.channels.get(c.channelId) ?? `Channel ${c.channelId}`,
      Creative: names.creatives.get(c.creativeId)?.description ?? `Creative ${c.creativeId}`,
      Impressions_Perc: ratio(c.impressions, totals.impressions),
      Responses_Perc: ratio(c.responses, totals.responses),
    }))
    .sort(
      byNumberDesc(
        (r) => r.Responses_Perc,
        (r) => `${r.Platform}\u0000${r.Creative}`,
      ),
    );
  return { table_data, summary_data: {} };
}

export const platformCreativePerformanceCall = dashboardCall({
  name: 'platform_creative_performance',
  description: 'Per channel and creative: its share of the impressions and of the responses.',
  table_data: z.array(PlatformCreativePerformanceRow),
  summary_data: noSummary,
  compute: platformCreativePerformance,
});
