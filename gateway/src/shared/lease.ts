import type { DataSource } from 'typeorm';

/**
 * A database lease (docs/operations.md#alerts): the one process whose name is in `task_lease` until its
 * expiry runs the task; every other process skips that round. Times are the database's own clock, so
 * processes with skewed clocks still agree. The holder renews by taking it again before it expires.
 */
export async function takeLease(ds: DataSource, name: string, owner: string, ms: number): Promise<boolean> {
  await ensureLeaseRow(ds, name);
  const res: { affectedRows?: number } = await ds.query(
    `UPDATE task_lease SET owner = ?, expires_at = NOW(3) + INTERVAL ? MICROSECOND
     WHERE name = ? AND (owner = ? OR expires_at < NOW(3))`,
    [owner, Math.round(ms * 1000), name, owner],
  );
  return Number(res.affectedRows ?? 0) === 1;
}

/** The lease's row, free, when it is not there yet (a row to take, or to hold FOR UPDATE as a lock). */
export async function ensureLeaseRow(ds: DataSource, name: string): Promise<void> {
  await ds.query("INSERT IGNORE INTO task_lease (name, owner, expires_at) VALUES (?, '', '2000-01-01 00:00:00.000')", [
    name,
  ]);
}

/** Gives the lease up (a clean stop), so another process takes it at once. */
export async function releaseLease(ds: DataSource, name: string, owner: string): Promise<void> {
  await ds.query("UPDATE task_lease SET expires_at = '2000-01-01 00:00:00.000' WHERE name = ? AND owner = ?", [
    name,
    owner,
  ]);
}
