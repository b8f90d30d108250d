import type { AppContext } from '../../shared/app-context';
import { leasedRound, startLeasedTask } from '../../shared/leased-task';
import { evaluateAlerts } from './evaluate';

export const ALERT_LEASE = 'alerts';

/**
 * One round of the evaluation task: only the holder of the `alerts` lease evaluates (docs/operations.md#alerts),
 * so however many gateways and workers run, each condition opens one episode and each mail goes once. The
 * round is recorded in `alert_run`. Answers whether this process evaluated.
 */
export async function alertRound(app: AppContext, owner: string, leaseMs: number, now = new Date()): Promise<boolean> {
  return leasedRound(app, ALERT_LEASE, owner, leaseMs, () => evaluateRound(app, owner, now));
}

async function evaluateRound(app: AppContext, owner: string, now: Date): Promise<void> {
  const started = new Date();
  try {
    const r = await evaluateAlerts(app, now);
    await app.ds.query(
      "INSERT INTO alert_run (owner, started_at, opened, resolved, mailed, result) VALUES (?, ?, ?, ?, ?, 'ok')",
      [owner, started, r.opened, r.resolved, r.mailed],
    );
  } catch (e) {
    app.log.error({ err: e }, 'alert evaluation failed');
    await app.ds
      .query('INSERT INTO alert_run (owner, started_at, result) VALUES (?, ?, ?)', [
        owner,
        started,
        `error: ${(e as Error).message}`.slice(0, 300),
      ])
      .catch(() => undefined);
  }
}

/** The background task (GatewayModule.tasks): a round every ALERT_INTERVAL_MS (default a minute), the first one interval after start. */
export async function startAlertTask(app: AppContext): Promise<() => Promise<void>> {
  const every = Number(process.env.ALERT_INTERVAL_MS ?? 60_000);
  // The lease outlives two intervals: a slow round keeps it, a dead process loses it within two.
  return startLeasedTask(app, {
    lease: ALERT_LEASE,
    everyMs: every,
    round: (owner) => evaluateRound(app, owner, new Date()),
  });
}
