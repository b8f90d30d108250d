import { maxLength, required, type RuleSet, validate } from './rules';

export const siteTagRules: RuleSet = {
  tag_description: [required('Tag description'), maxLength('Tag description', 200)],
};

export const checkSiteTag = (input: Record<string, unknown>): Record<string, string> => validate(siteTagRules, input);
