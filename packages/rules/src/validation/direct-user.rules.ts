import { passwordShape } from './password.rules';
import { email, isBlank, maxLength, required, type RuleSet } from './rules';

export const DIRECT_USER_ENTITY_TYPES = ['broadcaster', 'agency', 'client', 'adtech'] as const;
export type DirectUserEntityType = (typeof DIRECT_USER_ENTITY_TYPES)[number];

/** The organisation id field of each entity type of the direct-user form. */
export const ORGANISATION_FIELD: Record<DirectUserEntityType, string> = {
  broadcaster: 'broadcaster_id',
  agency: 'agency_id',
  client: 'customer_id',
  adtech: 'adtech_id',
};

/** Direct user form (spec 5); the password is required on create only. */
export const directUserRules = (opts: { entityType: DirectUserEntityType; creating?: boolean }): RuleSet => ({
  name: [required('Name', 'Name is required'), maxLength('Name', 150)],
  email: [required('Email', 'Email is required'), email(), maxLength('Email', 255)],
  ...(opts.creating !== false
    ? { password: [required('Password', 'Password is required'), passwordShape('Password')] }
    : {}),
  role_id: [
    (v) => (isBlank(v) || v === 1 || v === 2 || v === '1' || v === '2' ? null : 'Role must be 1 (admin) or 2 (user)'),
  ],
  entity_type: [
    (v) =>
      isBlank(v) || DIRECT_USER_ENTITY_TYPES.includes(String(v) as DirectUserEntityType)
        ? null
        : 'Entity type must be broadcaster, agency, client or adtech',
  ],
  [ORGANISATION_FIELD[opts.entityType]]: [
    (v) => (isBlank(v) || !Number.isInteger(Number(v)) || Number(v) <= 0 ? 'Please select an organisation' : null),
  ],
});
