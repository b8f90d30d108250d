import { isBlank, maxLength, required, type RuleSet } from './rules';

export const CHANNEL_OWNER_TYPES = ['broadcaster', 'adtech'] as const;

/** Channel form (spec 5). */
export const channelRules: RuleSet = {
  channel_name: [required('Channel name', 'Channel name is required'), maxLength('Channel name', 150)],
  owner_type: [
    required('Owner type', 'Owner type is required'),
    (v) =>
      CHANNEL_OWNER_TYPES.includes(String(v) as 'broadcaster') ? null : 'Owner type must be broadcaster or adtech',
  ],
  owner_id: [required('Owner', 'Owner is required'), (v) => (isBlank(v) || Number(v) > 0 ? null : 'Owner is required')],
};
