import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/invalid-traffic.md#opt-out: the households that opted out, per customer (rule 2, `opt_out`). The household is
 * the salted hash the collector computes from the browser's address, never the address. `id` only orders the rows:
 * the ETL reloads its copy when the highest id moves.
 */
export class OptOut1795912000000 implements MigrationInterface {
  name = 'OptOut1795912000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE opt_out (
      id int unsigned NOT NULL AUTO_INCREMENT,
      customer_id int unsigned NOT NULL,
      household_id bigint unsigned NOT NULL,
      created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      PRIMARY KEY (id),
      UNIQUE KEY ux_opt_out (customer_id, household_id),
      KEY ix_opt_out_household (household_id)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE opt_out');
  }
}
