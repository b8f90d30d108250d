import type { AppContext } from '../../shared/app-context';
import { withPrimary } from '@infinitum/rules';
import { operationalCountriesOf } from '../organisations/operational-countries';
import { type CountryRecord, countryNamesByCodes, taxonomyDescByIds } from '../reference/reference.service';
import type { CustomerBase } from './customer.service';

/** A client with its derived fields, as GET /customers/ answers (spec 3). */
export interface CustomerRecord extends CustomerBase {
  taxonomy_desc: string | null;
  country_list: string[];
  operational_countries: CountryRecord[];
  is_multi_country: boolean;
}

/** Adds the derived fields to a list of clients with three queries whatever its length (no N+1). */
export async function withCustomerDetails(app: AppContext, bases: CustomerBase[]): Promise<CustomerRecord[]> {
  const em = app.ds.manager;
  const taxonomies = await taxonomyDescByIds(
    em,
    bases.map((b) => b.taxonomy_id),
  );
  const stored = await operationalCountriesOf(
    em,
    'customer',
    bases.map((b) => b.id),
  );
  const lists = new Map(bases.map((b) => [b.id, withPrimary(b.country_code, stored.get(b.id) ?? [])]));
  const names = await countryNamesByCodes(em, [...lists.values()].flat());
  return bases.map((b) => {
    const list = lists.get(b.id) ?? [b.country_code];
    return {
      ...b,
      taxonomy_desc: taxonomies.get(b.taxonomy_id) ?? null,
      country_list: list,
      operational_countries: list.map((c) => ({ country_code: c, country_name: names.get(c) ?? c })),
      is_multi_country: list.length > 1,
    };
  });
}

export const withCustomerDetail = async (app: AppContext, base: CustomerBase): Promise<CustomerRecord> =>
  (await withCustomerDetails(app, [base]))[0];
