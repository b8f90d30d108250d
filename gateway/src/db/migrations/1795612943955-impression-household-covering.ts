import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ETL's touch read (docs/design.md#visits-and-attribution: a new visit's touches are its household's impressions in the 7 x 24 h
 * before it) asks ix_impression_household for a household's range and then read every impression's
 * dimensions from the clustered index, one random primary-key lookup per impression, which dominated
 * once the table outgrew the buffer pool. With the dimensions in the index (the primary key, event_id,
 * rides along) the read is one index range scan per household. Same leading columns, so every
 * existing use of the index is kept.
 */
export class ImpressionHouseholdCovering1795612943955 implements MigrationInterface {
  name = 'ImpressionHouseholdCovering1795612943955';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE impression_event DROP INDEX ix_impression_household,
       ADD INDEX ix_impression_household (customer_id, household_id, ts, local_date, booking_id, campaign_id,
         creative_id, channel_id, region, weekday, daypart)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE impression_event DROP INDEX ix_impression_household,
       ADD INDEX ix_impression_household (customer_id, household_id, ts)`,
    );
  }
}
