import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's own summary of attribution (not written by the ETL): per visit with touches, its
 * latest touch (the activating one whenever the range reaches it) and its touches counted by how
 * many local days before the visit they fell (v0..v8), so an unfiltered range's views and responses
 * need no window over every touch. Refreshed by the dashboard per customer-day when the day's touch
 * checksum (visit_attribution_day) no longer matches the touch table. Clustered by customer and
 * visit date, so a range is one sequential read.
 */
export class VisitAttribution1795307925995 implements MigrationInterface {
  name = 'VisitAttribution1795307925995';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE visit_attribution (
      visit_id bigint unsigned NOT NULL,
      customer_id int unsigned NOT NULL,
      visit_local_date date NOT NULL,
      visit_ts datetime(3) NOT NULL,
      act_ts datetime(3) NOT NULL,
      act_local_date date NOT NULL,
      creative_id int unsigned NOT NULL,
      channel_id int unsigned NOT NULL,
      region varchar(8) NOT NULL,
      weekday tinyint unsigned NOT NULL,
      daypart tinyint unsigned NOT NULL,
      v0 smallint unsigned NOT NULL, v1 smallint unsigned NOT NULL, v2 smallint unsigned NOT NULL,
      v3 smallint unsigned NOT NULL, v4 smallint unsigned NOT NULL, v5 smallint unsigned NOT NULL,
      v6 smallint unsigned NOT NULL, v7 smallint unsigned NOT NULL, v8 smallint unsigned NOT NULL,
      PRIMARY KEY (customer_id, visit_local_date, visit_id),
      KEY ix_attribution_visit (visit_id)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE visit_attribution_day (
      customer_id int unsigned NOT NULL,
      visit_local_date date NOT NULL,
      touches bigint unsigned NOT NULL,
      visit_sum decimal(38,0) NOT NULL,
      crc_sum decimal(38,0) NOT NULL,
      PRIMARY KEY (customer_id, visit_local_date)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE visit_attribution_day');
    await q.query('DROP TABLE visit_attribution');
  }
}
