import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ix_touch_date (customer_id, visit_local_date) is the prefix of ix_touch_dashboard, which covers every
 * column of touch: it was kept for the per-day touch checksums, dropped with the checksum tables
 * (DropDayChecksums). No query reads it since: EXPLAIN of every read of touch (response cube, responses
 * by site, frequencies, the sample's site-filtered rows, the attribution rebuild) on the 10M bench
 * database, unfiltered and with each filter, for 1, 7, 30 and 90 days, picks ix_touch_dashboard,
 * ix_touch_filtered or the primary key, never it. Each touch the ETL writes paid for it.
 */
export class DropTouchDateIndex1795666798996 implements MigrationInterface {
  name = 'DropTouchDateIndex1795666798996';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_touch_date ON touch');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX ix_touch_date ON touch (customer_id, visit_local_date)');
  }
}
