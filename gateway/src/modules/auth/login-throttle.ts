import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { AppContext } from '../../shared/app-context';
import { DomainError } from '../../shared/errors';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

const limiters = new WeakMap<AppContext, RateLimiterRedis>();

function limiterOf(app: AppContext): RateLimiterRedis {
  let limiter = limiters.get(app);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: app.redis,
      keyPrefix: app.keys.of('login-failures'),
      points: MAX_FAILED_LOGINS,
      duration: FAILED_LOGIN_WINDOW_SECONDS,
    });
    limiters.set(app, limiter);
  }
  return limiter;
}

export const SIGN_IN_UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again in a minute.';

/**
 * The failure counter lives in Redis. When Redis cannot answer, sign-in fails CLOSED with a 503 (not a
 * 500, and not open): failing open would switch off the brute-force limit for exactly as long as an
 * attacker can keep Redis busy, and a clear 503 tells the user and the monitoring what is wrong.
 * rate-limiter-flexible rejects with a plain object when points run out; real failures are Errors.
 */
async function counted<T>(app: AppContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    app.log.warn({ err: e }, 'login throttle unavailable (Redis): sign-in refused with 503');
    throw new DomainError('UNAVAILABLE', SIGN_IN_UNAVAILABLE, undefined, 30);
  }
}

// Per email and address: a guesser is stopped without letting anyone lock a victim out from elsewhere.
const keyOf = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;

/** 429 once this email + address has failed MAX_FAILED_LOGINS times within the window. */
export async function assertLoginAllowed(app: AppContext, email: string, ip: string): Promise<void> {
  const res = await counted(app, () => limiterOf(app).get(keyOf(email, ip)));
  if (res && res.consumedPoints >= MAX_FAILED_LOGINS) {
    throw new DomainError(
      'TOO_MANY_REQUESTS',
      'Too many failed login attempts. Please try again in 15 minutes.',
      undefined,
      Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    );
  }
}

export async function recordLoginFailure(app: AppContext, email: string, ip: string): Promise<void> {
  // consume() rejects once the points are spent; the counter has still moved, which is all we need.
  await counted(app, () =>
    limiterOf(app)
      .consume(keyOf(email, ip))
      .catch((e: unknown) => {
        if (e instanceof Error) throw e;
      }),
  );
}

export async function clearLoginFailures(app: AppContext, email: string, ip: string): Promise<void> {
  await counted(app, () => limiterOf(app).delete(keyOf(email, ip)));
}
