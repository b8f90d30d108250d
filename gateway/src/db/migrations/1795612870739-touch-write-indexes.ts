import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Touch is the ETL's largest write (a visit gets a row per impression of its household in the 7 days
 * before it: about 1.3 touches per raw event on the 200k ingest bench, ~7 at 1M), and each secondary
 * index costs every one of those rows. ix_touch_impression (impression_event_id alone) is read by
 * nothing: touches are only deleted by visit_id, the primary key's prefix, and the dashboard reads
 * them by customer and visit date. Its keys are random, so each touch dirtied a random page.
 * ix_touch_date stays although ix_touch_dashboard starts with the same columns: the dashboard's
 * per-day touch checksum is an index-only scan of it, and the narrow index makes that scan ~3x smaller.
 */
export class TouchWriteIndexes1795612870739 implements MigrationInterface {
  name = 'TouchWriteIndexes1795612870739';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_touch_impression ON touch');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX ix_touch_impression ON touch (impression_event_id)');
  }
}
