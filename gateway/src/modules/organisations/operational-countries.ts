import type { EntityManager } from 'typeorm';
import { withPrimary } from '@infinitum/rules';
import { assertCountriesExist } from '../reference/reference.service';
import type { OrganisationKind } from './operational-country.entity';

/** Stored operational countries of several owners of one kind, one query (no N+1). */
export async function operationalCountriesOf(
  em: EntityManager,
  kind: OrganisationKind,
  ids: readonly number[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows: { owner_id: number; country_code: string }[] = await em.query(
    'SELECT owner_id, country_code FROM operational_country WHERE owner_type = ? AND owner_id IN (?)',
    [kind, [...new Set(ids)]],
  );
  for (const r of rows) out.get(Number(r.owner_id))?.push(r.country_code);
  return out;
}

/** country_list of owners: primary first, then the operational ones (spec 4: the primary is always in). */
export async function countryListsOf(
  em: EntityManager,
  kind: OrganisationKind,
  owners: readonly { id: number; country_code: string | null }[],
): Promise<Map<number, string[]>> {
  const stored = await operationalCountriesOf(
    em,
    kind,
    owners.map((o) => o.id),
  );
  return new Map(owners.map((o) => [o.id, withPrimary(o.country_code ?? '', stored.get(o.id) ?? [])]));
}

/** Validates and normalises a primary + operational list (codes must exist). */
export async function checkedCountries(
  em: EntityManager,
  primary: string,
  list: unknown,
): Promise<{ country_code: string; country_list: string[] }> {
  const code = primary.trim().toUpperCase();
  const raw = Array.isArray(list) ? list.map((c) => String(c)) : [];
  const country_list = withPrimary(code, raw);
  await assertCountriesExist(em, [code], 'country_code');
  await assertCountriesExist(em, country_list, 'country_list');
  return { country_code: code, country_list };
}

/** Replaces the operational countries of one owner. */
export async function saveOperationalCountries(
  em: EntityManager,
  kind: OrganisationKind,
  id: number,
  codes: readonly string[],
): Promise<void> {
  await em.query('DELETE FROM operational_country WHERE owner_type = ? AND owner_id = ?', [kind, id]);
  if (codes.length === 0) return;
  await em.query('INSERT INTO operational_country (owner_type, owner_id, country_code) VALUES ?', [
    codes.map((c) => [kind, id, c]),
  ]);
}
