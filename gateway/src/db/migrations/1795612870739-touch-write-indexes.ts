import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Touch is the ETL's largest write (a visit gets a row per impression of its household in the 7 days
 * before it: ~7 touches per raw event on the 1M ingest bench), and each secondary index costs every
 * one of those rows. Two were read by nothing: ix_touch_impression (impression_event_id alone; touches
 * are only ever deleted by visit_id, the primary key's prefix) and ix_touch_date (customer_id,
 * visit_local_date), a prefix of ix_touch_dashboard, which serves the same ranges and covers them.
 * ix_touch_impression was the costly one: its keys are random, so each touch dirtied a random page.
 */
export class TouchWriteIndexes1795612870739 implements MigrationInterface {
  name = 'TouchWriteIndexes1795612870739';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_touch_impression ON touch');
    await q.query('DROP INDEX ix_touch_date ON touch');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX ix_touch_date ON touch (customer_id, visit_local_date)');
    await q.query('CREATE INDEX ix_touch_impression ON touch (impression_event_id)');
  }
}
