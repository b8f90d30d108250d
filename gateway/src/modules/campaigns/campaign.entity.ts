import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

@Entity('campaign')
@Index(['customerId'])
export class Campaign extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  @Column({ name: 'campaign_name', type: 'varchar', length: 100 })
  campaignName: string;

  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Column({ name: 'end_date', type: 'date' })
  endDate: string;
}
