import type { DashboardData } from '../dashboard-data';
import { byNumberDesc, ratio } from '../metrics';
import { creativeFigures } from './creative-figures';

export interface CreativePerformanceCostRow {
  Creative: string;
  Ad_Spend: number;
  Total_Responses: number;
  Current_CPR: number;
}

/** DESIGN 4: spend and cost per credited response per creative, sorted by spend (highest first). */
export async function creativePerformanceCost(data: DashboardData) {
  const table_data: CreativePerformanceCostRow[] = (await creativeFigures(data))
    .map((c) => ({
      Creative: c.creative,
      Ad_Spend: c.spend,
      Total_Responses: c.responses,
      Current_CPR: ratio(c.spend, c.responses),
    }))
    .sort(
      byNumberDesc(
        (r) => r.Ad_Spend,
        (r) => r.Creative,
      ),
    );
  return { table_data, summary_data: {} };
}
