import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's summaries are rebuilt per customer-day when the writers say a day changed,
 * instead of comparing checksums of the source tables on every read.
 * - summary_stale_day: the writers' marks (summaries/marks.ts), one row per customer, summary
 *   (1 impression_cell, 2 visit_attribution and the response summaries) and local day, its version
 *   bumped by every transaction that changed the day.
 * - summary_built_day: the version each summary's day was last rebuilt from. A day is rebuilt when it
 *   has no row here (never built: this makes every day of an upgraded database rebuild once) or its
 *   mark is newer. It replaces the checksum tables visit_attribution_day and impression_cell_day,
 *   which are left in place (unused) here: databases shared with code before this change (the bench's)
 *   keep working; a later migration drops them.
 * - response_day_views, response_day_region, response_day_touch: the three groupings of the range's
 *   responses the dashboard needs (docs/design.md#visits-and-attribution), per visit day and `cut`: the range start cuts a visit's
 *   touches to those on or after the start, i.e. at most cut = (visit day - start) days before the
 *   visit (cut 8: every touch, any visit 8 or more days after the start). A row of cut c counts the
 *   attributed visits whose activating touch is at most c days before the visit, with views = their
 *   touches at most c days before. A range reads cut 8 for its days from start + 8 on and cut k for
 *   day start + k: ~30 x (a few hundred) rows instead of every response. The cut leads the key, so
 *   those reads are index ranges.
 */
export class SummaryStaleDays1795632947466 implements MigrationInterface {
  name = 'SummaryStaleDays1795632947466';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['summary_stale_day', 'summary_built_day']) {
      await q.query(`CREATE TABLE ${table} (
        customer_id int unsigned NOT NULL,
        summary tinyint unsigned NOT NULL,
        local_date date NOT NULL,
        version bigint unsigned NOT NULL,
        PRIMARY KEY (customer_id, summary, local_date)
      ) ENGINE=InnoDB`);
    }
    // The response summaries: customer, cut and visit day, then each grouping's own key, and responses.
    const summaries: [table: string, key: [string, string][]][] = [
      [
        'response_day_views',
        [
          ['bucket', 'tinyint unsigned'],
          ['views', 'int unsigned'],
        ],
      ],
      ['response_day_region', [['region', 'varchar(8)']]],
      [
        'response_day_touch',
        [
          ['creative_id', 'int unsigned'],
          ['channel_id', 'int unsigned'],
          ['weekday', 'tinyint unsigned'],
          ['daypart', 'tinyint unsigned'],
        ],
      ],
    ];
    for (const [table, key] of summaries) {
      await q.query(
        `CREATE TABLE ${table} (customer_id int unsigned NOT NULL, cut tinyint unsigned NOT NULL,
           visit_local_date date NOT NULL, ${key.map(([name, type]) => `${name} ${type} NOT NULL, `).join('')}
           responses int unsigned NOT NULL,
           PRIMARY KEY (customer_id, cut, visit_local_date, ${key.map(([name]) => name).join(', ')})) ENGINE=InnoDB`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE response_day_touch');
    await q.query('DROP TABLE response_day_region');
    await q.query('DROP TABLE response_day_views');
    for (const table of ['summary_built_day', 'summary_stale_day']) await q.query(`DROP TABLE ${table}`);
  }
}
