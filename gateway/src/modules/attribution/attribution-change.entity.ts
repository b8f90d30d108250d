import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** pending: saved, not started; running: history being recomputed; done: in force; superseded: a later change replaced it. */
export type AttributionChangeStatus = 'pending' | 'running' | 'done' | 'superseded';

/**
 * One change of a customer's attribution windows (docs/design.md#attribution-settings): who asked for which
 * touch window W and same-day window S, and the state of the background recompute that puts them in force.
 * The rows are the audit trail too (from -> to, who, when). The settings in force stay on `customer` until the
 * recompute switches them, in one transaction with this row's `done`.
 */
@Entity('attribution_change')
@Index(['customerId', 'id'])
export class AttributionChange {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  /** The windows in force when the change was asked for. */
  @Column({ name: 'from_touch_hours', type: 'smallint', unsigned: true })
  fromTouchHours: number;

  @Column({ name: 'from_same_day_hours', type: 'smallint', unsigned: true })
  fromSameDayHours: number;

  /** The windows asked for. */
  @Column({ name: 'touch_hours', type: 'smallint', unsigned: true })
  touchHours: number;

  @Column({ name: 'same_day_hours', type: 'smallint', unsigned: true })
  sameDayHours: number;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status: AttributionChangeStatus;

  /** Progress of the recompute: days done of days to do (0 of 0 until it starts). */
  @Column({ name: 'days_done', type: 'int', unsigned: true, default: 0 })
  daysDone: number;

  @Column({ name: 'days_total', type: 'int', unsigned: true, default: 0 })
  daysTotal: number;

  /** The user who asked (null for the system). */
  @Column({ name: 'requested_by', type: 'int', unsigned: true, nullable: true })
  requestedBy: number | null;

  @Column({ name: 'requested_at', type: 'datetime', precision: 3, default: () => 'CURRENT_TIMESTAMP(3)' })
  requestedAt: Date;

  @Column({ name: 'started_at', type: 'datetime', precision: 3, nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'datetime', precision: 3, nullable: true })
  finishedAt: Date | null;
}
