import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

/** A link between two organisations: exactly two of the four ids are set (spec 3, directRelationship). */
@Entity('relationship')
@Index(['customerId'])
@Index(['agencyId'])
@Index(['broadcasterId'])
@Index(['adtechId'])
export class Relationship extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true, nullable: true })
  customerId: number | null;

  @Column({ name: 'agency_id', type: 'int', unsigned: true, nullable: true })
  agencyId: number | null;

  @Column({ name: 'broadcaster_id', type: 'int', unsigned: true, nullable: true })
  broadcasterId: number | null;

  @Column({ name: 'adtech_id', type: 'int', unsigned: true, nullable: true })
  adtechId: number | null;
}
