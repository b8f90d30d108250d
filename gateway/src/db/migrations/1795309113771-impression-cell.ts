import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's own coarser copy of impression_rollup (not written by the ETL): the same
 * impressions without region, about an eighth of the rows, read whenever a filter does not
 * constrain region. Rebuilt per customer-day when the day's rollup checksum
 * (impression_cell_day: rows, impressions, a weighted sum over the kept dimensions) changes.
 */
export class ImpressionCell1795309113771 implements MigrationInterface {
  name = 'ImpressionCell1795309113771';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE impression_cell (
      customer_id int unsigned NOT NULL,
      local_date date NOT NULL,
      booking_id int unsigned NOT NULL,
      creative_id int unsigned NOT NULL,
      daypart tinyint unsigned NOT NULL,
      campaign_id int unsigned NOT NULL,
      channel_id int unsigned NOT NULL,
      weekday tinyint unsigned NOT NULL,
      impressions bigint unsigned NOT NULL,
      PRIMARY KEY (customer_id, local_date, booking_id, creative_id, daypart, campaign_id, channel_id, weekday)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE impression_cell_day (
      customer_id int unsigned NOT NULL,
      local_date date NOT NULL,
      cells bigint unsigned NOT NULL,
      impressions decimal(38,0) NOT NULL,
      weighted decimal(38,0) NOT NULL,
      PRIMARY KEY (customer_id, local_date)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE impression_cell_day');
    await q.query('DROP TABLE impression_cell');
  }
}
