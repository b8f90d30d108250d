import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Responses by site for an unfiltered range without joining every response to visit_page: per
 * customer, visit day, activating touch's day and site tag, the attributed visits that hit the tag.
 * Rebuilt with visit_attribution (same stale days); a visit's pages change only when the ETL
 * re-inserts the re-sessionised visit under a new id, which changes the day's touch checksum.
 * Clearing visit_attribution_day makes every day rebuild once, filling the new table.
 */
export class VisitAttributionSite1795308975065 implements MigrationInterface {
  name = 'VisitAttributionSite1795308975065';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE visit_attribution_site (
      customer_id int unsigned NOT NULL,
      visit_local_date date NOT NULL,
      act_local_date date NOT NULL,
      site_tag_id int unsigned NOT NULL,
      visits int unsigned NOT NULL,
      PRIMARY KEY (customer_id, visit_local_date, act_local_date, site_tag_id)
    ) ENGINE=InnoDB`);
    await q.query('DELETE FROM visit_attribution_day');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE visit_attribution_site');
  }
}
