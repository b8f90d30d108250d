import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { ratio } from '../metrics';
import { dashboardCall, noRows } from './call';

export const VisitResponseTimingData = z
  .object({
    Hour_1: z.number(),
    Day_1: z.number(),
    Week_1: z.number(),
    Hour_1_Perc: z.number(),
    Day_1_Perc: z.number(),
    Week_1_Perc: z.number(),
  })
  .meta({ id: 'VisitResponseTimingData' });
export type VisitResponseTimingData = z.infer<typeof VisitResponseTimingData>;

/** docs/design.md#visits-and-attribution: delay <= 1 h, 1 h < delay <= 24 h, 24 h < delay < 7 x 24 h; shares of all responses. */
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

export const visitResponseTimingCall = dashboardCall({
  name: 'visit_response_timing',
  description: 'Responses by the delay since their impression (within 1 hour, 1 day, 1 week) and their shares.',
  table_data: noRows,
  summary_data: VisitResponseTimingData,
  compute: visitResponseTiming,
  compare: {
    summary: {
      Hour_1: 'up',
      Day_1: 'up',
      Week_1: 'up',
      Hour_1_Perc: 'neutral',
      Day_1_Perc: 'neutral',
      Week_1_Perc: 'neutral',
    },
  },
});
