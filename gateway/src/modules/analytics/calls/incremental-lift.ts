import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { ratio } from '../metrics';
import { HOLDOUT_MIN_HOUSEHOLDS } from '../reach/control-group';
import { dashboardCall, noRows } from './call';
import { sampleRate } from './reach-frequency';

export const IncrementalLiftData = z
  .object({
    Method: z.enum(['holdout', 'pre_post']).describe('"holdout" (control group of 100+ households) or "pre_post"'),
    Exposed_Households: z.number(),
    Control_Households: z.number(),
    Exposed_Rate: z.number(),
    Control_Rate: z.number(),
    Incremental_Responses: z.number(),
    Lift: z.number(),
    Lift_Low: z.number(),
    Lift_High: z.number(),
    Approximate: z
      .boolean()
      .describe('True when the exposed side is estimated from a household sample (the control group is always exact)'),
    Sample_Rate: sampleRate,
  })
  .meta({ id: 'IncrementalLiftData' });
export type IncrementalLiftData = z.infer<typeof IncrementalLiftData>;

export { HOLDOUT_MIN_HOUSEHOLDS };

/**
 * docs/design.md#reach-frequency-and-lift: (r_e - r_c) x Reach, the lift over r_c and the Wald 95% interval of the difference of
 * two independent proportions divided by r_c (all 0 when r_c is 0).
 */
export function liftFigures(reach: number, exposed: [number, number], control: [number, number]) {
  const [xe, ne] = exposed;
  const [xc, nc] = control;
  const re = ratio(xe, ne);
  const rc = ratio(xc, nc);
  const d = re - rc;
  const se = Math.sqrt(ratio(re * (1 - re), ne) + ratio(rc * (1 - rc), nc));
  return {
    Exposed_Rate: re,
    Control_Rate: rc,
    Incremental_Responses: d * reach,
    Lift: ratio(d, rc),
    Lift_Low: ratio(d - 1.96 * se, rc),
    Lift_High: ratio(d + 1.96 * se, rc),
  };
}

/**
 * docs/design.md#reach-frequency-and-lift: incremental responses and lift, by the holdout when its group is large enough, else
 * pre/post. From a household sample (see DashboardData.reach) the exposed rate, the pre/post shares
 * and the interval come from the sampled households themselves (the Wald interval of the sample's
 * proportions, so it is as wide as the sample makes it); the household counts and
 * Incremental_Responses are scaled to the estimated reach. The control group (Control_Households,
 * Control_Rate) is exact on every data set (DashboardData.controlGroup).
 */
export async function incrementalLift(data: DashboardData) {
  // Pre/post reads I(F)'s households and their visits, not reach: when it will be the method (reach exact, no
  // holdout group), it runs beside reach instead of after it, which held the lift back to the sum of both. A
  // sample that turns out unable to estimate reach starts it too, as reach turns to counting exactly
  // (DashboardData's countingExactly).
  const early = Promise.all([data.reachSampled(), data.controlGroup()]).then(([isSampled, c]) =>
    !isSampled && c.households < HOLDOUT_MIN_HOUSEHOLDS ? data.prePost() : null,
  );
  const [counts, control, prePost] = await Promise.all([data.reach(), data.controlGroup(), early]);
  const { reach, sample } = counts;
  const scale = sample ? reach / sample.households : 1;
  const labels = { Approximate: sample !== null, Sample_Rate: counts.sampleRate };
  let summary_data: IncrementalLiftData;
  if (control.households >= HOLDOUT_MIN_HOUSEHOLDS) {
    const [responding, households] = sample
      ? [sample.responding, sample.households]
      : [counts.rows.reduce((a, r) => a + r.responding, 0), reach];
    summary_data = {
      Method: 'holdout',
      Exposed_Households: reach,
      Control_Households: control.households,
      ...liftFigures(reach, [responding, households], [control.responding, control.households]),
      ...labels,
    };
  } else {
    const p = sample ?? prePost ?? (await data.prePost());
    summary_data = {
      Method: 'pre_post',
      Exposed_Households: Math.round(p.kept * scale),
      Control_Households: 0,
      ...liftFigures(reach, [p.post, p.kept], [p.pre, p.kept]),
      ...labels,
    };
  }
  return { table_data: [] as never[], summary_data };
}

export const incrementalLiftCall = dashboardCall({
  name: 'incremental_lift',
  description: 'docs/design.md#reach-frequency-and-lift: incremental responses and lift (holdout or pre/post).',
  table_data: noRows,
  summary_data: IncrementalLiftData,
  compute: incrementalLift,
});
