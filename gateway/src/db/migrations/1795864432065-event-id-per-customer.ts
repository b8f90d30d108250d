import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/design.md#collection: an event id is the sender's (bulk ingest's `id`, for idempotent re-sends), so it is unique
 * within its customer only: keyed on event_id alone, one organisation sending another customer's ids
 * first made that customer's events duplicates, dropped while acknowledged. The raw event tables are
 * keyed (customer_id, event_id) instead; the ETL de-duplicates the same way. Existing rows are unique on
 * event_id, so they are unique on the pair too: the tables are re-keyed as they are. Every secondary
 * index already leads with customer_id or carries it, so they grow by nothing or by the customer id.
 */
export class EventIdPerCustomer1795864432065 implements MigrationInterface {
  name = 'EventIdPerCustomer1795864432065';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`ALTER TABLE ${table} DROP PRIMARY KEY, ADD PRIMARY KEY (customer_id, event_id)`);
    }
  }

  /** Fails while two customers share an event id (the old key cannot hold both). */
  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await q.query(`ALTER TABLE ${table} DROP PRIMARY KEY, ADD PRIMARY KEY (event_id)`);
    }
  }
}

const TABLES = ['impression_event', 'control_impression_event', 'site_hit'];
