import { dateRule, maxLength, moreThan, type RuleSet, validate } from './rules';

/** Spec 5: a record's end date is never before its start date (checked once both dates are valid). */
export const END_BEFORE_START = 'End date cannot be before start date';

export function dateRangeErrors(
  input: Record<string, unknown>,
  errors: Record<string, string>,
): Record<string, string> {
  if (!errors.start_date && !errors.end_date && String(input.end_date) < String(input.start_date)) {
    return { ...errors, end_date: END_BEFORE_START };
  }
  return errors;
}

export const campaignRules: RuleSet = {
  campaign_name: [moreThan('Campaign name', 3), maxLength('Campaign name', 100)],
  start_date: [dateRule('Start date')],
  end_date: [dateRule('End date')],
};

/** Field -> message for every problem of a campaign form (empty when it can be saved). */
export const checkCampaign = (input: Record<string, unknown>): Record<string, string> =>
  dateRangeErrors(input, validate(campaignRules, input));
