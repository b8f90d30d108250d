import type { EntityManager } from 'typeorm';

/** A customer of the dashboard's client dropdown: name = display_name, else cust_name. */
export interface DashboardCustomerRow {
  id: number;
  name: string;
}

/** Customers by id ('all' for the super admin), sorted by name. */
export async function queryDashboardCustomers(
  em: EntityManager,
  customerIds: 'all' | number[],
): Promise<DashboardCustomerRow[]> {
  if (customerIds !== 'all' && customerIds.length === 0) return [];
  const where = customerIds === 'all' ? '' : `WHERE c.id IN (${customerIds.map(() => '?').join(',')})`;
  const rows: { id: number; name: string }[] = await em.query(
    `SELECT c.id, COALESCE(NULLIF(TRIM(c.display_name), ''), c.cust_name) AS name
       FROM customer c ${where}
      ORDER BY name, c.id`,
    customerIds === 'all' ? [] : customerIds,
  );
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}
