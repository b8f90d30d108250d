import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('taxonomy')
export class Taxonomy {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'taxonomy_desc', type: 'varchar', length: 100 })
  taxonomyDesc: string;
}
