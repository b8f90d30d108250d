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

// Per email and address: a guesser is stopped without letting anyone lock a victim out from elsewhere.
const keyOf = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;

/** 429 once this email + address has failed MAX_FAILED_LOGINS times within the window. */
export async function assertLoginAllowed(app: AppContext, email: string, ip: string): Promise<void> {
  const res = await limiterOf(app).get(keyOf(email, ip));
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
  await limiterOf(app)
    .consume(keyOf(email, ip))
    .catch((e: unknown) => {
      if (e instanceof Error) throw e;
    });
}

export async function clearLoginFailures(app: AppContext, email: string, ip: string): Promise<void> {
  await limiterOf(app).delete(keyOf(email, ip));
}
