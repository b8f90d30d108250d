import { WEEK_HOURS } from '@infinitum/rules';
import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { windowsIn } from '../filters/filter';
import { ratio } from '../metrics';
import { dashboardCall, noRows } from './call';

export const VisitResponseTimingData = z
  .object({
    Hour_1: z.number(),
    Day_1: z.number(),
    Week_1: z.number(),
    Beyond_Week: z
      .number()
      .optional()
      .describe('Responses 7 x 24 h or more after their impression; present only when the touch window is longer'),
    Hour_1_Perc: z.number(),
    Day_1_Perc: z.number(),
    Week_1_Perc: z.number(),
    Beyond_Week_Perc: z.number().optional().describe('Share of Beyond_Week; present with it'),
  })
  .meta({ id: 'VisitResponseTimingData' });
export type VisitResponseTimingData = z.infer<typeof VisitResponseTimingData>;

/**
 * docs/design.md#visits-and-attribution: delay <= 1 h, 1 h < delay <= 24 h, 24 h < delay < 7 x 24 h and, when the
 * touch window W is longer than a week, 7 x 24 h <= delay < W; shares of all responses. Every delay is under W
 * already (touches are within W), so the buckets need no cut of their own.
 */
export async function visitResponseTiming(data: DashboardData) {
  const counts = [0, 0, 0, 0, 0];
  for (const r of (await data.responses()).byDay) counts[r.bucket] += r.responses;
  const total = counts[1] + counts[2] + counts[3] + counts[4];
  const beyond = windowsIn(data.filter).touchWindowHours > WEEK_HOURS;
  const summary_data: VisitResponseTimingData = {
    Hour_1: counts[1],
    Day_1: counts[2],
    Week_1: counts[3],
    ...(beyond ? { Beyond_Week: counts[4] } : {}),
    Hour_1_Perc: ratio(counts[1], total),
    Day_1_Perc: ratio(counts[2], total),
    Week_1_Perc: ratio(counts[3], total),
    ...(beyond ? { Beyond_Week_Perc: ratio(counts[4], total) } : {}),
  };
  return { table_data: [] as never[], summary_data };
}

export const visitResponseTimingCall = dashboardCall({
  name: 'visit_response_timing',
  description:
    'Responses by the delay since their impression (within 1 hour, 1 day, 1 week, and beyond a week when the touch window is longer) and their shares.',
  table_data: noRows,
  summary_data: VisitResponseTimingData,
  compute: visitResponseTiming,
  compare: {
    summary: {
      Hour_1: 'up',
      Day_1: 'up',
      Week_1: 'up',
      Beyond_Week: 'up',
      Hour_1_Perc: 'neutral',
      Day_1_Perc: 'neutral',
      Week_1_Perc: 'neutral',
      Beyond_Week_Perc: 'neutral',
    },
  },
});
