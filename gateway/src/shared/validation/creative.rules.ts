import { oneOf } from './booking.rules';
import { maxLength, required, type RuleSet, validate } from './rules';

export const CREATIVE_TYPES = [1, 2, 3] as const;
export const CREATIVE_TYPE_LABELS: Record<number, 'Video' | 'Image' | 'Audio'> = { 1: 'Video', 2: 'Image', 3: 'Audio' };

export const creativeRules: RuleSet = {
  description: [required('Description'), maxLength('Description', 200)],
  creative_format: [required('Format'), maxLength('Format', 50)],
  creative_type: [oneOf(CREATIVE_TYPES, 'Creative type must be 1 (video), 2 (image) or 3 (audio)')],
  url: [maxLength('URL', 1000)],
};

export const checkCreative = (input: Record<string, unknown>): Record<string, string> => validate(creativeRules, input);
