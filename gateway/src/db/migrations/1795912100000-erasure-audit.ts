import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/security.md#erasure: one row per erasure of a household (who asked, when, the household's salted id, whether it
 * was given as an address — never the address itself — and the rows removed per table).
 */
export class ErasureAudit1795912100000 implements MigrationInterface {
  name = 'ErasureAudit1795912100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE erasure_audit (
      id int unsigned NOT NULL AUTO_INCREMENT,
      household_id bigint unsigned NOT NULL,
      given_as varchar(16) NOT NULL,
      requested_by int unsigned NOT NULL,
      requested_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      customers int unsigned NOT NULL,
      days int unsigned NOT NULL,
      removed text NOT NULL,
      total_rows int unsigned NOT NULL,
      PRIMARY KEY (id)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE erasure_audit');
  }
}
