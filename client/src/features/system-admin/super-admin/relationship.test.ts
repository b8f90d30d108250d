import type { SysOrganisationsQuery } from '../../../gql/graphql';
import {
  checkRelationship,
  EMPTY_RELATIONSHIP,
  entitiesIn,
  targetTypesFor,
  withCountry,
  withSourceType,
  type RelationshipForm,
} from './relationship';
import { directUserPayload, EMPTY_DIRECT_USER, checkDirectUser } from './direct-user';

const orgs = {
  broadcasters: [
    { id: 1, broadcaster_name: 'Moana TV', country_code: 'NZ', country_list: ['NZ', 'AU'] },
    { id: 2, broadcaster_name: 'Thames Vision', country_code: 'GB', country_list: ['GB'] },
  ],
  adtechs: [{ id: 5, adtech_name: 'Tasman Ads', country_code: 'AU', country_list: ['AU', 'NZ'] }],
  agencies: [
    { id: 7, agency_name: 'Harbour Media', country_code: 'NZ' },
    { id: 8, agency_name: 'No Country', country_code: null },
  ],
  customers: [
    { id: 1, cust_name: 'Kumara Kitchens', country_code: 'NZ', country_list: ['NZ'] },
    { id: 3, cust_name: 'Sydney Surf', country_code: 'AU', country_list: ['AU'] },
  ],
} as unknown as SysOrganisationsQuery;

const form = (v: Partial<RelationshipForm>): RelationshipForm => ({ ...EMPTY_RELATIONSHIP, ...v });

describe('relationship modal rules (spec 4-6)', () => {
  test('allowed targets per source type', () => {
    expect(targetTypesFor('client')).toEqual(['broadcaster', 'agency', 'adtech']);
    expect(targetTypesFor('broadcaster')).toEqual(['client', 'agency']);
    expect(targetTypesFor('agency')).toEqual(['client', 'broadcaster', 'adtech']);
    expect(targetTypesFor('adtech')).toEqual(['client', 'agency']);
  });

  test('changing the source type resets the target; changing the country clears both entities', () => {
    const chosen = form({ country_code: 'NZ', source_id: '1', target_type: 'adtech', target_id: '5' });
    expect(withSourceType(chosen, 'broadcaster')).toEqual({
      country_code: 'NZ',
      source_type: 'broadcaster',
      source_id: '',
      target_type: 'client',
      target_id: '',
    });
    expect(withCountry(chosen, 'AU')).toMatchObject({ country_code: 'AU', source_id: '', target_id: '' });
  });

  test('only organisations operating in the country (primary or operational) are listed', () => {
    expect(entitiesIn(orgs, 'broadcaster', 'AU').map((o) => o.name)).toEqual(['Moana TV']);
    expect(entitiesIn(orgs, 'broadcaster', 'GB').map((o) => o.name)).toEqual(['Thames Vision']);
    expect(entitiesIn(orgs, 'adtech', 'NZ').map((o) => o.name)).toEqual(['Tasman Ads']);
    expect(entitiesIn(orgs, 'agency', 'NZ').map((o) => o.name)).toEqual(['Harbour Media']);
    expect(entitiesIn(orgs, 'client', 'AU').map((o) => o.name)).toEqual(['Sydney Surf']);
    expect(entitiesIn(orgs, 'client', '')).toEqual([]);
  });

  test("the spec's messages, and 'Cannot associate entity with itself'", () => {
    expect(checkRelationship(EMPTY_RELATIONSHIP)).toEqual({
      country_code: 'Country selection is required',
      source_id: 'Source entity is required',
      target_id: 'Target entity is required',
    });
    expect(
      checkRelationship(
        form({ country_code: 'NZ', source_type: 'agency', source_id: '7', target_type: 'agency', target_id: '7' }),
      ).target_id,
    ).toBe('Cannot associate entity with itself');
    expect(
      checkRelationship(
        form({ country_code: 'NZ', source_type: 'broadcaster', source_id: '1', target_type: 'adtech', target_id: '5' }),
      ).target_type,
    ).toBe('A broadcaster cannot be associated with a adtech');
    expect(checkRelationship(form({ country_code: 'NZ', source_id: '1', target_id: '1' }))).toEqual({});
  });
});

describe('direct user (spec 3, 5)', () => {
  test('messages, and the organisation of the chosen type only', () => {
    expect(checkDirectUser(EMPTY_DIRECT_USER, true)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      broadcaster_id: 'Please select an organisation',
    });
    expect(checkDirectUser({ ...EMPTY_DIRECT_USER, entity_type: 'agency' }, false)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      agency_id: 'Please select an organisation',
    });
  });

  test('a blank password is dropped on edit, kept on create', () => {
    const v = { ...EMPTY_DIRECT_USER, name: 'Tipene', email: 't@moana.co.nz', broadcaster_id: '4', agency_id: '9' };
    expect(directUserPayload(v, true)).toEqual({
      name: 'Tipene',
      email: 't@moana.co.nz',
      role_id: 2,
      entity_type: 'broadcaster',
      broadcaster_id: 4,
    });
    expect(directUserPayload(v, false)).toHaveProperty('password', '');
    expect(directUserPayload({ ...v, password: 'secret-1' }, true)).toHaveProperty('password', 'secret-1');
  });
});
