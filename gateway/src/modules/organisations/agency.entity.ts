import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

@Entity('agency')
export class Agency extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'agency_name', type: 'varchar', length: 150 })
  agencyName: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  domain: string | null;

  @Column({ name: 'admin_email', type: 'varchar', length: 255, nullable: true })
  adminEmail: string | null;

  @Column({ name: 'country_code', type: 'char', length: 2, nullable: true })
  countryCode: string | null;
}
