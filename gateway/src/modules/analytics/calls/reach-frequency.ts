import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { ratio } from '../metrics';
import { dashboardCall } from './call';

export const ReachFrequencyRow = z
  .object({
    Frequency: z.number().int().describe('1..9, and 10 meaning 10 or more'),
    Households: z.number(),
    Responding: z.number(),
    Response_Rate: z.number(),
  })
  .meta({
    id: 'ReachFrequencyRow',
    description:
      'docs/design.md#frequency-rows: households whose number of impressions in I(F) is Frequency (10 = 10 or more).',
  });
export type ReachFrequencyRow = z.infer<typeof ReachFrequencyRow>;

/** The share of households the answer read: 1 when exact, else the sample's rate (1/256 .. 1/4). */
export const sampleRate = z.number().describe('Share of households read: 1 when exact, else the sample rate');

export const ReachFrequencyData = z
  .object({
    Reach: z.number().describe('Distinct households with an impression in I(F)'),
    Avg_Frequency: z.number(),
    Optimal_Frequency: z.number().int(),
    Approximate: z.boolean().describe('True when Reach and the rows are estimated from a household sample (within 1%)'),
    Sample_Rate: sampleRate,
  })
  .meta({ id: 'ReachFrequencyData' });
export type ReachFrequencyData = z.infer<typeof ReachFrequencyData>;

/** Rows need this many households before their response rate sets the optimum (docs/design.md#reach-frequency-and-lift). */
export const OPTIMAL_MIN_HOUSEHOLDS = 30;

/**
 * docs/design.md#reach-frequency-and-lift: among the rows with 30 or more households (the supported rows), the smallest frequency whose
 * response rate is at least 90% of the highest supported rate; 0 when no row has 30. A row of a few households
 * is never named, however high its rate. Compared in integers, by cross-multiplying.
 */
export function optimalFrequency(rows: readonly ReachFrequencyRow[]): number {
  const supported = rows.filter((r) => r.Households >= OPTIMAL_MIN_HOUSEHOLDS);
  let best: ReachFrequencyRow | null = null;
  for (const r of supported) {
    if (!best || r.Responding * best.Households > best.Responding * r.Households) best = r;
  }
  if (!best) return 0;
  const top = best;
  const hit = supported
    .sort((a, b) => a.Frequency - b.Frequency)
    .find((r) => 10 * r.Responding * top.Households >= 9 * top.Responding * r.Households);
  return hit?.Frequency ?? 0;
}

/**
 * docs/design.md#reach-frequency-and-lift: reach, average frequency, the households per frequency and their response rates;
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

export const reachFrequencyCall = dashboardCall({
  name: 'reach_frequency',
  description: 'docs/design.md#reach-frequency-and-lift: reach, average and optimal frequency, frequency rows.',
  table_data: z.array(ReachFrequencyRow),
  summary_data: ReachFrequencyData,
  compute: reachFrequency,
});
