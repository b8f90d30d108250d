import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Today's activity for the super admin's System Health tab, kept by the ETL in the
 * same transaction as the events it counts (etl/daily-activity.ts): hits per customer local day and
 * booking (impressions, subject 1) or site tag (site hits, subject 2). "Today" never scans raw events.
 * Plain SQL like the other pipeline tables (no entity).
 */
export class DailyActivity1795440929153 implements MigrationInterface {
  name = 'DailyActivity1795440929153';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE daily_activity (
      local_date date NOT NULL,
      customer_id int unsigned NOT NULL,
      subject tinyint unsigned NOT NULL,
      subject_id int unsigned NOT NULL,
      hits bigint unsigned NOT NULL,
      PRIMARY KEY (local_date, customer_id, subject, subject_id)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE daily_activity');
  }
}
