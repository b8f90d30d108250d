import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../shared/app-context';
import { evaluateAlerts } from './evaluate';
import { releaseLease, takeLease } from './lease';

export const ALERT_LEASE = 'alerts';

/**
 * One round of the evaluation task: only the holder of the `alerts` lease evaluates (docs/operations.md#alerts),
 * so however many gateways and workers run, each condition opens one episode and each mail goes once. The
 * round is recorded in `alert_run`. Answers whether this process evaluated.
 */
export async function alertRound(app: AppContext, owner: string, leaseMs: number, now = new Date()): Promise<boolean> {
  if (!(await takeLease(app.ds, ALERT_LEASE, owner, leaseMs))) return false;
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
  return true;
}

/** The background task (GatewayModule.tasks): a round every ALERT_INTERVAL_MS (default a minute), the first one interval after start. */
export async function startAlertTask(app: AppContext): Promise<() => Promise<void>> {
  const every = Number(process.env.ALERT_INTERVAL_MS ?? 60_000);
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    // The lease outlives two intervals: a slow round keeps it, a dead process loses it within two.
    running = alertRound(app, owner, every * 2).catch((e) => app.log.error({ err: e }, 'alert round failed'));
  };
  const timer = setInterval(tick, every);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await releaseLease(app.ds, ALERT_LEASE, owner).catch(() => undefined);
  };
}
