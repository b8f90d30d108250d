import {
  isSelfRelationship,
  RELATIONSHIP_TARGETS,
  relationshipRules,
  type RelationshipType,
  SELF_RELATIONSHIP,
  validate,
} from '@infinitum/rules';
import type { SysOrganisationsQuery } from '../../../gql/graphql';

export const RELATIONSHIP_TYPE_LABELS: Record<RelationshipType, string> = {
  client: 'Client',
  broadcaster: 'Broadcaster',
  agency: 'Agency',
  adtech: 'AdTech',
};

export interface RelationshipForm {
  country_code: string;
  source_type: RelationshipType;
  source_id: string;
  target_type: RelationshipType;
  target_id: string;
}

/** directRelationship defaults (spec 3): source client, target broadcaster. */
export const EMPTY_RELATIONSHIP: RelationshipForm = {
  country_code: '',
  source_type: 'client',
  source_id: '',
  target_type: 'broadcaster',
  target_id: '',
};

/** Allowed targets of a source type (spec 6). */
export const targetTypesFor = (source: RelationshipType) => RELATIONSHIP_TARGETS[source] as readonly RelationshipType[];

/** Changing the source type resets the target (spec 4): the first allowed type, nothing chosen. */
export function withSourceType(v: RelationshipForm, source: RelationshipType): RelationshipForm {
  return { ...v, source_type: source, source_id: '', target_type: targetTypesFor(source)[0], target_id: '' };
}

/** Changing the country clears the chosen entities (spec 4). */
export function withCountry(v: RelationshipForm, country: string): RelationshipForm {
  return { ...v, country_code: country, source_id: '', target_id: '' };
}

export function withTargetType(v: RelationshipForm, target: RelationshipType): RelationshipForm {
  return { ...v, target_type: target, target_id: '' };
}

/** The organisations of one type that operate in the country (primary or operational; spec 6). */
export function entitiesIn(
  orgs: SysOrganisationsQuery | undefined,
  type: RelationshipType,
  country: string,
): { id: number; name: string }[] {
  if (!orgs || !country) return [];
  const list =
    type === 'client'
      ? orgs.customers.filter((c) => c.country_list.includes(country)).map((c) => ({ id: c.id, name: c.cust_name }))
      : type === 'broadcaster'
        ? orgs.broadcasters
            .filter((b) => b.country_list.includes(country))
            .map((b) => ({ id: b.id, name: b.broadcaster_name }))
        : type === 'adtech'
          ? orgs.adtechs.filter((a) => a.country_list.includes(country)).map((a) => ({ id: a.id, name: a.adtech_name }))
          : orgs.agencies.filter((a) => a.country_code === country).map((a) => ({ id: a.id, name: a.agency_name }));
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

/** Spec 5 messages of the relationship form, the gateway's own rules plus 'Cannot associate entity with itself'. */
export function checkRelationship(v: RelationshipForm): Record<string, string> {
  const errors = validate(relationshipRules({ withCountry: true }), { ...v });
  if (!errors.target_id && !errors.source_id && isSelfRelationship(v)) errors.target_id = SELF_RELATIONSHIP;
  if (!errors.target_type && !targetTypesFor(v.source_type).includes(v.target_type)) {
    errors.target_type = `A ${RELATIONSHIP_TYPE_LABELS[v.source_type].toLowerCase()} cannot be associated with a ${RELATIONSHIP_TYPE_LABELS[v.target_type].toLowerCase()}`;
  }
  return errors;
}
