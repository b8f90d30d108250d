import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/design.md#visits-and-attribution with one creative in F (dates and at most one site tag besides): the response summaries per
 * creative, so a creative-filtered range reads summary rows instead of the window over the creative's
 * touches (10M holdout world, 30 days: ~1.1M touches, impression_summary ~296 ms p50). The activating
 * touch is chosen among that creative's touches only (I(F) holds no other), so these are not the visits
 * summary narrowed: visit_creative_attribution is visit_attribution per (visit, creative), the window
 * PARTITION BY visit_id, creative_id (its latest touch of the creative and the creative's touches per
 * day offset v0..v8). From it, as the per-site summaries (migration ResponseSiteSummaries) with the
 * creative leading: response_creative_views per cut; _region, _touch and _pages per lag (days from the
 * activating touch's local date to the visit's, 0..8). site_tag_id 0 holds every visit of the creative;
 * another site tag, the visits that hit it (one site tag in F). Built per customer-day for every creative
 * on the first creative-filtered read (refresh-creative-attribution.ts), from the writers' marks of the
 * visits' days as visit_attribution is (summary 8 in summary_built_day): a late touch marks its visit's
 * day. New tables only: code before this change reading the same database is unaffected.
 */
export class ResponseCreativeSummaries1795714225258 implements MigrationInterface {
  name = 'ResponseCreativeSummaries1795714225258';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE visit_creative_attribution (
      customer_id int unsigned NOT NULL,
      visit_local_date date NOT NULL,
      creative_id int unsigned NOT NULL,
      visit_id bigint unsigned NOT NULL,
      visit_ts datetime(3) NOT NULL,
      act_ts datetime(3) NOT NULL,
      act_local_date date NOT NULL,
      channel_id int unsigned NOT NULL,
      region varchar(8) NOT NULL,
      weekday tinyint unsigned NOT NULL,
      daypart tinyint unsigned NOT NULL,
      v0 smallint unsigned NOT NULL, v1 smallint unsigned NOT NULL, v2 smallint unsigned NOT NULL,
      v3 smallint unsigned NOT NULL, v4 smallint unsigned NOT NULL, v5 smallint unsigned NOT NULL,
      v6 smallint unsigned NOT NULL, v7 smallint unsigned NOT NULL, v8 smallint unsigned NOT NULL,
      PRIMARY KEY (customer_id, visit_local_date, creative_id, visit_id)
    ) ENGINE=InnoDB`);
    const head =
      'customer_id int unsigned NOT NULL, creative_id int unsigned NOT NULL, site_tag_id int unsigned NOT NULL';
    const tail = 'responses int unsigned NOT NULL';
    await q.query(`CREATE TABLE response_creative_views (${head}, cut tinyint unsigned NOT NULL,
        visit_local_date date NOT NULL, bucket tinyint unsigned NOT NULL, views int unsigned NOT NULL, ${tail},
        PRIMARY KEY (customer_id, creative_id, site_tag_id, cut, visit_local_date, bucket, views)) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE response_creative_region (${head}, visit_local_date date NOT NULL,
        lag tinyint unsigned NOT NULL, region varchar(8) NOT NULL, ${tail},
        PRIMARY KEY (customer_id, creative_id, site_tag_id, visit_local_date, lag, region)) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE response_creative_touch (${head}, visit_local_date date NOT NULL,
        lag tinyint unsigned NOT NULL, channel_id int unsigned NOT NULL, weekday tinyint unsigned NOT NULL,
        daypart tinyint unsigned NOT NULL, ${tail},
        PRIMARY KEY (customer_id, creative_id, site_tag_id, visit_local_date, lag, channel_id, weekday, daypart)) ENGINE=InnoDB`);
    await q.query(`CREATE TABLE response_creative_pages (${head}, visit_local_date date NOT NULL,
        lag tinyint unsigned NOT NULL, page_site_tag_id int unsigned NOT NULL, ${tail},
        PRIMARY KEY (customer_id, creative_id, site_tag_id, visit_local_date, lag, page_site_tag_id)) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'response_creative_pages',
      'response_creative_touch',
      'response_creative_region',
      'response_creative_views',
      'visit_creative_attribution',
    ])
      await q.query(`DROP TABLE ${table}`);
    await q.query('DELETE FROM summary_built_day WHERE summary = 8');
  }
}
