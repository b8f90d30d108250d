import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

@Entity('broadcaster')
export class Broadcaster extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'broadcaster_name', type: 'varchar', length: 150 })
  broadcasterName: string;

  @Column({ name: 'country_code', type: 'char', length: 2 })
  countryCode: string;
}
