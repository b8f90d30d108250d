import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Retention1795909850695 implements MigrationInterface {
  name = 'Retention1795909850695';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE \`retention_run\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`keep_from\` date NOT NULL, \`started_at\` datetime(3) NOT NULL, \`finished_at\` datetime(3) NOT NULL, \`removed\` text NOT NULL, \`total_rows\` bigint UNSIGNED NOT NULL DEFAULT '0', INDEX \`IDX_49d8b71eb4c946df6e1c9a0ecc\` (\`customer_id\`, \`started_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(`ALTER TABLE \`customer\` ADD \`retention_months\` tinyint UNSIGNED NOT NULL DEFAULT '13'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`customer\` DROP COLUMN \`retention_months\``);
    await q.query(`DROP INDEX \`IDX_49d8b71eb4c946df6e1c9a0ecc\` ON \`retention_run\``);
    await q.query(`DROP TABLE \`retention_run\``);
  }
}
