import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A user's named dashboard selection (docs/api.md#saved-views): the dashboard address's query string (customer,
 * dates, filters, view), which is the whole selection. A user sees and changes only their own.
 */
@Entity('saved_view')
@Index(['userId', 'name'], { unique: true })
export class SavedView {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id: number;

  @Column({ name: 'user_id', type: 'int', unsigned: true })
  userId: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The address's query string without '?', as URLSearchParams writes it. */
  @Column({ type: 'varchar', length: 2000 })
  query: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3, default: () => 'CURRENT_TIMESTAMP(3)' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3, default: () => 'CURRENT_TIMESTAMP(3)' })
  updatedAt: Date;
}
