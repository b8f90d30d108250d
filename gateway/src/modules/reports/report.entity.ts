import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Audited } from '../../db/columns';

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/**
 * A scheduled report of a customer (docs/operations.md#scheduled-reports): weekly on an ISO weekday (1 Monday
 * .. 7 Sunday) or monthly on a day of the month (1..28), at an hour of its time zone.
 */
@Entity('report_schedule')
@Index(['customerId'])
export class ReportSchedule extends Audited {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  @Column({ type: 'varchar', length: 8 })
  frequency: ReportFrequency;

  @Column({ type: 'tinyint', unsigned: true })
  day: number;

  @Column({ type: 'tinyint', unsigned: true })
  hour: number;

  @Column({ name: 'time_zone', type: 'varchar', length: 64 })
  timeZone: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;
}

@Entity('report_recipient')
@Index(['userId'])
export class ReportRecipient {
  @PrimaryColumn({ name: 'schedule_id', type: 'int', unsigned: true })
  scheduleId: number;

  @PrimaryColumn({ name: 'user_id', type: 'int', unsigned: true })
  userId: number;
}

/** One report of one period to one recipient: the key makes each go once, however many schedulers run. */
@Entity('report_send')
export class ReportSend {
  @PrimaryColumn({ name: 'schedule_id', type: 'int', unsigned: true })
  scheduleId: number;

  @PrimaryColumn({ name: 'period_start', type: 'date' })
  periodStart: string;

  @PrimaryColumn({ name: 'user_id', type: 'int', unsigned: true })
  userId: number;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'sent_at', type: 'datetime', precision: 3, nullable: true })
  sentAt: Date | null;

  @Column({ type: 'varchar', length: 300 })
  result: string;
}
