import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeys1795441131467 implements MigrationInterface {
  name = 'ApiKeys1795441131467';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE \`api_key\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`name\` varchar(100) NOT NULL, \`prefix\` char(12) NOT NULL, \`secret_hash\` char(64) NOT NULL, \`entity_type\` varchar(16) NOT NULL, \`entity_id\` int UNSIGNED NOT NULL, \`scopes\` varchar(64) NOT NULL, \`expires_at\` datetime(3) NULL, \`revoked_at\` datetime(3) NULL, \`last_used_at\` datetime(3) NULL, \`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), UNIQUE INDEX \`IDX_c4f6ccad30c0862eb54af9fb0a\` (\`prefix\`), INDEX \`IDX_41bcfc0814ec6e0bbca68d311c\` (\`entity_type\`, \`entity_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX \`IDX_41bcfc0814ec6e0bbca68d311c\` ON \`api_key\``);
    await q.query(`DROP INDEX \`IDX_c4f6ccad30c0862eb54af9fb0a\` ON \`api_key\``);
    await q.query(`DROP TABLE \`api_key\``);
  }
}
