import type { AppContext } from '../../shared/app-context';
import { badRequest, notFound } from '../../shared/errors';
import {
  type Actor,
  isSelfRelationship,
  RELATIONSHIP_TARGETS,
  relationshipRules,
  type RelationshipType,
  SELF_RELATIONSHIP,
} from '@infinitum/rules';
import { assertValid } from '../../shared/validation/assert';
import { type Input, optionalText, positiveId } from '../../shared/input';
import { assertSystemAdmin } from '../organisations/system-access';
import { countriesOf } from '../auth/countries';
import { ENTITY_OF_TYPE, insertRelationship, organisationExists } from './related';

/** Relationship payload (spec 3): the two sides filled, the others null. */
export interface RelationshipRecord {
  id: number;
  customer_id: number | null;
  agency_id: number | null;
  broadcaster_id: number | null;
  adtech_id: number | null;
}

const NAMES: Record<RelationshipType, string> = {
  client: 'Client',
  agency: 'Agency',
  broadcaster: 'Broadcaster',
  adtech: 'AdTech',
};

/**
 * POST /admin/relationships (super admin): source_type/source_id -> target_type/target_id with the
 * pairs of spec 6. When country_code is sent, both sides must operate in it (the modal lists only those).
 */
export async function createRelationship(app: AppContext, actor: Actor, input: Input): Promise<RelationshipRecord> {
  assertSystemAdmin(actor);
  const data = {
    source_type: optionalText(input, 'source_type')?.toLowerCase() ?? 'client',
    source_id: input.source_id,
    target_type: optionalText(input, 'target_type')?.toLowerCase() ?? 'broadcaster',
    target_id: input.target_id,
    country_code: input.country_code,
  };
  assertValid(relationshipRules({ withCountry: input.country_code !== undefined }), data);
  if (isSelfRelationship(data)) {
    throw badRequest(SELF_RELATIONSHIP, { target_id: SELF_RELATIONSHIP });
  }
  const sourceType = data.source_type as RelationshipType;
  const targetType = data.target_type as RelationshipType;
  if (!RELATIONSHIP_TARGETS[sourceType].includes(targetType)) {
    const message = `A ${NAMES[sourceType].toLowerCase()} cannot be associated with a ${NAMES[targetType].toLowerCase()}`;
    throw badRequest(message, { target_type: message });
  }
  const em = app.ds.manager;
  const source = { type: ENTITY_OF_TYPE[sourceType], id: positiveId(data.source_id) ?? 0 };
  const target = { type: ENTITY_OF_TYPE[targetType], id: positiveId(data.target_id) ?? 0 };
  if (!(await organisationExists(em, source.type, source.id))) throw notFound(NAMES[sourceType]);
  if (!(await organisationExists(em, target.type, target.id))) throw notFound(NAMES[targetType]);
  const country = optionalText(data, 'country_code')?.toUpperCase();
  if (country) {
    for (const [side, field] of [
      [source, 'source_id'],
      [target, 'target_id'],
    ] as const) {
      const { country_list } = await countriesOf(em, side.type, side.id);
      if (!country_list.includes(country)) {
        const message = 'The selected entity does not operate in the selected country';
        throw badRequest(message, { [field]: message });
      }
    }
  }
  const id = await insertRelationship(em, source, target, actor.userId);
  const [row]: RelationshipRecord[] = await em.query(
    'SELECT id, customer_id, agency_id, broadcaster_id, adtech_id FROM relationship WHERE id = ?',
    [id],
  );
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(row.id),
    customer_id: n(row.customer_id),
    agency_id: n(row.agency_id),
    broadcaster_id: n(row.broadcaster_id),
    adtech_id: n(row.adtech_id),
  };
}
