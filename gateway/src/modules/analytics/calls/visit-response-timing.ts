import type { DashboardData } from '../dashboard-data';
import { ratio } from '../metrics';

export interface VisitResponseTimingData {
  Hour_1: number;
  Day_1: number;
  Week_1: number;
  Hour_1_Perc: number;
  Day_1_Perc: number;
  Week_1_Perc: number;
}

/** DESIGN 4: delay <= 1 h, 1 h < delay <= 24 h, 24 h < delay < 7 x 24 h; shares of all responses. */
export async function visitResponseTiming(data: DashboardData) {
  const counts = [0, 0, 0, 0];
  for (const r of (await data.responses()).byDay) counts[r.bucket] += r.responses;
  const total = counts[1] + counts[2] + counts[3];
  const summary_data: VisitResponseTimingData = {
    Hour_1: counts[1],
    Day_1: counts[2],
    Week_1: counts[3],
    Hour_1_Perc: ratio(counts[1], total),
    Day_1_Perc: ratio(counts[2], total),
    Week_1_Perc: ratio(counts[3], total),
  };
  return { table_data: [] as never[], summary_data };
}
