import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

@Entity('adtech_group')
export class AdtechGroup extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'group_name', type: 'varchar', length: 150 })
  groupName: string;
}

@Entity('adtech_group_member')
export class AdtechGroupMember {
  @PrimaryColumn({ name: 'group_id', type: 'int', unsigned: true })
  groupId: number;

  @PrimaryColumn({ name: 'adtech_id', type: 'int', unsigned: true })
  adtechId: number;
}
