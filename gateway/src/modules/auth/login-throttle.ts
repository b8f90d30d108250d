import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../shared/app-context';
import { DomainError } from '../../shared/errors';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again in 15 minutes.';
export const SIGN_IN_UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again in a minute.';

interface Limiters {
  account: RateLimiterRedis;
  address: RateLimiterRedis;
}

const limiters = new WeakMap<AppContext, Limiters>();

function limitersOf(app: AppContext): Limiters {
  let l = limiters.get(app);
  if (!l) {
    const common = { storeClient: app.redis, duration: FAILED_LOGIN_WINDOW_SECONDS };
    l = {
      account: new RateLimiterRedis({
        ...common,
        keyPrefix: app.keys.of('login-failures'),
        points: MAX_FAILED_LOGINS,
      }),
      address: new RateLimiterRedis({
        ...common,
        keyPrefix: app.keys.of('login-failures-ip'),
        points: app.config.LOGIN_FAILURES_PER_IP,
      }),
    };
    limiters.set(app, l);
  }
  return l;
}

/** rate-limiter-flexible rejects with a RateLimiterRes when points run out; real failures are Errors. */
const isLimit = (e: unknown): e is RateLimiterRes => !(e instanceof Error) && typeof e === 'object' && e !== null;

/**
 * The counters live in Redis. When Redis cannot answer, sign-in fails CLOSED with a 503 (not a 500,
 * and not open): failing open would switch off the brute-force limit for exactly as long as an attacker
 * can keep Redis busy, and a clear 503 tells the user and the monitoring what is wrong.
 */
function unavailable(app: AppContext, e: Error): DomainError {
  app.log.warn({ err: e }, 'login throttle unavailable (Redis): sign-in refused with 503');
  return new DomainError('UNAVAILABLE', SIGN_IN_UNAVAILABLE, undefined, 30);
}

// Per email and address: a guesser is stopped without letting anyone lock a victim out from elsewhere.
const accountKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;

/** A reserved attempt: give it back when the password was right (only failures count). */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

/**
 * Reserves one attempt for this email + address and one for the address BEFORE the password is
 * checked: each reservation is one atomic Redis increment, so 100 parallel guesses verify at most
 * MAX_FAILED_LOGINS passwords (the earlier get-verify-count sequence let every racer through the check).
 * 429 once either budget is spent; GraphQL aliases reach this once each, so they count one by one.
 */
export async function reserveLoginAttempt(app: AppContext, email: string, ip: string): Promise<LoginAttempt> {
  const { account, address } = limitersOf(app);
  const key = accountKey(email, ip);
  const refuse = (res: RateLimiterRes) =>
    new DomainError('TOO_MANY_REQUESTS', TOO_MANY_LOGINS, undefined, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  try {
    await address.consume(ip);
  } catch (e) {
    if (isLimit(e)) throw refuse(e);
    throw unavailable(app, e as Error);
  }
  try {
    await account.consume(key);
  } catch (e) {
    // The address point was not a password check: give it back, and answer for the account.
    await address.reward(ip).catch(() => undefined);
    if (isLimit(e)) throw refuse(e);
    throw unavailable(app, e as Error);
  }
  return {
    async succeeded() {
      // A right password clears the account's count and returns the address's point.
      await Promise.all([account.delete(key), address.reward(ip)]).catch((e: unknown) => {
        throw unavailable(app, e as Error);
      });
    },
  };
}
