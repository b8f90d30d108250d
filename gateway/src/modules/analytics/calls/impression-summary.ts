import type { DashboardData } from '../dashboard-data';
import { ratio } from '../metrics';

export interface ImpressionSummaryData {
  Ad_Spend: number;
  Actual_Impressions: number;
  Total_Responses: number;
  CPM_Actual: number;
  Response_Rate: number;
  Current_CPR: number;
}

/** DESIGN 4: the six headline figures. */
export async function impressionSummary(data: DashboardData) {
  const t = await data.totals();
  const summary_data: ImpressionSummaryData = {
    Ad_Spend: t.spend,
    Actual_Impressions: t.impressions,
    Total_Responses: t.responses,
    CPM_Actual: ratio(t.spend, t.impressions) * 1000,
    Response_Rate: ratio(t.responses, t.impressions),
    Current_CPR: ratio(t.spend, t.responses),
  };
  return { table_data: [] as never[], summary_data };
}
