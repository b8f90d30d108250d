import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

/**
 * A request to associate an existing organisation (consent). The requester's admin asks; the
 * target's own admin (or the super admin) accepts, and only then is the relationship inserted.
 * `pending_pair` names the pair (both directions alike) while the request is pending and is NULL once
 * decided: its unique index lets only one pending request per pair exist, even under concurrent asks.
 */
@Entity('association_request')
@Index(['requesterType', 'requesterId'])
@Index(['targetType', 'targetId'])
@Index(['pendingPair'], { unique: true })
export class AssociationRequest extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'requester_type', type: 'varchar', length: 16 })
  requesterType: string;

  @Column({ name: 'requester_id', type: 'int', unsigned: true })
  requesterId: number;

  @Column({ name: 'target_type', type: 'varchar', length: 16 })
  targetType: string;

  @Column({ name: 'target_id', type: 'int', unsigned: true })
  targetId: number;

  /** pending, accepted, declined or withdrawn. */
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: string;

  @Column({ name: 'pending_pair', type: 'varchar', length: 64, nullable: true })
  pendingPair: string | null;

  @Column({ name: 'decided_by', type: 'int', unsigned: true, nullable: true })
  decidedBy: number | null;

  @Column({ name: 'decided_at', type: 'datetime', precision: 3, nullable: true })
  decidedAt: Date | null;
}
