/** docs/design.md#reach-frequency-and-lift: `"control": true` marks a holdout impression in bulk ingest; anything else is refused. */
export function controlProblem(e: Record<string, unknown>): string | null {
  if (e.control === undefined || e.control === false) return null;
  if (e.control !== true) return 'control must be true or false';
  if (e.type !== 'impression') return 'control is only for impressions';
  return null;
}
