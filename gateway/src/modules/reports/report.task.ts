import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../shared/app-context';
import { releaseLease, takeLease } from '../alerts/lease';
import { runDueReports } from './report.service';

export const REPORT_LEASE = 'reports';

/** One scheduler round under the `reports` database lease (docs/operations.md#scheduled-reports). */
export async function reportRound(app: AppContext, owner: string, leaseMs: number, now = new Date()): Promise<boolean> {
  if (!(await takeLease(app.ds, REPORT_LEASE, owner, leaseMs))) return false;
  try {
    await runDueReports(app, now);
  } catch (e) {
    app.log.error({ err: e }, 'report round failed');
  }
  return true;
}

/** The background task: a round every REPORT_INTERVAL_MS (default a minute), the first one interval after start. */
export async function startReportTask(app: AppContext): Promise<() => Promise<void>> {
  const every = Number(process.env.REPORT_INTERVAL_MS ?? 60_000);
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = reportRound(app, owner, every * 2).catch((e) => app.log.error({ err: e }, 'report round failed'));
  };
  const timer = setInterval(tick, every);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await releaseLease(app.ds, REPORT_LEASE, owner).catch(() => undefined);
  };
}
