import { Column, CreateDateColumn, UpdateDateColumn, ValueTransformer } from 'typeorm';

/** DECIMAL comes back from mysql2 as a string; the API answers JSON numbers (docs/design.md#visits-and-attribution). */
export const decimalToNumber: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null || v === undefined ? null : Number(v)),
};

/** Business records carry who created them and when (issue: foundation). */
export abstract class Audited {
  @Column({ name: 'created_by', type: 'int', unsigned: true, nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3, default: () => 'CURRENT_TIMESTAMP(3)' })
  createdAt: Date;

  @UpdateDateColumn({
    name: 'updated_at',
    type: 'datetime',
    precision: 3,
    default: () => 'CURRENT_TIMESTAMP(3)',
    onUpdate: 'CURRENT_TIMESTAMP(3)',
  })
  updatedAt: Date;
}
