import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from './app-context';
import { releaseLease, takeLease } from './lease';

/** A process's name in `task_lease`: host, pid and a random part, so two tasks in one process differ too. */
export function leaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * One round under a database lease: runs `work` only if `owner` holds (or takes) the lease `name` for `leaseMs`,
 * and renews the lease every third of `leaseMs` while the work runs, so a round slower than the lease is not
 * joined by another process's (it was: two schedulers with a 100 ms lease and 80 ms rounds ran one job twice).
 * Answers whether it ran. A failing round is the caller's to record; this only holds the lease.
 */
export async function leasedRound(
  app: Pick<AppContext, 'ds'>,
  name: string,
  owner: string,
  leaseMs: number,
  work: () => Promise<unknown>,
): Promise<boolean> {
  if (!(await takeLease(app.ds, name, owner, leaseMs))) return false;
  let renewing: Promise<unknown> = Promise.resolve();
  const renew = setInterval(
    () => {
      renewing = takeLease(app.ds, name, owner, leaseMs).catch(() => undefined);
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  renew.unref();
  try {
    await work();
  } finally {
    clearInterval(renew);
    await renewing;
  }
  return true;
}

export interface LeasedTaskOptions {
  /** The lease's name in `task_lease`: one holder across every gateway and worker on the database. */
  lease: string;
  /** Milliseconds between the end of one round and the start of the next; the first round is one interval after start. */
  everyMs: number;
  /** When the first round comes, if not one interval after start (an hourly task whose process restarts often). */
  firstAfterMs?: number;
  /** How long a taken lease lasts; it must outlive a round and an interval, so the holder keeps it (default two intervals). */
  leaseMs?: number;
  /** The round's work, run only while this process holds the lease. */
  round: (owner: string) => Promise<unknown>;
  /** What a failed round logs at: `warn` for rounds whose failure the next round repairs (default `error`). */
  failLevel?: 'warn' | 'error';
  /** The owner's name (tests); default host:pid:random. */
  owner?: string;
}

/**
 * The leased periodic task (GatewayModule.tasks; docs/operations.md#leased-tasks): a round every `everyMs`,
 * run only by the process holding the lease, so however many gateways and workers run, one runs each round.
 * The next round is timed from the end of the last, so rounds never overlap in a process; a failed round is
 * logged and the next one tries again. The stop function waits for a running round and gives the lease up, so
 * another process takes it at once. A round does the work that is due at its time (and records what it did),
 * so a restart after downtime catches a missed run up once, in its first round.
 */
export function startLeasedTask(app: Pick<AppContext, 'ds' | 'log'>, o: LeasedTaskOptions): () => Promise<void> {
  const owner = o.owner ?? leaseOwner();
  const leaseMs = o.leaseMs ?? o.everyMs * 2;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      await leasedRound(app, o.lease, owner, leaseMs, () => o.round(owner));
    } catch (e) {
      app.log[o.failLevel ?? 'error']({ err: e, lease: o.lease }, `${o.lease} round failed`);
    }
    if (!stopped) timer = setTimeout(tick, o.everyMs).unref();
  };
  const tick = () => {
    running = round();
  };
  timer = setTimeout(tick, o.firstAfterMs ?? o.everyMs).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await releaseLease(app.ds, o.lease, owner).catch(() => undefined);
  };
}
