import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeyRotationGrace1795546962116 implements MigrationInterface {
  name = 'ApiKeyRotationGrace1795546962116';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`api_key\` ADD \`previous_prefix\` char(12) NULL`);
    await q.query(`ALTER TABLE \`api_key\` ADD UNIQUE INDEX \`IDX_b3dc0d4fd589459c7f7e9d1c4b\` (\`previous_prefix\`)`);
    await q.query(`ALTER TABLE \`api_key\` ADD \`previous_secret_hash\` char(64) NULL`);
    await q.query(`ALTER TABLE \`api_key\` ADD \`previous_until\` datetime(3) NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`api_key\` DROP COLUMN \`previous_until\``);
    await q.query(`ALTER TABLE \`api_key\` DROP COLUMN \`previous_secret_hash\``);
    await q.query(`ALTER TABLE \`api_key\` DROP INDEX \`IDX_b3dc0d4fd589459c7f7e9d1c4b\``);
    await q.query(`ALTER TABLE \`api_key\` DROP COLUMN \`previous_prefix\``);
  }
}
