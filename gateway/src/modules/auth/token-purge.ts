import type { AppContext } from '../../shared/app-context';

/** How often the worker clears expired session and email-link tokens. */
export const TOKEN_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Spent email links are kept this long for support questions ("I clicked it twice"), then removed. */
export const SPENT_LINK_KEEP_DAYS = 7;
const BATCH = 5000;

async function deleteInBatches(app: AppContext, sql: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const res = (await app.ds.query(`${sql} LIMIT ${BATCH}`, params)) as { affectedRows: number };
    total += res.affectedRows;
    if (res.affectedRows < BATCH) return total;
  }
}

/**
 * Deletes refresh tokens past their expiry (revoked or not: none of them can be spent any more) and
 * one-time tokens that expired or were spent more than SPENT_LINK_KEEP_DAYS ago. Small batches, so a
 * large backlog never holds long locks on the tables sign-in uses.
 */
export async function purgeExpiredTokens(
  app: AppContext,
  now = new Date(),
): Promise<{ refresh: number; oneTime: number }> {
  const refresh = await deleteInBatches(app, 'DELETE FROM refresh_token WHERE expires_at <= ?', [now]);
  const spentBefore = new Date(now.getTime() - SPENT_LINK_KEEP_DAYS * 24 * 3600 * 1000);
  const oneTime = await deleteInBatches(app, 'DELETE FROM one_time_token WHERE expires_at <= ? OR used_at <= ?', [
    now,
    spentBefore,
  ]);
  return { refresh, oneTime };
}

/** Background task: purge once at start, then every TOKEN_PURGE_INTERVAL_MS. */
export async function startTokenPurge(app: AppContext): Promise<() => Promise<void>> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = purgeExpiredTokens(app).then(
      (n) => {
        if (n.refresh || n.oneTime) app.log.info(n, 'expired tokens purged');
      },
      (err: unknown) => app.log.warn({ err }, 'token purge failed; retried at the next interval'),
    );
  };
  run();
  const timer = setInterval(run, TOKEN_PURGE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
