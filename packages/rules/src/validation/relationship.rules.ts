import { isBlank, type Rule, type RuleSet } from './rules';

export const RELATIONSHIP_TYPES = ['client', 'broadcaster', 'agency', 'adtech'] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

const chosen =
  (message: string): Rule =>
  (v) =>
    isBlank(v) || !Number.isInteger(Number(v)) || Number(v) <= 0 ? message : null;

const entityType =
  (message: string): Rule =>
  (v) =>
    RELATIONSHIP_TYPES.includes(String(v) as RelationshipType) ? null : message;

/**
 * Relationship form (spec 5). The country is optional on the API (the modal uses it to narrow the
 * lists); when the field is sent it must not be blank.
 */
export const relationshipRules = (opts: { withCountry?: boolean } = {}): RuleSet => ({
  ...(opts.withCountry
    ? { country_code: [(v: unknown) => (isBlank(v) ? 'Country selection is required' : null)] }
    : {}),
  source_type: [entityType('Source entity is required')],
  source_id: [chosen('Source entity is required')],
  target_type: [entityType('Target entity is required')],
  target_id: [chosen('Target entity is required')],
});

/** Same type and id on both sides. */
export const isSelfRelationship = (i: {
  source_type?: unknown;
  source_id?: unknown;
  target_type?: unknown;
  target_id?: unknown;
}): boolean => i.source_type === i.target_type && Number(i.source_id) === Number(i.target_id);

export const SELF_RELATIONSHIP = 'Cannot associate entity with itself';
