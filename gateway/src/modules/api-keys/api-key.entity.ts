import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { EntityType } from '@infinitum/rules';

/**
 * An API key of an organisation (or of the system). Only the SHA-256 of the secret is stored; `prefix`
 * (`ifk_` and the first 8 characters) is shown in lists and is how a presented key finds its row.
 */
@Entity('api_key')
@Index(['entityType', 'entityId'])
export class ApiKey {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Index({ unique: true })
  @Column({ type: 'char', length: 12 })
  prefix: string;

  @Column({ name: 'secret_hash', type: 'char', length: 64 })
  secretHash: string;

  /**
   * After a rotation, the replaced secret's prefix and hash, accepted until `previousUntil` so a partner can
   * roll the new secret out without an outage (API_KEY_ROTATION_GRACE_HOURS; revoking ends it at once).
   */
  @Index({ unique: true })
  @Column({ name: 'previous_prefix', type: 'char', length: 12, nullable: true })
  previousPrefix: string | null;

  @Column({ name: 'previous_secret_hash', type: 'char', length: 64, nullable: true })
  previousSecretHash: string | null;

  @Column({ name: 'previous_until', type: 'datetime', precision: 3, nullable: true })
  previousUntil: Date | null;

  @Column({ name: 'entity_type', type: 'varchar', length: 16 })
  entityType: EntityType;

  @Column({ name: 'entity_id', type: 'int', unsigned: true })
  entityId: number;

  /** Comma-separated, from API_KEY_SCOPES. */
  @Column({ type: 'varchar', length: 64 })
  scopes: string;

  @Column({ name: 'expires_at', type: 'datetime', precision: 3, nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'revoked_at', type: 'datetime', precision: 3, nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'last_used_at', type: 'datetime', precision: 3, nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'created_by', type: 'int', unsigned: true, nullable: true })
  createdBy: number | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3, default: () => 'CURRENT_TIMESTAMP(3)' })
  createdAt: Date;
}
