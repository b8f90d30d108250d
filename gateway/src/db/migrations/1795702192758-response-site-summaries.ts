import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/design.md#visits-and-attribution with a site filter (it narrows visits only): the response summaries per site tag, so a
 * site-filtered range reads a few thousand summary rows as an unfiltered one does, instead of every
 * attributed visit of the range with a probe of visit_page each (10M dashboard world, 30 days:
 * impression_summary ~1 s with a site filter, ~45 ms without). response_site_views is response_day_views
 * restricted to the visits that hit site_tag_id (per cut, as views depend on it); response_site_region,
 * _touch and _pages count those visits by the activating touch's region, by its creative, channel,
 * weekday and daypart, and by each site tag the visit hit (responses_by_site), per visit day and `lag`
 * (days from the activating touch's local date to the visit's, 0..8), which a range starting k days
 * before the visit keeps up to k: a third of the rows the cuts would take (the touch grouping, 10M
 * world: 0.22M rows against 1.35M, 1.2 s to build 46 days against 7.6 s). Built from visit_attribution
 * per customer-day (refresh-site-attribution.ts, recorded in summary_built_day as summary 7), only when
 * a site filter is read. New tables only: code before this change reading the same database (the
 * benches') is unaffected.
 */
export class ResponseSiteSummaries1795702192758 implements MigrationInterface {
  name = 'ResponseSiteSummaries1795702192758';

  async up(q: QueryRunner): Promise<void> {
    const site = 'customer_id int unsigned NOT NULL, site_tag_id int unsigned NOT NULL';
    const head = `${site}, visit_local_date date NOT NULL`;
    const tail = 'responses int unsigned NOT NULL';
    await q.query(`CREATE TABLE response_site_views (${site}, cut tinyint unsigned NOT NULL, visit_local_date date NOT NULL,
        bucket tinyint unsigned NOT NULL, views int unsigned NOT NULL, ${tail},
        PRIMARY KEY (customer_id, site_tag_id, cut, visit_local_date, bucket, views)) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE response_site_region (${head}, lag tinyint unsigned NOT NULL, region varchar(8) NOT NULL,
        ${tail}, PRIMARY KEY (customer_id, site_tag_id, visit_local_date, lag, region)) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE response_site_touch (${head}, lag tinyint unsigned NOT NULL,
        creative_id int unsigned NOT NULL, channel_id int unsigned NOT NULL, weekday tinyint unsigned NOT NULL,
        daypart tinyint unsigned NOT NULL, ${tail},
        PRIMARY KEY (customer_id, site_tag_id, visit_local_date, lag, creative_id, channel_id, weekday, daypart)) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE response_site_pages (${head}, lag tinyint unsigned NOT NULL,
        page_site_tag_id int unsigned NOT NULL, ${tail},
        PRIMARY KEY (customer_id, site_tag_id, visit_local_date, lag, page_site_tag_id)) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['response_site_pages', 'response_site_touch', 'response_site_region', 'response_site_views'])
      await q.query(`DROP TABLE ${table}`);
    await q.query('DELETE FROM summary_built_day WHERE summary = 7');
  }
}
