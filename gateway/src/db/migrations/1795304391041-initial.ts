import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795304391041 implements MigrationInterface {
  name = 'Initial1795304391041';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE \`refresh_token\` (\`id\` bigint UNSIGNED NOT NULL AUTO_INCREMENT, \`user_id\` int UNSIGNED NOT NULL, \`family_id\` char(32) NOT NULL, \`token_hash\` char(64) NOT NULL, \`expires_at\` datetime(3) NOT NULL, \`used_at\` datetime(3) NULL, \`revoked_at\` datetime(3) NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), INDEX \`IDX_eb31f2a7917404a46e17f539f1\` (\`family_id\`), UNIQUE INDEX \`IDX_f0812282fad2e352cdaf83ef0a\` (\`token_hash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`one_time_token\` (\`id\` bigint UNSIGNED NOT NULL AUTO_INCREMENT, \`user_id\` int UNSIGNED NOT NULL, \`kind\` varchar(16) NOT NULL, \`token_hash\` char(64) NOT NULL, \`expires_at\` datetime(3) NOT NULL, \`used_at\` datetime(3) NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), UNIQUE INDEX \`IDX_5a751ff4e9106ceddfd3417de6\` (\`token_hash\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`booking\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`campaign_id\` int UNSIGNED NOT NULL, \`channel_id\` int UNSIGNED NOT NULL, \`booking_name\` varchar(100) NOT NULL, \`booking_type\` tinyint UNSIGNED NOT NULL DEFAULT '1', \`cpm\` decimal(12,4) NOT NULL DEFAULT '0.0000', \`start_date\` date NOT NULL, \`end_date\` date NOT NULL, \`publisher_id\` int UNSIGNED NULL, \`job_number\` varchar(100) NULL, \`charged_cpm\` decimal(12,4) NULL, INDEX \`IDX_5d5b7d6e53acb542cbe358a65f\` (\`channel_id\`), INDEX \`IDX_3aa0a5d50a427b9175c062dd9e\` (\`campaign_id\`), INDEX \`IDX_ae80346292fa587731a5d2546e\` (\`customer_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`booking_creative\` (\`booking_id\` int UNSIGNED NOT NULL, \`creative_id\` int UNSIGNED NOT NULL, INDEX \`IDX_52f6a9918f05d2b7d2a707d421\` (\`creative_id\`), PRIMARY KEY (\`booking_id\`, \`creative_id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`campaign\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`campaign_name\` varchar(100) NOT NULL, \`start_date\` date NOT NULL, \`end_date\` date NOT NULL, INDEX \`IDX_d347301f25d9a9a2f3ba74a391\` (\`customer_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`creative\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`description\` varchar(200) NOT NULL, \`creative_type\` tinyint UNSIGNED NOT NULL DEFAULT '1', \`creative_format\` varchar(50) NOT NULL, \`url\` varchar(1000) NULL, INDEX \`IDX_dbc62e876bbde08539bb5e2154\` (\`customer_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`customer\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`cust_name\` varchar(150) NOT NULL, \`display_name\` varchar(150) NULL, \`domain\` varchar(255) NULL, \`admin_email\` varchar(255) NULL, \`taxonomy_id\` int UNSIGNED NOT NULL DEFAULT '0', \`country_code\` char(2) NOT NULL, \`time_zone\` varchar(64) NOT NULL, \`billing_entity\` tinyint UNSIGNED NOT NULL DEFAULT '2', \`status\` tinyint UNSIGNED NOT NULL DEFAULT '1', PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`adtech\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`adtech_name\` varchar(150) NOT NULL, \`country_code\` char(2) NOT NULL, \`requires_job_number\` tinyint NOT NULL DEFAULT 0, \`requires_charged_cpm\` tinyint NOT NULL DEFAULT 0, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`adtech_group\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`group_name\` varchar(150) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`adtech_group_member\` (\`group_id\` int UNSIGNED NOT NULL, \`adtech_id\` int UNSIGNED NOT NULL, PRIMARY KEY (\`group_id\`, \`adtech_id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`agency\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`agency_name\` varchar(150) NOT NULL, \`domain\` varchar(255) NULL, \`admin_email\` varchar(255) NULL, \`country_code\` char(2) NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`broadcaster\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`broadcaster_name\` varchar(150) NOT NULL, \`country_code\` char(2) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`channel\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`channel_name\` varchar(150) NOT NULL, \`owner_type\` varchar(16) NOT NULL DEFAULT 'broadcaster', \`owner_id\` int UNSIGNED NOT NULL, INDEX \`IDX_745224d86712a33d5151e1349d\` (\`owner_type\`, \`owner_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`operational_country\` (\`owner_type\` varchar(16) NOT NULL, \`owner_id\` int UNSIGNED NOT NULL, \`country_code\` char(2) NOT NULL, PRIMARY KEY (\`owner_type\`, \`owner_id\`, \`country_code\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`country\` (\`country_code\` char(2) NOT NULL, \`country_name\` varchar(100) NOT NULL, \`time_zone\` varchar(64) NOT NULL, PRIMARY KEY (\`country_code\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`taxonomy\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`taxonomy_desc\` varchar(100) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`relationship\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NULL, \`agency_id\` int UNSIGNED NULL, \`broadcaster_id\` int UNSIGNED NULL, \`adtech_id\` int UNSIGNED NULL, INDEX \`IDX_65f04429299d3d26b5024f0b31\` (\`adtech_id\`), INDEX \`IDX_4918be5a32e856f4d7a5b097e8\` (\`broadcaster_id\`), INDEX \`IDX_4294d63e83d4ed1fb8ccdf078f\` (\`agency_id\`), INDEX \`IDX_25d41dc478eae278e80cabd0a5\` (\`customer_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`impression_tag\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`booking_id\` int UNSIGNED NOT NULL, \`creative_id\` int UNSIGNED NOT NULL, \`tag_key\` varchar(32) NOT NULL, UNIQUE INDEX \`IDX_6e197e6f2a994c880538b17ebd\` (\`tag_key\`), UNIQUE INDEX \`IDX_e6660a69b7ae2b29186027eac5\` (\`booking_id\`, \`creative_id\`), INDEX \`IDX_a3f762637679f57bd4eb9f8007\` (\`customer_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`site_tag\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`customer_id\` int UNSIGNED NOT NULL, \`tag_description\` varchar(200) NOT NULL, \`tag_key\` varchar(32) NOT NULL, \`main_site_tag\` tinyint NOT NULL DEFAULT 0, \`ping_count\` int UNSIGNED NOT NULL DEFAULT '0', \`ping_date\` datetime(3) NULL, UNIQUE INDEX \`IDX_d0aea7b090de7b1966085d4fff\` (\`tag_key\`), INDEX \`IDX_97cbe134fc302ef6900c6e95d5\` (\`customer_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await q.query(
      `CREATE TABLE \`user\` (\`created_by\` int UNSIGNED NULL, \`created_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), \`updated_at\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`name\` varchar(150) NOT NULL, \`email\` varchar(255) NOT NULL, \`password_hash\` varchar(255) NULL, \`admin\` tinyint NOT NULL DEFAULT 0, \`entity_type\` varchar(16) NOT NULL, \`entity_id\` int UNSIGNED NOT NULL DEFAULT '0', \`active\` tinyint NOT NULL DEFAULT 1, \`last_login_at\` datetime(3) NULL, UNIQUE INDEX \`IDX_e12875dfb3b1d92d7d7c5377e2\` (\`email\`), INDEX \`IDX_c66b5a0de84abd3281e5daa3ae\` (\`entity_type\`, \`entity_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX \`IDX_c66b5a0de84abd3281e5daa3ae\` ON \`user\``);
    await q.query(`DROP INDEX \`IDX_e12875dfb3b1d92d7d7c5377e2\` ON \`user\``);
    await q.query(`DROP TABLE \`user\``);
    await q.query(`DROP INDEX \`IDX_97cbe134fc302ef6900c6e95d5\` ON \`site_tag\``);
    await q.query(`DROP INDEX \`IDX_d0aea7b090de7b1966085d4fff\` ON \`site_tag\``);
    await q.query(`DROP TABLE \`site_tag\``);
    await q.query(`DROP INDEX \`IDX_a3f762637679f57bd4eb9f8007\` ON \`impression_tag\``);
    await q.query(`DROP INDEX \`IDX_e6660a69b7ae2b29186027eac5\` ON \`impression_tag\``);
    await q.query(`DROP INDEX \`IDX_6e197e6f2a994c880538b17ebd\` ON \`impression_tag\``);
    await q.query(`DROP TABLE \`impression_tag\``);
    await q.query(`DROP INDEX \`IDX_25d41dc478eae278e80cabd0a5\` ON \`relationship\``);
    await q.query(`DROP INDEX \`IDX_4294d63e83d4ed1fb8ccdf078f\` ON \`relationship\``);
    await q.query(`DROP INDEX \`IDX_4918be5a32e856f4d7a5b097e8\` ON \`relationship\``);
    await q.query(`DROP INDEX \`IDX_65f04429299d3d26b5024f0b31\` ON \`relationship\``);
    await q.query(`DROP TABLE \`relationship\``);
    await q.query(`DROP TABLE \`taxonomy\``);
    await q.query(`DROP TABLE \`country\``);
    await q.query(`DROP TABLE \`operational_country\``);
    await q.query(`DROP INDEX \`IDX_745224d86712a33d5151e1349d\` ON \`channel\``);
    await q.query(`DROP TABLE \`channel\``);
    await q.query(`DROP TABLE \`broadcaster\``);
    await q.query(`DROP TABLE \`agency\``);
    await q.query(`DROP TABLE \`adtech_group_member\``);
    await q.query(`DROP TABLE \`adtech_group\``);
    await q.query(`DROP TABLE \`adtech\``);
    await q.query(`DROP TABLE \`customer\``);
    await q.query(`DROP INDEX \`IDX_dbc62e876bbde08539bb5e2154\` ON \`creative\``);
    await q.query(`DROP TABLE \`creative\``);
    await q.query(`DROP INDEX \`IDX_d347301f25d9a9a2f3ba74a391\` ON \`campaign\``);
    await q.query(`DROP TABLE \`campaign\``);
    await q.query(`DROP INDEX \`IDX_52f6a9918f05d2b7d2a707d421\` ON \`booking_creative\``);
    await q.query(`DROP TABLE \`booking_creative\``);
    await q.query(`DROP INDEX \`IDX_ae80346292fa587731a5d2546e\` ON \`booking\``);
    await q.query(`DROP INDEX \`IDX_3aa0a5d50a427b9175c062dd9e\` ON \`booking\``);
    await q.query(`DROP INDEX \`IDX_5d5b7d6e53acb542cbe358a65f\` ON \`booking\``);
    await q.query(`DROP TABLE \`booking\``);
    await q.query(`DROP INDEX \`IDX_5a751ff4e9106ceddfd3417de6\` ON \`one_time_token\``);
    await q.query(`DROP TABLE \`one_time_token\``);
    await q.query(`DROP INDEX \`IDX_f0812282fad2e352cdaf83ef0a\` ON \`refresh_token\``);
    await q.query(`DROP INDEX \`IDX_eb31f2a7917404a46e17f539f1\` ON \`refresh_token\``);
    await q.query(`DROP TABLE \`refresh_token\``);
  }
}
