import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TagFirstHit1795908899286 implements MigrationInterface {
  name = 'TagFirstHit1795908899286';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`site_tag\` ADD \`first_hit_at\` datetime(3) NULL`);
    await q.query(`ALTER TABLE \`impression_tag\` ADD \`first_hit_at\` datetime(3) NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE \`impression_tag\` DROP COLUMN \`first_hit_at\``);
    await q.query(`ALTER TABLE \`site_tag\` DROP COLUMN \`first_hit_at\``);
  }
}
