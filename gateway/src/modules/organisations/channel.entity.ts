import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

export type ChannelOwnerType = 'broadcaster' | 'adtech';

@Entity('channel')
@Index(['ownerType', 'ownerId'])
export class Channel extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'channel_name', type: 'varchar', length: 150 })
  channelName: string;

  @Column({ name: 'owner_type', type: 'varchar', length: 16, default: 'broadcaster' })
  ownerType: ChannelOwnerType;

  @Column({ name: 'owner_id', type: 'int', unsigned: true })
  ownerId: number;
}
