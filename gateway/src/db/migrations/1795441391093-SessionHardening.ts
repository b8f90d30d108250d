import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SessionHardening1795441391093 implements MigrationInterface {
  name = 'SessionHardening1795441391093';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`user\` ADD \`password_changed_at\` datetime(3) NULL`);
    await q.query(`CREATE INDEX \`IDX_e888ad854be5ebd601c775455e\` ON \`refresh_token\` (\`expires_at\`)`);
    await q.query(`CREATE INDEX \`IDX_3547176f99658453d4d7122830\` ON \`one_time_token\` (\`expires_at\`)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX \`IDX_3547176f99658453d4d7122830\` ON \`one_time_token\``);
    await q.query(`DROP INDEX \`IDX_e888ad854be5ebd601c775455e\` ON \`refresh_token\``);
    await q.query(`ALTER TABLE \`user\` DROP COLUMN \`password_changed_at\``);
  }
}
