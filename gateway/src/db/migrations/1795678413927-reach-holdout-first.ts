import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/design.md#reach-frequency-and-lift's control group without grouping its rows (at 10M, 30 days, ~170k control rows
 * grouped into ~81k households cost most of incremental_lift's time).
 * - reach_holdout.prev_date: on each site_tag_id 0 row, the local date of the row before it of the same
 *   household (in (local_date, t_ms, cell) order; NULL for its first). Of a household's rows in a range
 *   of dates exactly one, its first there, has a prev_date before the start (or none).
 * - reach_holdout_first: per customer, local date and prev_date ('1000-01-01' for none), how many
 *   site_tag_id 0 rows with exposed = 0 have them. The control households of a date-only filter are
 *   then a sum over (day in range, prev_date before the start): a few hundred rows, not 170k.
 * - ix_reach_holdout_household finds a household's rows (its chain of prev_date is recomputed whenever
 *   its rows change); ix_reach_holdout_resp reads only the rows whose touched visit is in range (the
 *   responders); ix_reach_holdout_exposed the rows of households that have impressions (probed). Each
 *   holds the columns its reads need (a secondary index carries the key's columns too), so no row is
 *   looked up.
 * The table's rows and built days are dropped: every day is rebuilt with its chains on its next read.
 */
export class ReachHoldoutFirst1795678413927 implements MigrationInterface {
  name = 'ReachHoldoutFirst1795678413927';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM summary_built_day WHERE summary = 6');
    await q.query('TRUNCATE TABLE reach_holdout');
    await q.query(`ALTER TABLE reach_holdout ADD COLUMN prev_date date NULL,
      ADD INDEX ix_reach_holdout_household (customer_id, household_id, site_tag_id, exposed, prev_date),
      ADD INDEX ix_reach_holdout_resp (customer_id, site_tag_id, resp_date, exposed),
      ADD INDEX ix_reach_holdout_exposed (customer_id, exposed, site_tag_id, local_date, prev_date)`);
    await q.query(`CREATE TABLE reach_holdout_first (
      customer_id int unsigned NOT NULL,
      local_date date NOT NULL,
      prev_date date NOT NULL,
      households int NOT NULL,
      PRIMARY KEY (customer_id, local_date, prev_date)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reach_holdout_first');
    await q.query(`ALTER TABLE reach_holdout DROP INDEX ix_reach_holdout_exposed, DROP INDEX ix_reach_holdout_resp,
      DROP INDEX ix_reach_holdout_household, DROP COLUMN prev_date`);
  }
}
