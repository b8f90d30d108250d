import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's summaries are rebuilt from the writers' stale marks (summary_stale_day and
 * summary_built_day) instead of per-day checksums of their sources: the checksum tables are
 * read by nothing. Without a built-day row every summary's day is rebuilt once on its first read.
 */
export class DropDayChecksums1795637206240 implements MigrationInterface {
  name = 'DropDayChecksums1795637206240';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['visit_attribution_day', 'impression_cell_day', 'reach_sample_day']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE visit_attribution_day (
      customer_id int unsigned NOT NULL,
      visit_local_date date NOT NULL,
      touches bigint unsigned NOT NULL,
      visit_sum decimal(38,0) NOT NULL,
      crc_sum decimal(38,0) NOT NULL,
      PRIMARY KEY (customer_id, visit_local_date)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE impression_cell_day (
      customer_id int unsigned NOT NULL,
      local_date date NOT NULL,
      cells bigint unsigned NOT NULL,
      impressions decimal(38,0) NOT NULL,
      weighted decimal(38,0) NOT NULL,
      PRIMARY KEY (customer_id, local_date)
    ) ENGINE=InnoDB`);
    await q.query('CREATE TABLE reach_sample_day LIKE impression_cell_day');
  }
}
