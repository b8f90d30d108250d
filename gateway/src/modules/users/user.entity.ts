import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';
import type { EntityType } from '@infinitum/rules';

@Entity('user')
@Index(['entityType', 'entityId'])
export class User extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ type: 'varchar', length: 150 })
  name: string;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 255 })
  email: string;

  /** argon2id; null until the user sets a password (invitation). */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  /** Entity admin (ROLE_*_ADMIN) rather than user (ROLE_*_USER). */
  @Column({ type: 'boolean', default: false })
  admin: boolean;

  @Column({ name: 'entity_type', type: 'varchar', length: 16 })
  entityType: EntityType;

  /** Id of the broadcaster, agency, customer or adtech; 0 for SYSTEM. */
  @Column({ name: 'entity_id', type: 'int', unsigned: true, default: 0 })
  entityId: number;

  /** False until an invitation is accepted. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'last_login_at', type: 'datetime', precision: 3, nullable: true })
  lastLoginAt: Date | null;

  /** When the password was last set by a reset or change: access tokens issued before it stop working. */
  @Column({ name: 'password_changed_at', type: 'datetime', precision: 3, nullable: true })
  passwordChangedAt: Date | null;
}
