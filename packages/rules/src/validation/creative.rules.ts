import { oneOf } from './booking.rules';
import { isBlank, maxLength, required, type Rule, type RuleSet, validate } from './rules';

export const CREATIVE_TYPES = [1, 2, 3] as const;
export const CREATIVE_TYPE_LABELS: Record<number, 'Video' | 'Image' | 'Audio'> = { 1: 'Video', 2: 'Image', 3: 'Audio' };

export const CREATIVE_URL_INVALID = 'Please enter a valid URL (http:// or https://)';

/**
 * The creative's link is shown and opened by people: only web addresses, never javascript:, data: or
 * other schemes that run or embed content when a partner renders it as a link.
 */
export const webUrl =
  (message = CREATIVE_URL_INVALID): Rule =>
  (v) =>
    v === null ||
    v === undefined ||
    (typeof v === 'string' && (isBlank(v) || /^https?:\/\/[^\s/?#]+\S*$/i.test(v.trim())))
      ? null
      : message;

export const creativeRules: RuleSet = {
  description: [required('Description'), maxLength('Description', 200)],
  creative_format: [required('Format'), maxLength('Format', 50)],
  creative_type: [oneOf(CREATIVE_TYPES, 'Creative type must be 1 (video), 2 (image) or 3 (audio)')],
  url: [webUrl(), maxLength('URL', 1000)],
};

export const checkCreative = (input: Record<string, unknown>): Record<string, string> => validate(creativeRules, input);
