import type { MigrationInterface, QueryRunner } from 'typeorm';

/** docs/operations.md#alerts: a booking's optional planned impressions, the pace the under_delivery rule checks. */
export class PlannedImpressions1795920000000 implements MigrationInterface {
  name = 'PlannedImpressions1795920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`booking\` ADD \`planned_impressions\` int UNSIGNED NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`booking\` DROP COLUMN \`planned_impressions\``);
  }
}
