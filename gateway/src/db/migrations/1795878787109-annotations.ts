import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Notes on a customer's timeline (docs/design.md#annotations). */
export class Annotations1795878787109 implements MigrationInterface {
  name = 'Annotations1795878787109';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE \`annotation\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`campaign_id\` int UNSIGNED NULL, \`start_date\` date NOT NULL, \`end_date\` date NOT NULL, \`note\` varchar(500) NOT NULL, INDEX \`IDX_37146d70a09d13ec9771252b0f\` (\`customer_id\`, \`start_date\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX \`IDX_37146d70a09d13ec9771252b0f\` ON \`annotation\``);
    await q.query(`DROP TABLE \`annotation\``);
  }
}
