import { chosenId } from './booking.rules';
import { type RuleSet, validate } from './rules';

/** The Add Tags form (spec 5): campaign and booking required; the chosen creatives are the booking's tags. */
export const impressionTagRules: RuleSet = {
  campaign_id: [chosenId('Campaign')],
  booking_id: [chosenId('Booking')],
};

export const CREATIVES_NOT_A_LIST = 'Creatives must be a list of creative ids';

export function checkImpressionTags(input: Record<string, unknown>): Record<string, string> {
  const errors = validate(impressionTagRules, input);
  const ids = input.creative_ids;
  // Required: a save replaces the booking's tags, so a missing list must not silently remove them all.
  if (!Array.isArray(ids) || ids.some((id) => !Number.isInteger(id) || id <= 0)) {
    errors.creative_ids = CREATIVES_NOT_A_LIST;
  }
  return errors;
}
