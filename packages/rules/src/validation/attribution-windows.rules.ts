import type { RuleSet } from './rules';

/**
 * A customer's attribution windows (docs/design.md#attribution-settings), in whole hours: the touch window W
 * (an impression touches a visit when visit - W < impression <= visit) and the same-day window S (a response is
 * Same_Day when its delay is at most S).
 */
export const TOUCH_WINDOW_DEFAULT_HOURS = 168;
export const SAME_DAY_WINDOW_DEFAULT_HOURS = 24;
export const TOUCH_WINDOW_MIN_HOURS = 1;
export const TOUCH_WINDOW_MAX_HOURS = 720;
/** Timing's Week_1 bucket ends here; a longer W adds Beyond_Week (7 x 24 h <= delay < W). */
export const WEEK_HOURS = 168;

export interface AttributionWindows {
  touchWindowHours: number;
  sameDayWindowHours: number;
}

export const DEFAULT_ATTRIBUTION_WINDOWS: AttributionWindows = {
  touchWindowHours: TOUCH_WINDOW_DEFAULT_HOURS,
  sameDayWindowHours: SAME_DAY_WINDOW_DEFAULT_HOURS,
};

/** A whole number of hours (a JSON number or numeric text), or NaN. */
const hours = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) ? n : NaN;
};

/** Field rules for `touch_window_hours` and `same_day_window_hours` (both required). */
export const attributionWindowRules = (): RuleSet => ({
  touch_window_hours: [
    (v) =>
      Number.isNaN(hours(v))
        ? 'Touch window must be a whole number of hours'
        : hours(v) < TOUCH_WINDOW_MIN_HOURS || hours(v) > TOUCH_WINDOW_MAX_HOURS
          ? `Touch window must be between ${TOUCH_WINDOW_MIN_HOURS} and ${TOUCH_WINDOW_MAX_HOURS} hours (30 days)`
          : null,
  ],
  same_day_window_hours: [
    (v) => (Number.isNaN(hours(v)) ? 'Same-day window must be a whole number of hours' : null),
    (v) => (hours(v) < 1 ? 'Same-day window must be at least 1 hour' : null),
  ],
});

/** The rules above plus S <= W, which reads both fields: field -> message, empty when valid. */
export function attributionWindowErrors(input: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, rules] of Object.entries(attributionWindowRules())) {
    for (const rule of rules) {
      const message = rule(input[field]);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  const w = hours(input.touch_window_hours);
  const s = hours(input.same_day_window_hours);
  if (!errors.touch_window_hours && !errors.same_day_window_hours && s > w)
    errors.same_day_window_hours = 'Same-day window cannot be longer than the touch window';
  return errors;
}

/** "7 days", "36 hours", "1 hour": how every screen names a window. */
export const windowLabel = (h: number): string =>
  h % 24 === 0 ? `${h / 24} day${h === 24 ? '' : 's'}` : `${h} hour${h === 1 ? '' : 's'}`;
