import type { AppContext } from '../../shared/app-context';
import { leasedRound, startLeasedTask } from '../../shared/leased-task';
import { runDueReports } from './report.service';

export const REPORT_LEASE = 'reports';

/** One scheduler round under the `reports` database lease (docs/operations.md#scheduled-reports). */
export async function reportRound(app: AppContext, owner: string, leaseMs: number, now = new Date()): Promise<boolean> {
  return leasedRound(app, REPORT_LEASE, owner, leaseMs, () => dueReports(app, now));
}

async function dueReports(app: AppContext, now: Date): Promise<void> {
  try {
    await runDueReports(app, now);
  } catch (e) {
    app.log.error({ err: e }, 'report round failed');
  }
}

/** The background task: a round every REPORT_INTERVAL_MS (default a minute), the first one interval after start. */
export async function startReportTask(app: AppContext): Promise<() => Promise<void>> {
  const every = Number(process.env.REPORT_INTERVAL_MS ?? 60_000);
  return startLeasedTask(app, { lease: REPORT_LEASE, everyMs: every, round: () => dueReports(app, new Date()) });
}
