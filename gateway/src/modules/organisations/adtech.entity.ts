import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

@Entity('adtech')
export class Adtech extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'adtech_name', type: 'varchar', length: 150 })
  adtechName: string;

  @Column({ name: 'country_code', type: 'char', length: 2 })
  countryCode: string;

  @Column({ name: 'requires_job_number', type: 'boolean', default: false })
  requiresJobNumber: boolean;

  @Column({ name: 'requires_charged_cpm', type: 'boolean', default: false })
  requiresChargedCpm: boolean;
}
