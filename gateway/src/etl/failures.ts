/** Which failures of a batch pass with time (retried) and which never will (dead letters after a few tries). */

/** Lock conflicts: the batch is redone at once (short back-off). */
export const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/** Server answers that pass with time (load, limits, a restart): retried, never dead-lettered. */
const TRANSIENT_SQL = new Set([
  'ER_LOCK_DEADLOCK',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_TABLE_FULL',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_QUERY_INTERRUPTED',
  'ER_CONNECTION_KILLED',
  'ER_OPTION_PREVENTS_STATEMENT',
  'ER_READ_ONLY_MODE',
  'ER_OUT_OF_RESOURCES',
  'ER_OUTOFMEMORY',
  'ER_DISK_FULL',
  'ER_RECORD_FILE_FULL',
  'ER_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
]);

/**
 * Whether a failed batch would fail again however often it is retried: the database answered with an
 * error about the data or the statement (not a connection loss or a load limit), or the batch broke the
 * code (a TypeError from a malformed entry). MySQL or Redis being away is never non-transient.
 */
export function isNonTransient(e: unknown): boolean {
  if (e instanceof TypeError || e instanceof RangeError || e instanceof SyntaxError) return true;
  const x = e as { driverError?: unknown; sqlState?: unknown; fatal?: unknown; code?: unknown } | null;
  const d = (x?.driverError ?? x) as { sqlState?: unknown; fatal?: unknown; code?: unknown } | null;
  if (!d || typeof d.sqlState !== 'string' || d.fatal) return false;
  return !d.sqlState.startsWith('08') && !TRANSIENT_SQL.has(String(d.code));
}
