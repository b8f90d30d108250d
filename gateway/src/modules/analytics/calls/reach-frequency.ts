import type { DashboardData } from '../dashboard-data';
import { ratio } from '../metrics';

export interface ReachFrequencyRow {
  /** 1..9, and 10 meaning "10 or more". */
  Frequency: number;
  Households: number;
  Responding: number;
  Response_Rate: number;
}

export interface ReachFrequencyData {
  Reach: number;
  Avg_Frequency: number;
  Optimal_Frequency: number;
  /** True when Reach and the rows are estimated from a household sample (within 1% of the exact reach). */
  Approximate: boolean;
  /** The share of households the answer read: 1 when exact, else the sample's rate (1/256 .. 1/4). */
  Sample_Rate: number;
}

/** Rows need this many households before their response rate sets the optimum (DESIGN 4b). */
export const OPTIMAL_MIN_HOUSEHOLDS = 30;

/**
 * DESIGN 4b: the smallest frequency whose response rate is at least 90% of the highest rate among
 * rows with 30 or more households; 0 when no row has 30. Compared in integers, by cross-multiplying.
 */
export function optimalFrequency(rows: readonly ReachFrequencyRow[]): number {
  let best: ReachFrequencyRow | null = null;
  for (const r of rows) {
    if (r.Households < OPTIMAL_MIN_HOUSEHOLDS) continue;
    if (!best || r.Responding * best.Households > best.Responding * r.Households) best = r;
  }
  if (!best) return 0;
  const top = best;
  const hit = [...rows]
    .sort((a, b) => a.Frequency - b.Frequency)
    .find((r) => 10 * r.Responding * top.Households >= 9 * top.Responding * r.Households);
  return hit?.Frequency ?? 0;
}

/**
 * DESIGN 4b: reach, average frequency, the households per frequency and their response rates;
 * estimated (Approximate, Sample_Rate) when I(F) is large (DashboardData.reach).
 */
export async function reachFrequency(data: DashboardData) {
  const counts = await data.reach();
  const table_data: ReachFrequencyRow[] = counts.rows
    .filter((c) => c.households > 0)
    .sort((a, b) => a.frequency - b.frequency)
    .map((c) => ({
      Frequency: c.frequency,
      Households: c.households,
      Responding: c.responding,
      Response_Rate: ratio(c.responding, c.households),
    }));
  // |I(F)| from the impression part alone (totals() would also read the responses, not needed here).
  const impressions = (await data.impressions()).byCell.reduce((a, r) => a + r.impressions, 0);
  const summary_data: ReachFrequencyData = {
    Reach: counts.reach,
    Avg_Frequency: ratio(impressions, counts.reach),
    Optimal_Frequency: optimalFrequency(table_data),
    Approximate: counts.sampleRate < 1,
    Sample_Rate: counts.sampleRate,
  };
  return { table_data, summary_data };
}
