import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

/** A note on a date or date range of a customer's timeline (docs/design.md#annotations). */
@Entity('annotation')
@Index(['customerId', 'startDate'])
export class Annotation extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  /** Optional: the campaign the note is about (one of the same customer's). */
  @Column({ name: 'campaign_id', type: 'int', unsigned: true, nullable: true })
  campaignId: number | null;

  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Column({ name: 'end_date', type: 'date' })
  endDate: string;

  @Column({ name: 'note', type: 'varchar', length: 500 })
  note: string;
}
