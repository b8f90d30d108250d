import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../shared/app-context';
import { DomainError } from '../../shared/errors';

/** At most this many reset emails per address per hour: the form cannot be used to flood an inbox. */
export const RESET_EMAILS_PER_HOUR = 5;
export const RESET_UNAVAILABLE = 'Password reset is temporarily unavailable. Please try again in a minute.';
export const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';

interface Limiters {
  email: RateLimiterRedis;
  address: RateLimiterRedis;
}
const limiters = new WeakMap<AppContext, Limiters>();

function limitersOf(app: AppContext): Limiters {
  let l = limiters.get(app);
  if (!l) {
    const common = { storeClient: app.redis, duration: 60 * 60 };
    l = {
      email: new RateLimiterRedis({ ...common, keyPrefix: app.keys.of('reset-emails'), points: RESET_EMAILS_PER_HOUR }),
      address: new RateLimiterRedis({
        ...common,
        keyPrefix: app.keys.of('reset-requests-ip'),
        points: app.config.RESET_REQUESTS_PER_IP,
      }),
    };
    limiters.set(app, l);
  }
  return l;
}

function unavailable(app: AppContext, e: unknown): DomainError {
  // Redis down: 503 rather than 500 (and no unlimited reset emails while the counter is blind).
  app.log.warn({ err: e }, 'reset email throttle unavailable (Redis)');
  return new DomainError('UNAVAILABLE', RESET_UNAVAILABLE, undefined, 30);
}

/**
 * True when another reset email may go to this address now (and counts it). Both counters are atomic
 * Redis increments taken before anything is looked up. An address asking for more than
 * RESET_REQUESTS_PER_IP emails an hour, whatever the emails, gets a 429 (that tells nothing about any
 * account); an email over its own limit gets the usual answer without an email.
 */
export async function mayEmailReset(app: AppContext, email: string, ip: string): Promise<boolean> {
  const { email: perEmail, address } = limitersOf(app);
  await address.consume(ip).catch((e: unknown) => {
    if (e instanceof Error) throw unavailable(app, e);
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      TOO_MANY_RESETS,
      undefined,
      Math.max(1, Math.ceil((e as RateLimiterRes).msBeforeNext / 1000)),
    );
  });
  return perEmail.consume(email).then(
    () => true,
    (e: unknown) => {
      if (e instanceof Error) throw unavailable(app, e);
      return false;
    },
  );
}
