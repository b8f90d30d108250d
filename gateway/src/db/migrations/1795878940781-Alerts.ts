import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Alert rules, episodes, reads, sends and runs, and the task lease (docs/operations.md#alerts). */

export class Alerts1795878940781 implements MigrationInterface {
  name = 'Alerts1795878940781';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE \`alert_rule\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`kind\` varchar(32) NOT NULL, \`enabled\` tinyint NOT NULL DEFAULT 1, \`threshold\` int UNSIGNED NOT NULL, \`min_volume\` int UNSIGNED NOT NULL DEFAULT '0', \`quiet_hours\` int UNSIGNED NOT NULL DEFAULT '24', UNIQUE INDEX \`IDX_093ac519f9e7af22a04cca59b4\` (\`customer_id\`, \`kind\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`alert_recipient\` (\`rule_id\` int UNSIGNED NOT NULL, \`user_id\` int UNSIGNED NOT NULL, INDEX \`IDX_7977950adfc691286b5ac1bbd2\` (\`user_id\`), PRIMARY KEY (\`rule_id\`, \`user_id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`alert_episode\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`rule_id\` int UNSIGNED NOT NULL, \`customer_id\` int UNSIGNED NOT NULL, \`kind\` varchar(32) NOT NULL, \`subject_id\` int UNSIGNED NOT NULL, \`title\` varchar(300) NOT NULL, \`detail\` varchar(500) NOT NULL, \`link\` varchar(300) NOT NULL, \`open_key\` varchar(64) NULL, \`opened_at\` datetime(3) NOT NULL, \`resolved_at\` datetime(3) NULL, UNIQUE INDEX \`IDX_140174af9c6363516d9926af51\` (\`open_key\`), INDEX \`IDX_9e174a61b02bd3a7fbfab6513f\` (\`rule_id\`, \`subject_id\`, \`resolved_at\`), INDEX \`IDX_0a4226d5e9e82c5a1b0c6edf00\` (\`customer_id\`, \`opened_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`alert_read\` (\`episode_id\` int UNSIGNED NOT NULL, \`user_id\` int UNSIGNED NOT NULL, PRIMARY KEY (\`episode_id\`, \`user_id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`alert_send\` (\`episode_id\` int UNSIGNED NOT NULL, \`user_id\` int UNSIGNED NOT NULL, \`email\` varchar(254) NOT NULL, \`sent_at\` datetime(3) NULL, \`result\` varchar(300) NOT NULL, PRIMARY KEY (\`episode_id\`, \`user_id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`task_lease\` (\`name\` varchar(64) NOT NULL, \`owner\` varchar(100) NOT NULL, \`expires_at\` datetime(3) NOT NULL, PRIMARY KEY (\`name\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`alert_run\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`owner\` varchar(100) NOT NULL, \`started_at\` datetime(3) NOT NULL, \`opened\` int UNSIGNED NOT NULL DEFAULT '0', \`resolved\` int UNSIGNED NOT NULL DEFAULT '0', \`mailed\` int UNSIGNED NOT NULL DEFAULT '0', \`result\` varchar(300) NOT NULL DEFAULT 'ok', INDEX \`IDX_17bac8f1fb7b80055358f6b940\` (\`started_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX \`IDX_17bac8f1fb7b80055358f6b940\` ON \`alert_run\``);
    await q.query(`DROP TABLE \`alert_run\``);
    await q.query(`DROP TABLE \`task_lease\``);
    await q.query(`DROP TABLE \`alert_send\``);
    await q.query(`DROP TABLE \`alert_read\``);
    await q.query(`DROP INDEX \`IDX_0a4226d5e9e82c5a1b0c6edf00\` ON \`alert_episode\``);
    await q.query(`DROP INDEX \`IDX_9e174a61b02bd3a7fbfab6513f\` ON \`alert_episode\``);
    await q.query(`DROP INDEX \`IDX_140174af9c6363516d9926af51\` ON \`alert_episode\``);
    await q.query(`DROP TABLE \`alert_episode\``);
    await q.query(`DROP INDEX \`IDX_7977950adfc691286b5ac1bbd2\` ON \`alert_recipient\``);
    await q.query(`DROP TABLE \`alert_recipient\``);
    await q.query(`DROP INDEX \`IDX_093ac519f9e7af22a04cca59b4\` ON \`alert_rule\``);
    await q.query(`DROP TABLE \`alert_rule\``);
  }
}
