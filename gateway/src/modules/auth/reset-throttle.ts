import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { AppContext } from '../../shared/app-context';
import { DomainError } from '../../shared/errors';

/** At most this many reset emails per address per hour: the form cannot be used to flood an inbox. */
export const RESET_EMAILS_PER_HOUR = 5;
export const RESET_UNAVAILABLE = 'Password reset is temporarily unavailable. Please try again in a minute.';

const limiters = new WeakMap<AppContext, RateLimiterRedis>();

/** True when another reset email may go to this address now (and counts it). */
export async function mayEmailReset(app: AppContext, email: string): Promise<boolean> {
  let limiter = limiters.get(app);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: app.redis,
      keyPrefix: app.keys.of('reset-emails'),
      points: RESET_EMAILS_PER_HOUR,
      duration: 60 * 60,
    });
    limiters.set(app, limiter);
  }
  return limiter.consume(email).then(
    () => true,
    (e: unknown) => {
      if (!(e instanceof Error)) return false;
      // Redis down: 503 rather than 500 (and no unlimited reset emails while the counter is blind).
      app.log.warn({ err: e }, 'reset email throttle unavailable (Redis)');
      throw new DomainError('UNAVAILABLE', RESET_UNAVAILABLE, undefined, 30);
    },
  );
}
