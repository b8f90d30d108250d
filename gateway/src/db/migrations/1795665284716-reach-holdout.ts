import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/design.md#reach-frequency-and-lift's control group exact at scale: reach_holdout holds every household's control
 * impressions (reach_control kept a quarter of them, so the control group was an estimate off by more
 * than 1%), each with the local date of the first visit it is a control touch of (start in
 * [ts, ts + 7 x 24 h), NULL when none): site_tag_id 0 over every visit, and one row more per site tag
 * that such a visit hit, with the first of those visits' date, so a site filter needs no probe of visit
 * either. exposed = 1 when the household had any impression (impression_event) when the row was
 * copied: only those households are probed for an impression in I(F) (a household in Reach is left
 * out). Built as reach_exposure's days (summary kind 6, from the impressions' marks), its households
 * recopied from the notes (reach_visit_note: every control household's visits and control impressions).
 * reach_control (kind 5) stays for databases shared with code before this change (the benches'); a
 * later migration drops it.
 */
export class ReachHoldout1795665284716 implements MigrationInterface {
  name = 'ReachHoldout1795665284716';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reach_holdout (
      customer_id int unsigned NOT NULL,
      local_date date NOT NULL,
      household_id bigint unsigned NOT NULL,
      t_ms bigint unsigned NOT NULL,
      booking_id int unsigned NOT NULL,
      creative_id int unsigned NOT NULL,
      region varchar(8) NOT NULL,
      daypart tinyint unsigned NOT NULL,
      campaign_id int unsigned NOT NULL,
      channel_id int unsigned NOT NULL,
      weekday tinyint unsigned NOT NULL,
      site_tag_id int unsigned NOT NULL,
      resp_date date NULL,
      exposed tinyint unsigned NOT NULL,
      PRIMARY KEY (customer_id, local_date, household_id, t_ms, booking_id, creative_id, region, daypart,
        campaign_id, channel_id, weekday, site_tag_id)
    ) ENGINE=InnoDB`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reach_holdout');
    await q.query('DELETE FROM summary_built_day WHERE summary = 6');
  }
}
