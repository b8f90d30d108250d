import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event, visit, touch and rollup tables (docs/design.md#identity-time-and-geography to #visits-and-attribution). Written only by the ETL worker, read by the
 * dashboard. Times are UTC datetime(3); local_date / weekday (1 Mon..7 Sun) / daypart (1..8) are in
 * the customer's zone; region is the ISO 3166-2 code without country prefix, or 'UNK'.
 * Plain SQL (no TypeORM entities): these tables are written in bulk by hand-written statements.
 */
export class Events1795304391043 implements MigrationInterface {
  name = 'Events1795304391043';

  async up(q: QueryRunner): Promise<void> {
    // One ad impression. Idempotent by event_id (redelivery never double counts).
    await q.query(`CREATE TABLE impression_event (
      event_id varchar(64) NOT NULL,
      customer_id int unsigned NOT NULL,
      impression_tag_id int unsigned NOT NULL,
      booking_id int unsigned NOT NULL,
      campaign_id int unsigned NOT NULL,
      creative_id int unsigned NOT NULL,
      channel_id int unsigned NOT NULL,
      household_id bigint unsigned NOT NULL,
      ts datetime(3) NOT NULL,
      local_date date NOT NULL,
      weekday tinyint unsigned NOT NULL,
      daypart tinyint unsigned NOT NULL,
      region varchar(8) NOT NULL,
      PRIMARY KEY (event_id),
      KEY ix_impression_household (customer_id, household_id, ts),
      KEY ix_impression_date (customer_id, local_date)
    ) ENGINE=InnoDB`);
    // One page hit of a site tag.
    await q.query(`CREATE TABLE site_hit (
      event_id varchar(64) NOT NULL,
      customer_id int unsigned NOT NULL,
      site_tag_id int unsigned NOT NULL,
      household_id bigint unsigned NOT NULL,
      ts datetime(3) NOT NULL,
      region varchar(8) NOT NULL,
      url varchar(2000) NULL,
      PRIMARY KEY (event_id),
      KEY ix_hit_household (customer_id, household_id, ts),
      KEY ix_hit_tag_ts (site_tag_id, ts)
    ) ENGINE=InnoDB`);
    // A visit: hits of one household on one customer's site tags, <= 30 min apart. Time = first hit.
    await q.query(`CREATE TABLE visit (
      id bigint unsigned NOT NULL AUTO_INCREMENT,
      customer_id int unsigned NOT NULL,
      household_id bigint unsigned NOT NULL,
      start_ts datetime(3) NOT NULL,
      end_ts datetime(3) NOT NULL,
      local_date date NOT NULL,
      region varchar(8) NOT NULL,
      hits int unsigned NOT NULL,
      PRIMARY KEY (id),
      KEY ix_visit_household (customer_id, household_id, start_ts),
      KEY ix_visit_date (customer_id, local_date)
    ) ENGINE=InnoDB`);
    // Site tags a visit hit (its pages).
    await q.query(`CREATE TABLE visit_page (
      visit_id bigint unsigned NOT NULL,
      site_tag_id int unsigned NOT NULL,
      customer_id int unsigned NOT NULL,
      local_date date NOT NULL,
      PRIMARY KEY (visit_id, site_tag_id),
      KEY ix_page_date (customer_id, local_date, site_tag_id)
    ) ENGINE=InnoDB`);
    // A touch: an impression of the same customer and household with visit - 7 x 24 h < ts <= visit.
    // Denormalised with the impression's dimensions and the visit's date, so that every dashboard
    // filter on I(F) and the activating touch are one indexed range read per customer.
    await q.query(`CREATE TABLE touch (
      visit_id bigint unsigned NOT NULL,
      impression_event_id varchar(64) NOT NULL,
      customer_id int unsigned NOT NULL,
      visit_local_date date NOT NULL,
      visit_ts datetime(3) NOT NULL,
      impression_ts datetime(3) NOT NULL,
      impression_local_date date NOT NULL,
      booking_id int unsigned NOT NULL,
      campaign_id int unsigned NOT NULL,
      creative_id int unsigned NOT NULL,
      channel_id int unsigned NOT NULL,
      region varchar(8) NOT NULL,
      weekday tinyint unsigned NOT NULL,
      daypart tinyint unsigned NOT NULL,
      PRIMARY KEY (visit_id, impression_event_id),
      KEY ix_touch_date (customer_id, visit_local_date),
      KEY ix_touch_impression (impression_event_id)
    ) ENGINE=InnoDB`);
    // Impressions per customer x local date x every filterable dimension: I(F) counts without raw scans.
    await q.query(`CREATE TABLE impression_rollup (
      customer_id int unsigned NOT NULL,
      local_date date NOT NULL,
      booking_id int unsigned NOT NULL,
      campaign_id int unsigned NOT NULL,
      creative_id int unsigned NOT NULL,
      channel_id int unsigned NOT NULL,
      region varchar(8) NOT NULL,
      weekday tinyint unsigned NOT NULL,
      daypart tinyint unsigned NOT NULL,
      impressions bigint unsigned NOT NULL,
      PRIMARY KEY (customer_id, local_date, booking_id, creative_id, region, daypart),
      KEY ix_rollup_booking (booking_id, local_date)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['impression_rollup', 'touch', 'visit_page', 'visit', 'site_hit', 'impression_event']) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
