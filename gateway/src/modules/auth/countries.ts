import type { EntityManager } from 'typeorm';
import type { EntityType } from '@infinitum/rules';

/** Primary country and operational countries of the user's organisation (spec 3: logged-in user). */
export interface UserCountries {
  country_code: string;
  country_list: string[];
}

const HOME = 'NZ';

// Fixed identifier maps: the table holding the primary country, and the operational_country owner type.
const PRIMARY_TABLE = { CUSTOMER: 'customer', BROADCASTER: 'broadcaster', ADTECH: 'adtech', AGENCY: 'agency' } as const;
const OPERATIONAL_KIND = { CUSTOMER: 'customer', BROADCASTER: 'broadcaster', ADTECH: 'adtech' } as const;

const primaryFirst = (primary: string, others: string[]) => [
  primary,
  ...[...new Set(others)].filter((c) => c !== primary).sort(),
];

export async function countriesOf(em: EntityManager, entityType: EntityType, entityId: number): Promise<UserCountries> {
  if (entityType === 'SYSTEM') {
    // The super admin works across every country any organisation operates in.
    const rows: { c: string }[] = await em.query(
      `SELECT country_code AS c FROM operational_country
       UNION SELECT country_code FROM customer
       UNION SELECT country_code FROM broadcaster
       UNION SELECT country_code FROM adtech
       UNION SELECT country_code FROM agency WHERE country_code IS NOT NULL`,
    );
    return {
      country_code: HOME,
      country_list: primaryFirst(
        HOME,
        rows.map((r) => r.c),
      ),
    };
  }
  const primaryRows: { c: string | null }[] = await em.query(
    `SELECT country_code AS c FROM ${PRIMARY_TABLE[entityType]} WHERE id = ?`,
    [entityId],
  );
  const primary = primaryRows[0]?.c || HOME;
  if (entityType === 'AGENCY') return { country_code: primary, country_list: [primary] };
  const rows: { c: string }[] = await em.query(
    'SELECT country_code AS c FROM operational_country WHERE owner_type = ? AND owner_id = ?',
    [OPERATIONAL_KIND[entityType], entityId],
  );
  return {
    country_code: primary,
    country_list: primaryFirst(
      primary,
      rows.map((r) => r.c),
    ),
  };
}
