import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

/** 0 No Charge, 1 Customer, 2 Booking Entity (spec 3). */
export type BillingEntity = 0 | 1 | 2;

@Entity('customer')
export class Customer extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'cust_name', type: 'varchar', length: 150 })
  custName: string;

  @Column({ name: 'display_name', type: 'varchar', length: 150, nullable: true })
  displayName: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  domain: string | null;

  @Column({ name: 'admin_email', type: 'varchar', length: 255, nullable: true })
  adminEmail: string | null;

  @Column({ name: 'taxonomy_id', type: 'int', unsigned: true, default: 0 })
  taxonomyId: number;

  @Column({ name: 'country_code', type: 'char', length: 2 })
  countryCode: string;

  /** IANA zone in which local dates, weekdays and dayparts are computed (docs/design.md#identity-time-and-geography). */
  @Column({ name: 'time_zone', type: 'varchar', length: 64 })
  timeZone: string;

  @Column({ name: 'billing_entity', type: 'tinyint', unsigned: true, default: 2 })
  billingEntity: BillingEntity;

  @Column({ type: 'tinyint', unsigned: true, default: 1 })
  status: number;

  /** Months of raw data kept (docs/design.md#retention): 1 to 25, default 13. */
  @Column({ name: 'retention_months', type: 'tinyint', unsigned: true, default: 13 })
  retentionMonths: number;

  /** Touch window W in hours (docs/design.md#attribution-settings): 1 to 720, default 168 (7 days). In force; changes go through attribution_change. */
  @Column({ name: 'touch_window_hours', type: 'smallint', unsigned: true, default: 168 })
  touchWindowHours: number;

  /** Same-day window S in hours: 1 to W, default 24. In force, like W. */
  @Column({ name: 'same_day_window_hours', type: 'smallint', unsigned: true, default: 24 })
  sameDayWindowHours: number;

  /** How far before a visit the touch table holds touches, in hours (>= 168, only raised): a superset of W (docs/architecture.md#summaries). */
  @Column({ name: 'touch_table_hours', type: 'smallint', unsigned: true, default: 168 })
  touchTableHours: number;

  /** H of invalid traffic rule 7 (docs/invalid-traffic.md): more than H impressions of one household in one UTC hour are `nat`. */
  @Column({ name: 'nat_hourly_limit', type: 'smallint', unsigned: true, default: 100 })
  natHourlyLimit: number;
}
