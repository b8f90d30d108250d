import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One retention run for one customer (docs/operations.md#retention): what it removed, rows per table. */
@Entity('retention_run')
@Index(['customerId', 'startedAt'])
export class RetentionRun {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'customer_id', type: 'int', unsigned: true })
  customerId: number;

  /** The first local date kept: everything of the days before it was removed. */
  @Column({ name: 'keep_from', type: 'date' })
  keepFrom: string;

  @Column({ name: 'started_at', type: 'datetime', precision: 3 })
  startedAt: Date;

  @Column({ name: 'finished_at', type: 'datetime', precision: 3 })
  finishedAt: Date;

  /** JSON object: table name -> rows deleted. */
  @Column({ type: 'text' })
  removed: string;

  @Column({ name: 'total_rows', type: 'bigint', unsigned: true, default: 0 })
  totalRows: string;
}
