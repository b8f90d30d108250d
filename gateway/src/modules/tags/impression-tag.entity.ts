import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

/** One booking x creative combination; ad servers fire GET /t/i/{tag_key}. */
@Entity('impression_tag')
@Index(['customerId'])
@Index(['bookingId', 'creativeId'], { unique: true })
export class ImpressionTag extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  @Column({ name: 'booking_id', type: 'int', unsigned: true })
  bookingId: number;

  @Column({ name: 'creative_id', type: 'int', unsigned: true })
  creativeId: number;

  /** Random, unguessable key (docs/design.md#collection), never a database id. */
  @Index({ unique: true })
  @Column({ name: 'tag_key', type: 'varchar', length: 32 })
  tagKey: string;

  /** When the tag's first event was committed (docs/design.md#live-view): null until then. Set by the ETL. */
  @Column({ name: 'first_hit_at', type: 'datetime', precision: 3, nullable: true })
  firstHitAt: Date | null;
}
