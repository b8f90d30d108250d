import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * reach_sample (summary kind 3) was replaced by reach_exposure (kind 4), which keeps the same households
 * with their visit flags: nothing reads or builds it any more. Its built-day rows go with it. A database
 * migrated back down rebuilds it from the impressions' marks on its first read.
 */
export class DropReachSample1795648135943 implements MigrationInterface {
  name = 'DropReachSample1795648135943';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reach_sample');
    await q.query('DELETE FROM summary_built_day WHERE summary = 3');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reach_sample (
      customer_id int unsigned NOT NULL,
      bucket smallint unsigned NOT NULL,
      local_date date NOT NULL,
      household_id bigint unsigned NOT NULL,
      ts datetime(3) NOT NULL,
      event_id varchar(64) NOT NULL,
      booking_id int unsigned NOT NULL,
      campaign_id int unsigned NOT NULL,
      creative_id int unsigned NOT NULL,
      channel_id int unsigned NOT NULL,
      region varchar(8) NOT NULL,
      weekday tinyint unsigned NOT NULL,
      daypart tinyint unsigned NOT NULL,
      PRIMARY KEY (customer_id, bucket, local_date, household_id, ts, event_id)
    ) ENGINE=InnoDB`);
  }
}
