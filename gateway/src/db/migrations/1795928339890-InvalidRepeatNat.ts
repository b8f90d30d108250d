import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/invalid-traffic.md, rules 6-7 (`repeat`, `nat`): each customer's H (nat_hourly_limit); on invalid_event, an
 * impression's dimensions (so a stored repeat or nat can be counted again when a late hit changes its class) and a
 * (customer, household, time) index the ETL reads a household's hours through; (customer, household) indexes on
 * reach_exposure and reach_visit_note, whose keys lead with other columns, so an erasure no longer scans them.
 */
export class InvalidRepeatNat1795928339890 implements MigrationInterface {
  name = 'InvalidRepeatNat1795928339890';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`customer\` ADD \`nat_hourly_limit\` smallint UNSIGNED NOT NULL DEFAULT '100'`);
    await q.query(`ALTER TABLE invalid_event
      ADD campaign_id int unsigned NULL,
      ADD creative_id int unsigned NULL,
      ADD channel_id int unsigned NULL,
      ADD region varchar(8) NULL,
      ADD weekday tinyint unsigned NULL,
      ADD daypart tinyint unsigned NULL,
      ADD KEY ix_invalid_household (customer_id, household_id, ts)`);
    await q.query('ALTER TABLE reach_exposure ADD KEY ix_reach_exposure_household (customer_id, household_id)');
    await q.query('ALTER TABLE reach_visit_note ADD KEY ix_reach_visit_note_household (customer_id, household_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE reach_visit_note DROP KEY ix_reach_visit_note_household');
    await q.query('ALTER TABLE reach_exposure DROP KEY ix_reach_exposure_household');
    await q.query(`ALTER TABLE invalid_event DROP KEY ix_invalid_household, DROP COLUMN campaign_id,
      DROP COLUMN creative_id, DROP COLUMN channel_id, DROP COLUMN region, DROP COLUMN weekday, DROP COLUMN daypart`);
    await q.query(`ALTER TABLE \`customer\` DROP COLUMN \`nat_hourly_limit\``);
  }
}
