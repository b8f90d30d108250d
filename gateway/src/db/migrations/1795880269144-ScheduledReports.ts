import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Scheduled reports: schedules, recipients and one send per period and recipient (docs/operations.md#scheduled-reports). */

export class ScheduledReports1795880269144 implements MigrationInterface {
  name = 'ScheduledReports1795880269144';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE \`report_schedule\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`frequency\` varchar(8) NOT NULL, \`day\` tinyint UNSIGNED NOT NULL, \`hour\` tinyint UNSIGNED NOT NULL, \`time_zone\` varchar(64) NOT NULL, \`enabled\` tinyint NOT NULL DEFAULT 1, INDEX \`IDX_b3300c275d18a458b71aeb99e3\` (\`customer_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`report_recipient\` (\`schedule_id\` int UNSIGNED NOT NULL, \`user_id\` int UNSIGNED NOT NULL, INDEX \`IDX_d9ffda32dc3238eef1aa84ce54\` (\`user_id\`), PRIMARY KEY (\`schedule_id\`, \`user_id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`report_send\` (\`schedule_id\` int UNSIGNED NOT NULL, \`period_start\` date NOT NULL, \`user_id\` int UNSIGNED NOT NULL, \`email\` varchar(254) NOT NULL, \`sent_at\` datetime(3) NULL, \`result\` varchar(300) NOT NULL, PRIMARY KEY (\`schedule_id\`, \`period_start\`, \`user_id\`)) ENGINE=InnoDB`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE \`report_send\``);
    await q.query(`DROP INDEX \`IDX_d9ffda32dc3238eef1aa84ce54\` ON \`report_recipient\``);
    await q.query(`DROP TABLE \`report_recipient\``);
    await q.query(`DROP INDEX \`IDX_b3300c275d18a458b71aeb99e3\` ON \`report_schedule\``);
    await q.query(`DROP TABLE \`report_schedule\``);
  }
}
