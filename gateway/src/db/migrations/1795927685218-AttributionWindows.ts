import type { MigrationInterface, QueryRunner } from 'typeorm';

/** docs/design.md#attribution-settings: a customer's touch window W and same-day window S, and the changes that put them in force. */
export class AttributionWindows1795927685218 implements MigrationInterface {
  name = 'AttributionWindows1795927685218';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE \`attribution_change\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`from_touch_hours\` smallint UNSIGNED NOT NULL, \`from_same_day_hours\` smallint UNSIGNED NOT NULL, \`touch_hours\` smallint UNSIGNED NOT NULL, \`same_day_hours\` smallint UNSIGNED NOT NULL, \`status\` varchar(12) NOT NULL DEFAULT 'pending', \`days_done\` int UNSIGNED NOT NULL DEFAULT '0', \`days_total\` int UNSIGNED NOT NULL DEFAULT '0', \`requested_by\` int UNSIGNED NULL, \`requested_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`started_at\` datetime(3) NULL, \`finished_at\` datetime(3) NULL, INDEX \`IDX_f48b2652518743d216f1f1d02e\` (\`customer_id\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(`ALTER TABLE \`customer\` ADD \`touch_window_hours\` smallint UNSIGNED NOT NULL DEFAULT '168'`);
    await q.query(`ALTER TABLE \`customer\` ADD \`same_day_window_hours\` smallint UNSIGNED NOT NULL DEFAULT '24'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`customer\` DROP COLUMN \`same_day_window_hours\``);
    await q.query(`ALTER TABLE \`customer\` DROP COLUMN \`touch_window_hours\``);
    await q.query(`DROP INDEX \`IDX_f48b2652518743d216f1f1d02e\` ON \`attribution_change\``);
    await q.query(`DROP TABLE \`attribution_change\``);
  }
}
