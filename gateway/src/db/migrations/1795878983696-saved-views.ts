import type { MigrationInterface, QueryRunner } from 'typeorm';

/** docs/api.md#saved-views: a user's named dashboard selections (the address's query string). */

export class SavedViews1795878983696 implements MigrationInterface {
  name = 'SavedViews1795878983696';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE \`saved_view\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`user_id\` int UNSIGNED NOT NULL, \`name\` varchar(100) NOT NULL, \`query\` varchar(2000) NOT NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), UNIQUE INDEX \`IDX_db1b31cc75e0c202231168b9d9\` (\`user_id\`, \`name\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX \`IDX_db1b31cc75e0c202231168b9d9\` ON \`saved_view\``);
    await q.query(`DROP TABLE \`saved_view\``);
  }
}
