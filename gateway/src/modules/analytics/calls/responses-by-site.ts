import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { byNumberDesc, ratio } from '../metrics';
import { dashboardCall, noSummary } from './call';

export const ResponsesBySiteRow = z
  .object({ Site: z.string(), Responses: z.number(), Response_Rate_Percent: z.number(), CPR: z.number() })
  .meta({ id: 'ResponsesBySiteRow' });
export type ResponsesBySiteRow = z.infer<typeof ResponsesBySiteRow>;

/** docs/design.md#visits-and-attribution: per site tag hit by a response, the responses whose visit hit it; rate and cost per response. */
export async function responsesBySite(data: DashboardData) {
  const [sites, totals, names] = await Promise.all([data.responseSites(), data.totals(), data.names()]);
  const table_data: ResponsesBySiteRow[] = sites
    .map((s) => ({
      Site: names.siteTags.get(s.siteTagId) ?? `Site tag ${s.siteTagId}`,
      Responses: s.responses,
      Response_Rate_Percent: ratio(s.responses, totals.impressions),
      CPR: ratio(totals.spend, s.responses),
    }))
    .sort(
      byNumberDesc(
        (r) => r.Responses,
        (r) => r.Site,
      ),
    );
  return { table_data, summary_data: {} };
}

export const responsesBySiteCall = dashboardCall({
  name: 'responses_by_site',
  description: 'Per site tag: the responses whose visit hit it, their rate per impression and the cost per response.',
  table_data: z.array(ResponsesBySiteRow),
  summary_data: noSummary,
  compute: responsesBySite,
  compare: {
    rows: { key: (r) => r.Site, figures: { Responses: 'up', Response_Rate_Percent: 'up', CPR: 'down' } },
  },
});
