import { countryCode } from './client.rules';
import { maxLength, required, type RuleSet } from './rules';

/** Broadcaster form (spec 5): name and primary country required; operational countries optional. */
export const broadcasterRules: RuleSet = {
  broadcaster_name: [required('Broadcaster name'), maxLength('Broadcaster name', 150)],
  country_code: [required('Primary country'), countryCode()],
};
