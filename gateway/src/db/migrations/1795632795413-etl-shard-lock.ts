import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ETL's batch lock moves from one row per customer x household (a ~5,000-row upsert per batch,
 * ~2% of the ETL's time) to one row per household shard (docs/design.md#collection: a household's hits all go to the
 * stream of shardOf(household)). A batch locks at most ETL_SHARDS rows; two transactions that could
 * rebuild the same household's visits still wait on each other, since they lock its shard's row, and
 * the lease makes one worker the normal owner of a shard, so the rows are not contended.
 */
export class EtlShardLock1795632795413 implements MigrationInterface {
  name = 'EtlShardLock1795632795413';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE TABLE etl_shard_lock (shard int unsigned NOT NULL, PRIMARY KEY (shard)) ENGINE=InnoDB');
    await q.query('DROP TABLE etl_household_lock');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE etl_household_lock (customer_id int unsigned NOT NULL, household_id bigint unsigned NOT NULL,
       PRIMARY KEY (customer_id, household_id)) ENGINE=InnoDB`,
    );
    await q.query('DROP TABLE etl_shard_lock');
  }
}
