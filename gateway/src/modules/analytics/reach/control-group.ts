import { queryControlGroup, queryHoldoutGroup } from '../queries/reach-lift';
import { exposureReady, type ReachInputs, sampled } from './sampling';

/** The holdout method needs a control group of at least this many households (docs/design.md#reach-frequency-and-lift). */
export const HOLDOUT_MIN_HOUSEHOLDS = 100;

/** docs/design.md#reach-frequency-and-lift's control group (households of C(F) not in Reach) and its responders: always exact. */
export interface ControlCounts {
  households: number;
  responding: number;
}

/**
 * docs/design.md#reach-frequency-and-lift: the control group and its responders (holdout method), exact. Where reach reads the
 * household sample (I(F) that large), from reach_holdout (every control household's impressions
 * with the dates of the visits they touch, per site; brought up to date with reach_exposure): no
 * probe of visit. Otherwise, or when that refresh failed, from the raw events.
 */
export async function controlCounts(input: ReachInputs): Promise<ControlCounts> {
  if ((await sampled(input)) && (await exposureReady(input.em, input.filter, input.summaryWaitMs))) {
    return queryHoldoutGroup(input.em, input.filter);
  }
  return queryControlGroup(input.em, input.filter);
}
