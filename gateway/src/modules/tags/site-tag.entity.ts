import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

/** A tag on the advertiser's site; pages fire GET /t/v/{tag_key}. */
@Entity('site_tag')
@Index(['customerId'])
export class SiteTag extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  @Column({ name: 'tag_description', type: 'varchar', length: 200 })
  tagDescription: string;

  @Index({ unique: true })
  @Column({ name: 'tag_key', type: 'varchar', length: 32 })
  tagKey: string;

  @Column({ name: 'main_site_tag', type: 'boolean', default: false })
  mainSiteTag: boolean;

  /** Hits in the trailing 24 hours (docs/design.md#collection), maintained by the ETL. */
  @Column({ name: 'ping_count', type: 'int', unsigned: true, default: 0 })
  pingCount: number;

  /** Time of the last hit; null when none in 24 hours. */
  @Column({ name: 'ping_date', type: 'datetime', precision: 3, nullable: true })
  pingDate: Date | null;

  /** When the tag's first event was committed (docs/design.md#live-view): null until then. Set by the ETL. */
  @Column({ name: 'first_hit_at', type: 'datetime', precision: 3, nullable: true })
  firstHitAt: Date | null;
}
