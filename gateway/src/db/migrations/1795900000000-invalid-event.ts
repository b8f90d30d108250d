import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/invalid-traffic.md: invalid traffic (bots, prefetches, data-centre addresses, GPC, ...) stored apart from the
 * event tables with its reason, so that no section 4 or 4b number can count it, and the report can count it per
 * customer, local date and reason. A `gpc` hit has no household (NULL). booking_id prices an impression's would-be
 * spend; NULL for a site hit.
 */
export class InvalidEvent1795900000000 implements MigrationInterface {
  name = 'InvalidEvent1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE invalid_event (
      customer_id int unsigned NOT NULL,
      event_id varchar(64) NOT NULL,
      kind char(1) NOT NULL,
      tag_id int unsigned NOT NULL,
      booking_id int unsigned NULL,
      household_id bigint unsigned NULL,
      ts datetime(3) NOT NULL,
      local_date date NOT NULL,
      reason varchar(16) NOT NULL,
      control tinyint(1) NOT NULL DEFAULT 0,
      PRIMARY KEY (customer_id, event_id),
      KEY ix_invalid_date (customer_id, local_date, reason)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE invalid_event');
  }
}
