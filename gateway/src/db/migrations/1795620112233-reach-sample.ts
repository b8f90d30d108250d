import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/design.md#reach-frequency-and-lift at scale: a fixed household sample of the impressions (not written by the ETL). A
 * household's bucket is CRC32 of its id modulo 256; the impressions of households in the buckets below
 * STORED_BUCKETS (refresh-reach-sample.ts) are copied here, so a read at rate k/256 is k index ranges per customer and date range.
 * Rebuilt per customer-day when the day's rollup checksum (reach_sample_day: cells, impressions and
 * a weighted sum, as impression_cell_day) changes.
 */
export class ReachSample1795620112233 implements MigrationInterface {
  name = 'ReachSample1795620112233';

  async up(q: QueryRunner): Promise<void> {
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
    // The same day checksums as impression_cell_day, of the days the sample was built from.
    await q.query('CREATE TABLE reach_sample_day LIKE impression_cell_day');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reach_sample_day');
    await q.query('DROP TABLE reach_sample');
  }
}
