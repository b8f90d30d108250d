import { windowLabel } from '@infinitum/rules';

/** The same-day window in words: in hours up to a day ("24 hours", "6 hours"), then as windowLabel ("2 days"). */
export const sameDayLabel = (h: number): string => (h <= 24 ? `${h} hour${h === 1 ? '' : 's'}` : windowLabel(h));

/** "14 days / same day 24 hours": a client's attribution windows in words (docs/design.md#attribution-settings). */
export const windowsText = (w: number, s: number): string => `${windowLabel(w)} / same day ${sameDayLabel(s)}`;
