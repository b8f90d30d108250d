import { countryCode } from './client.rules';
import { maxLength, required, type RuleSet } from './rules';

/** AdTech form (spec 5): name and primary country required; operational countries optional. */
export const adtechRules: RuleSet = {
  adtech_name: [required('AdTech name'), maxLength('AdTech name', 150)],
  country_code: [required('Primary country'), countryCode()],
};

/** AdTech group form (spec 5). */
export const adtechGroupRules: RuleSet = {
  group_name: [required('Group name', 'Group name is required'), maxLength('Group name', 150)],
};
