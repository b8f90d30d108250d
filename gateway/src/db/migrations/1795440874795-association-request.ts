import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AssociationRequest1795440874795 implements MigrationInterface {
  name = 'AssociationRequest1795440874795';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE \`association_request\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`requester_type\` varchar(16) NOT NULL, \`requester_id\` int UNSIGNED NOT NULL, \`target_type\` varchar(16) NOT NULL, \`target_id\` int UNSIGNED NOT NULL, \`status\` varchar(16) NOT NULL DEFAULT 'pending', \`pending_pair\` varchar(64) NULL, \`decided_by\` int UNSIGNED NULL, \`decided_at\` datetime(3) NULL, UNIQUE INDEX \`IDX_0d07ef45635fa99aa3cf723cf5\` (\`pending_pair\`), INDEX \`IDX_6f91d30d0ca275da9cad902d2b\` (\`target_type\`, \`target_id\`), INDEX \`IDX_41efcb6523300c94d29aba93fc\` (\`requester_type\`, \`requester_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    // The ETL's ledger (plain SQL like the other pipeline tables): written in each batch's transaction,
    // so a batch committed by a worker that died before acknowledging is counted once, from here.
    await q.query(
      'CREATE TABLE `etl_ledger` (`entry_id` varchar(40) NOT NULL, `processed` int UNSIGNED NOT NULL, `duplicates` int UNSIGNED NOT NULL, `created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), PRIMARY KEY (`entry_id`), INDEX `etl_ledger_created` (`created_at`)) ENGINE=InnoDB',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE `etl_ledger`');
    await q.query(`DROP INDEX \`IDX_41efcb6523300c94d29aba93fc\` ON \`association_request\``);
    await q.query(`DROP INDEX \`IDX_6f91d30d0ca275da9cad902d2b\` ON \`association_request\``);
    await q.query(`DROP INDEX \`IDX_0d07ef45635fa99aa3cf723cf5\` ON \`association_request\``);
    await q.query(`DROP TABLE \`association_request\``);
  }
}
