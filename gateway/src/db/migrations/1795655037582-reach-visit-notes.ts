import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * reach_exposure follows new visits per household instead of rebuilding whole days (a day of
 * live visits made the 8 days before it rebuild, 35 s on the 10M set's first read).
 * - reach_visit_note: the writers' notes (summaries/marks.ts, noteReachVisits): a household of the sample
 *   whose visits changed, with the first and last local day of its rebuilt visits, under the value of
 *   the customer's noted counter its batch committed with.
 * - reach_visit_version: per customer two counters, `noted` (1, bumped by the writers, in the batch's
 *   transaction) and `applied` (2, the noted value reach_exposure's rows reflect; its row is also the
 *   lock every rebuild of the customer's reach_exposure takes).
 * A reach_exposure day's built version was the sum of its impression mark and of the visit marks of the
 * 8 days around; from now on it is the impression mark alone. Days built up to date keep their rows (the
 * version becomes that mark); the others are left unbuilt (rebuilt on their next read).
 */
export class ReachVisitNotes1795655037582 implements MigrationInterface {
  name = 'ReachVisitNotes1795655037582';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reach_visit_note (
      customer_id int unsigned NOT NULL,
      version bigint unsigned NOT NULL,
      household_id bigint unsigned NOT NULL,
      first_date date NOT NULL,
      last_date date NOT NULL,
      PRIMARY KEY (customer_id, version, household_id)
    ) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE reach_visit_version (
      customer_id int unsigned NOT NULL,
      counter tinyint unsigned NOT NULL,
      version bigint unsigned NOT NULL,
      PRIMARY KEY (customer_id, counter)
    ) ENGINE=InnoDB`);
    const mark = (summary: number, from: string, to: string) =>
      `COALESCE((SELECT SUM(s.version) FROM summary_stale_day s WHERE s.customer_id = summary_built_day.customer_id
         AND s.summary = ${summary} AND s.local_date BETWEEN ${from} AND ${to}), 0)`;
    const day = 'summary_built_day.local_date';
    await q.query(
      `DELETE FROM summary_built_day WHERE summary = 4 AND version <
         ${mark(1, day, day)} + ${mark(2, `${day} - INTERVAL 8 DAY`, `${day} + INTERVAL 8 DAY`)}`,
    );
    await q.query(`UPDATE summary_built_day SET version = ${mark(1, day, day)} WHERE summary = 4`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The code before sums the visit marks into a day's version: every day is rebuilt once.
    await q.query('DELETE FROM summary_built_day WHERE summary = 4');
    await q.query('DROP TABLE reach_visit_version');
    await q.query('DROP TABLE reach_visit_note');
  }
}
