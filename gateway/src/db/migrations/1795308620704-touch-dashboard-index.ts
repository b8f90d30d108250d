import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A covering index for the dashboard's filtered reads of touch (docs/design.md#visits-and-attribution: touches in I(F), the
 * activating touch, views): with every column the window reads in the index (the primary key
 * visit_id, impression_event_id rides along), a 30-day range is one index range scan instead of a
 * primary-key lookup per touch (on the 1M-impression bench: 300 ms -> a few tens of ms).
 */
export class TouchDashboardIndex1795308620704 implements MigrationInterface {
  name = 'TouchDashboardIndex1795308620704';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX ix_touch_dashboard ON touch (customer_id, visit_local_date, impression_local_date, region,
        creative_id, daypart, weekday, booking_id, campaign_id, channel_id, impression_ts, visit_ts)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_touch_dashboard ON touch');
  }
}
