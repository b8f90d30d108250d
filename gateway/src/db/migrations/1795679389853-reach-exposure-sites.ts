import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/design.md#reach-frequency-and-lift's sample read with a site filter without probing visit and touch per sampled household
 * (at 10M that probe made reach_frequency and incremental_lift with a site filter 0.4-1.2 s).
 * reach_exposure's rows so far are site_tag_id 0 (every visit); an impression gets one row more per
 * site tag that a visit in its (ts - 7 x 24 h, ts + 7 x 24 h] window hit, whose t_key flags and
 * resp_date count only the visits that hit that site (as reach_holdout's per-site rows do). Every read
 * without a site filter keeps to site_tag_id 0. The rows and built days are dropped: every day is
 * rebuilt with its site rows on its next read.
 */
export class ReachExposureSites1795679389853 implements MigrationInterface {
  name = 'ReachExposureSites1795679389853';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM summary_built_day WHERE summary = 4');
    await q.query('TRUNCATE TABLE reach_exposure');
    await q.query(`ALTER TABLE reach_exposure ADD COLUMN site_tag_id int unsigned NOT NULL DEFAULT 0 AFTER weekday,
      DROP PRIMARY KEY, ADD PRIMARY KEY (customer_id, bucket, local_date, household_id, t_key, booking_id, creative_id,
        region, daypart, campaign_id, channel_id, weekday, site_tag_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM summary_built_day WHERE summary = 4');
    await q.query('TRUNCATE TABLE reach_exposure');
    await q.query(`ALTER TABLE reach_exposure DROP PRIMARY KEY, DROP COLUMN site_tag_id,
      ADD PRIMARY KEY (customer_id, bucket, local_date, household_id, t_key, booking_id, creative_id, region, daypart,
        campaign_id, channel_id, weekday)`);
  }
}
