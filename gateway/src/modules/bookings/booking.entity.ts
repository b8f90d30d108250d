import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Audited, decimalToNumber } from '../../db/columns';

/** 1 video, 2 image, 3 audio (spec 9). */
export type BookingType = 1 | 2 | 3;

@Entity('booking')
@Index(['customerId'])
@Index(['campaignId'])
@Index(['channelId'])
export class Booking extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  @Column({ name: 'campaign_id', type: 'int', unsigned: true })
  campaignId: number;

  @Column({ name: 'channel_id', type: 'int', unsigned: true })
  channelId: number;

  @Column({ name: 'booking_name', type: 'varchar', length: 100 })
  bookingName: string;

  @Column({ name: 'booking_type', type: 'tinyint', unsigned: true, default: 1 })
  bookingType: BookingType;

  @Column({ type: 'decimal', precision: 12, scale: 4, default: 0, transformer: decimalToNumber })
  cpm: number;

  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  @Column({ name: 'end_date', type: 'date' })
  endDate: string;

  /** Adtech that sold the booking; null means direct to the broadcaster. */
  @Column({ name: 'publisher_id', type: 'int', unsigned: true, nullable: true })
  publisherId: number | null;

  @Column({ name: 'job_number', type: 'varchar', length: 100, nullable: true })
  jobNumber: string | null;

  @Column({
    name: 'charged_cpm',
    type: 'decimal',
    precision: 12,
    scale: 4,
    nullable: true,
    transformer: decimalToNumber,
  })
  chargedCpm: number | null;

  /** Impressions the booking should deliver over its dates; null when not planned (docs/operations.md#alerts). */
  @Column({ name: 'planned_impressions', type: 'int', unsigned: true, nullable: true })
  plannedImpressions: number | null;
}

@Entity('booking_creative')
@Index(['creativeId'])
export class BookingCreative {
  @PrimaryColumn({ name: 'booking_id', type: 'int', unsigned: true })
  bookingId: number;

  @PrimaryColumn({ name: 'creative_id', type: 'int', unsigned: true })
  creativeId: number;
}
