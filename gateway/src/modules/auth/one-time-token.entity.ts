import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type OneTimeTokenKind = 'reset' | 'invitation';

/** Password reset and invitation tokens: >= 128 random bits, stored hashed, single use, expiring. */
@Entity('one_time_token')
export class OneTimeToken {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true })
  id: string;

  @Column({ name: 'user_id', type: 'int', unsigned: true })
  userId: number;

  @Column({ type: 'varchar', length: 16 })
  kind: OneTimeTokenKind;

  @Index({ unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Index() // the periodic purge of expired tokens
  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'datetime', precision: 3, nullable: true })
  usedAt: Date | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3, default: () => 'CURRENT_TIMESTAMP(3)' })
  createdAt: Date;
}
