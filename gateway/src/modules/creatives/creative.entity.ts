import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

@Entity('creative')
@Index(['customerId'])
export class Creative extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  @Column({ type: 'varchar', length: 200 })
  description: string;

  /** 1 video, 2 image, 3 audio. */
  @Column({ name: 'creative_type', type: 'tinyint', unsigned: true, default: 1 })
  creativeType: number;

  /** A length or a size, e.g. `30s` or `300x250`. */
  @Column({ name: 'creative_format', type: 'varchar', length: 50 })
  creativeFormat: string;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  url: string | null;
}
