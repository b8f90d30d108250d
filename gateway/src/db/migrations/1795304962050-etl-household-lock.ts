import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per customer x household the ETL has seen: a batch locks the rows of the households it
 * touches (in key order) before rebuilding their visits and touches, so concurrent workers never
 * rebuild the same household's sessions from different snapshots.
 */
export class EtlHouseholdLock1795304962050 implements MigrationInterface {
  name = 'EtlHouseholdLock1795304962050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE etl_household_lock (
      customer_id int unsigned NOT NULL,
      household_id bigint unsigned NOT NULL,
      PRIMARY KEY (customer_id, household_id)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE etl_household_lock');
  }
}
