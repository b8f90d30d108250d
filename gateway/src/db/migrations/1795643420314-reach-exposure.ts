import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/design.md#reach-frequency-and-lift at scale: the household sample with what the reach and lift reads probed the
 * visits for, precomputed per sampled household, day and cell (reach/refresh-exposure.ts).
 * A row: an impression of a household of the sample (CRC32(household) mod 256 < 64), n of them
 * when several share the household, instant and cell; t_key = its time as milliseconds since
 * 1970 x 4 + 2 x (a visit in the 7 x 24 h before it, or at it) + (a visit in the 7 x 24 h after it),
 * so MIN(t_key) over any set of rows is t0 with its pre/post flags; resp_date = the earliest local
 * date of a visit it touches (start in [ts, ts + 7 x 24 h)), NULL when none. A read groups these rows
 * by household: no probe of visit or touch per household.
 * ix_reach_exposure_filtered leads with the dimensions ix_rollup_filtered does, so a filtered read
 * (region, creative, daypart IN lists) is a few index ranges of the matching rows instead of every
 * row of the sampled buckets. reach_sample (kind 3) stays for databases shared with code before
 * this change (the bench's); a later migration drops it.
 */
export class ReachExposure1795643420314 implements MigrationInterface {
  name = 'ReachExposure1795643420314';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reach_exposure (
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
      t_key bigint unsigned NOT NULL,
      resp_date date NULL,
      PRIMARY KEY (customer_id, bucket, local_date, household_id, t_key, booking_id, creative_id, region, daypart,
        campaign_id, channel_id, weekday),
      KEY ix_reach_exposure_filtered (customer_id, region, creative_id, daypart, bucket, local_date, household_id,
        booking_id, campaign_id, channel_id, weekday, n, t_key, resp_date)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reach_exposure');
  }
}
