import type { MigrationInterface, QueryRunner } from 'typeorm';

/** docs/architecture.md#summaries: how far before a visit the ETL writes a customer's touches (a superset of W). */
export class TouchTableWidth1795928142750 implements MigrationInterface {
  name = 'TouchTableWidth1795928142750';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`customer\` ADD \`touch_table_hours\` smallint UNSIGNED NOT NULL DEFAULT '168'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`customer\` DROP COLUMN \`touch_table_hours\``);
  }
}
