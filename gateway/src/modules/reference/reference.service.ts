import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { badRequest } from '../../shared/errors';
import type { Actor } from '@infinitum/rules';

export interface CountryRecord {
  country_code: string;
  country_name: string;
}

export interface TaxonomyRecord {
  id: number;
  taxonomy_desc: string;
}

/** GET /countries/: every country, by name (the modal labels them 'name (code)'). */
export async function listCountries(app: AppContext, _actor: Actor): Promise<CountryRecord[]> {
  const rows: CountryRecord[] = await app.ds.query(
    'SELECT country_code, country_name FROM country ORDER BY country_name',
  );
  return rows.map((r) => ({ country_code: r.country_code, country_name: r.country_name }));
}

/** GET /taxonomies/: client categories. */
export async function listTaxonomies(app: AppContext, _actor: Actor): Promise<TaxonomyRecord[]> {
  const rows: TaxonomyRecord[] = await app.ds.query('SELECT id, taxonomy_desc FROM taxonomy ORDER BY taxonomy_desc');
  return rows.map((r) => ({ id: Number(r.id), taxonomy_desc: r.taxonomy_desc }));
}

/** Names of taxonomies by id, one query (REST lists and the GraphQL loader). */
export async function taxonomyDescByIds(em: EntityManager, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id) => id > 0))];
  if (unique.length === 0) return new Map();
  const rows: TaxonomyRecord[] = await em.query('SELECT id, taxonomy_desc FROM taxonomy WHERE id IN (?)', [unique]);
  return new Map(rows.map((r) => [Number(r.id), r.taxonomy_desc]));
}

/** Country names by code, one query. */
export async function countryNamesByCodes(em: EntityManager, codes: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows: CountryRecord[] = await em.query(
    'SELECT country_code, country_name FROM country WHERE country_code IN (?)',
    [unique],
  );
  return new Map(rows.map((r) => [r.country_code, r.country_name]));
}

/** Every code must be a known country; otherwise a 400 on `field`. */
export async function assertCountriesExist(em: EntityManager, codes: readonly string[], field: string): Promise<void> {
  const known = await countryNamesByCodes(em, codes);
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length > 0) {
    const message = `Unknown country: ${unknown.join(', ')}`;
    throw badRequest(message, { [field]: message });
  }
}

/** Default IANA zone of a country (docs/design.md#identity-time-and-geography: new customers get it). */
export async function countryTimeZone(em: EntityManager, code: string): Promise<string> {
  const rows: { time_zone: string }[] = await em.query('SELECT time_zone FROM country WHERE country_code = ?', [code]);
  return rows[0]?.time_zone ?? 'UTC';
}

/** A taxonomy id must exist (0 means none). */
export async function assertTaxonomy(em: EntityManager, id: number): Promise<void> {
  if (id === 0) return;
  const rows: unknown[] = await em.query('SELECT 1 FROM taxonomy WHERE id = ?', [id]);
  if (rows.length === 0)
    throw badRequest('Please select a valid category', { taxonomy_id: 'Please select a valid category' });
}
