import type { DashboardData } from '../dashboard-data';
import { byNumberDesc, ratio } from '../metrics';

export interface ResponsesBySiteRow {
  Site: string;
  Responses: number;
  Response_Rate_Percent: number;
  CPR: number;
}

/** DESIGN 4: per site tag hit by a response, the responses whose visit hit it; rate and cost per response. */
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
