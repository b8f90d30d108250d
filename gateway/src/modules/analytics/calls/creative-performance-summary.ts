import type { DashboardData } from '../dashboard-data';
import { byNumberDesc, ratio } from '../metrics';
import { creativeFigures } from './creative-figures';

export interface CreativePerformanceSummaryRow {
  Creative: string;
  Duration: string;
  Total_Impressions: number;
  Ad_Spend: number;
  Total_Responses: number;
  Response_Rate_Percent: number;
  Current_CPR: number;
}

/** DESIGN 4: per creative, sorted by credited responses (highest first). */
export async function creativePerformanceSummary(data: DashboardData) {
  const table_data: CreativePerformanceSummaryRow[] = (await creativeFigures(data))
    .map((c) => ({
      Creative: c.creative,
      Duration: c.duration,
      Total_Impressions: c.impressions,
      Ad_Spend: c.spend,
      Total_Responses: c.responses,
      Response_Rate_Percent: ratio(c.responses, c.impressions),
      Current_CPR: ratio(c.spend, c.responses),
    }))
    .sort(
      byNumberDesc(
        (r) => r.Total_Responses,
        (r) => r.Creative,
      ),
    );
  return { table_data, summary_data: {} };
}
