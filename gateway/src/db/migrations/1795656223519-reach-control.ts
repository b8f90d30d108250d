import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/design.md#reach-frequency-and-lift at scale, the holdout's side: reach_control holds the control impressions of the
 * households reach_exposure samples (CRC32(household) mod 256 < 64), each with the local date of the
 * first visit it is a control touch of (start in [ts, ts + 7 x 24 h)), NULL when none; n counts the
 * impressions of one household at one instant in one cell (t_ms, its time in milliseconds since 1970).
 * Its days are built as reach_exposure's (summary kind 5, from the impressions' marks) and its
 * households recopied with theirs (reach_visit_note). ix_reach_exposure_household finds a sampled
 * household's exposed rows of a range, so a control household in Reach is left out with one probe.
 */
export class ReachControl1795656223519 implements MigrationInterface {
  name = 'ReachControl1795656223519';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reach_control (
      customer_id int unsigned NOT NULL,
      bucket smallint unsigned NOT NULL,
      local_date date NOT NULL,
      household_id bigint unsigned NOT NULL,
      booking_id int unsigned NOT NULL,
      creative_id int unsigned NOT NULL,
      region varchar(8) NOT NULL,
      daypart tinyint unsigned NOT NULL,
      campaign_id int unsigned NOT NULL,
      channel_id int unsigned NOT NULL,
      weekday tinyint unsigned NOT NULL,
      n int unsigned NOT NULL,
      t_ms bigint unsigned NOT NULL,
      resp_date date NULL,
      PRIMARY KEY (customer_id, bucket, local_date, household_id, t_ms, booking_id, creative_id, region, daypart,
        campaign_id, channel_id, weekday)
    ) ENGINE=InnoDB`);
    await q.query('CREATE INDEX ix_reach_exposure_household ON reach_exposure (customer_id, household_id, local_date)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_reach_exposure_household ON reach_exposure');
    await q.query('DROP TABLE reach_control');
    await q.query('DELETE FROM summary_built_day WHERE summary = 5');
  }
}
