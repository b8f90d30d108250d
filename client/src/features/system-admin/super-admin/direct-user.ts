import { type DirectUserEntityType, directUserRules, isBlank, ORGANISATION_FIELD, validate } from '@infinitum/rules';

export interface DirectUserForm {
  name: string;
  email: string;
  password: string;
  role_id: string;
  entity_type: DirectUserEntityType;
  broadcaster_id: string;
  agency_id: string;
  customer_id: string;
  adtech_id: string;
}

/** directUser defaults (spec 3): role 2 (user), entity type broadcaster. */
export const EMPTY_DIRECT_USER: DirectUserForm = {
  name: '',
  email: '',
  password: '',
  role_id: '2',
  entity_type: 'broadcaster',
  broadcaster_id: '',
  agency_id: '',
  customer_id: '',
  adtech_id: '',
};

export const checkDirectUser = (v: DirectUserForm, creating: boolean) =>
  validate(directUserRules({ entityType: v.entity_type, creating }), { ...v });

/**
 * The directUser payload: the chosen organisation's id field only, role as a number. On edit a blank
 * password is dropped (spec 5), so saving without typing one keeps the old password.
 */
export function directUserPayload(v: DirectUserForm, editing: boolean): Record<string, unknown> {
  const field = ORGANISATION_FIELD[v.entity_type];
  const payload: Record<string, unknown> = {
    name: v.name.trim(),
    email: v.email.trim(),
    password: v.password,
    role_id: Number(v.role_id),
    entity_type: v.entity_type,
    [field]: Number(v[field as keyof DirectUserForm]),
  };
  if (editing && isBlank(v.password)) delete payload.password;
  return payload;
}
